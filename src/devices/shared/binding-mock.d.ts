// @serialport/binding-mock ships types its package.json "exports" hide from moduleResolution
// "bundler"; this restates the part of them we use.
declare module '@serialport/binding-mock' {
  export interface MockPortBinding {
    readonly isOpen: boolean;
    readonly openOptions: { path: string; baudRate: number } & Record<string, unknown>;
    emitData(data: Buffer | string): void;
    close(): Promise<void>;
    read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }>;
    write(buffer: Buffer): Promise<void>;
    update(options: { baudRate: number }): Promise<void>;
    set(options: Record<string, unknown>): Promise<void>;
    get(): Promise<{ cts: boolean; dsr: boolean; dcd: boolean }>;
    getBaudRate(): Promise<{ baudRate: number }>;
    flush(): Promise<void>;
    drain(): Promise<void>;
  }
  export interface MockBindingInterface {
    reset(): void;
    createPort(path: string, opt?: { echo?: boolean; record?: boolean; maxReadSize?: number }): void;
    list(): Promise<{ path: string }[]>;
    open(options: { path: string; baudRate: number } & Record<string, unknown>): Promise<MockPortBinding>;
  }
  export const MockBinding: MockBindingInterface;
}
