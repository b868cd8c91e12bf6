// What the main process needs of the running app, and how it asks for one. The port has the
// shape of the host's CabinetPort (src/host/cabinet-port.ts, checked by a type test), declared
// here because main may not import host; the app's factory returns the same object to both.

import type { Snapshot, Wish } from '../contract';

export type WishAnswer = { ok: true } | { ok: false; rule: string; reason: string };

export interface ShellPort {
  snapshot(): Snapshot;
  onSnapshot(listener: (snapshot: Snapshot) => void): () => void;
  /** `version` is the snapshot version the wish was made against (stale ones are refused). */
  wish(version: number, wish: Wish): Promise<WishAnswer>;
  /** C-22: a message the screen sent that is not in the contract; logged by the cabinet. */
  refuseMalformed(reason: string, carrier: string): void;
}

export interface CabinetLinkOptions {
  /** Folder for the database and its WAL files (see data-dir.ts). */
  dataDir: string;
  /** The operator's config file, when one was named or found. */
  configFile: string | null;
  /** The command line after Electron's own arguments, for the app's own switches. */
  argv: readonly string[];
  log(line: string): void;
}

export interface CabinetLink {
  port: ShellPort;
  /** Stops devices and closes the database; called once when the app quits. */
  close(): Promise<void>;
  /** The operator's screen settings from the config (C-20: touch cabinets hide the pointer). */
  display?: { hideCursor?: boolean };
}

export type CreateCabinetPort = (options: CabinetLinkOptions) => Promise<CabinetLink>;
