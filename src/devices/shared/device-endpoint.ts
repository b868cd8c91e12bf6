// The device side of a line, as a simulator sees it: bytes out, bytes in. The in-memory link
// and a real (pseudo-terminal) port both provide one, so a simulator never knows which it has.

export interface DeviceEndpoint {
  write(bytes: Uint8Array): void;
  /** Returns a function that unsubscribes. */
  onData(listener: (bytes: Buffer) => void): () => void;
  close(): Promise<void>;
}
