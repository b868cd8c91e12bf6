// The machine key: 32 random bytes that key the records' chain and the mirror, kept in a file
// outside the data folder (only the cabinet's user reads it), so that a copy of the database is
// worth nothing on another machine and cannot be re-signed by whoever edits it. The file holds
// the key as 64 hexadecimal digits and a newline, so it can be written down or printed for the
// venue's safe. A database records the key's fingerprint, never the key.

import { createHmac, randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { StoreError } from './database';

export interface MachineKey {
  readonly bytes: Buffer;
  /** HMAC of a fixed label under the key: names the key without giving it away. */
  readonly fingerprint: string;
}

const KEY_TEXT = /^([0-9a-f]{64})\n?$/;

export function machineKey(bytes: Buffer): MachineKey {
  if (bytes.length !== 32) throw new StoreError(`a machine key has 32 bytes, not ${bytes.length}`);
  return {
    bytes,
    fingerprint: createHmac('sha256', bytes).update('poker-cabinet machine key fingerprint').digest('hex'),
  };
}

/** The first 16 digits: enough to tell keys apart in a message. */
export const shortFingerprint = (fingerprint: string): string => fingerprint.slice(0, 16);

/** Reads the key file; a missing, malformed or too widely readable file is refused by name. */
export function readMachineKey(path: string): MachineKey {
  let text: string;
  let mode: number;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new StoreError(
      code === 'ENOENT'
        ? `the machine key ${path} is missing`
        : `the machine key ${path} cannot be read: ${(e as Error).message}`,
    );
  }
  if ((mode & 0o077) !== 0) {
    throw new StoreError(
      `the machine key ${path} is readable by others (mode ${(mode & 0o777).toString(8)}); make it the cabinet user's alone: chmod 600 ${path}`,
    );
  }
  const hex = KEY_TEXT.exec(text)?.[1];
  if (hex === undefined) throw new StoreError(`${path} is not a machine key (64 hexadecimal digits)`);
  return machineKey(Buffer.from(hex, 'hex'));
}

/**
 * Makes a new key file, mode 0600, written whole and synced before it appears under its name
 * (linked into place, so two starts racing never both make one: the second reads the first's).
 */
export function createMachineKey(path: string): MachineKey {
  const dir = dirname(path);
  const temp = `${path}.${process.pid}.new`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(temp, path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const d = openSync(dir, 'r');
    try {
      fsyncSync(d);
    } finally {
      closeSync(d);
    }
  } catch (e) {
    throw new StoreError(`the machine key ${path} cannot be created: ${(e as Error).message}`);
  } finally {
    rmSync(temp, { force: true });
  }
  return readMachineKey(path);
}
