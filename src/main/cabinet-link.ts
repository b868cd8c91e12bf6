// What the main process needs of the running app, and how it asks for one: the same port the
// host's WebSocket carrier uses (src/contract/cabinet-port.ts).

import type { CabinetPort } from '../contract';

/** The port both carriers use, declared with the contract. */
export type { CabinetPort as ShellPort, WishAnswer } from '../contract';

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
  port: CabinetPort;
  /** Stops devices and closes the database; called once when the app quits. */
  close(): Promise<void>;
  /** The operator's screen settings from the config (C-20: touch cabinets hide the pointer). */
  display?: { hideCursor?: boolean };
}

export type CreateCabinetPort = (options: CabinetLinkOptions) => Promise<CabinetLink>;
