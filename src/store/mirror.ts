// The mirror of critical memory: after each commit, a small keyed record of it (the commit and
// the chain's head, the balance, the lifetime meters with their SAS codes, the last voucher
// sequence number, the TPM counter's value) in a second place, a different device in deployment. At start the database
// must not be behind it: a restored copy, or one whose -wal was removed, is.
//
// The record is written into one of two fixed slots of one file, the older one, in place: a
// reader takes the newest slot whose MAC verifies, so a write cut short by a power cut leaves the
// previous record, never none or half of one; the replacement is atomic without a rename (which
// costs as much as the commit itself on ext4). Writes are synced to the device only when a
// voucher number is issued or money is paid by hand (the journal says when); otherwise a power
// cut may lose the last few, and the database is then ahead of the mirror, which is accepted
// when its chain continues from the mirror's head.

import { createHmac } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { StoreError } from './database';
import type { MachineKey } from './machine-key';

export const MIRROR_FILE = 'critical-memory.mirror';
const SLOT = 16384;
const FORMAT = 1;

export interface MirrorMeter {
  name: string;
  /** The SAS meter code, where one exists. */
  code: string | null;
  value: number;
}

export interface MirrorRecord {
  format: number;
  fingerprint: string;
  machine: string;
  /** The commit it mirrors, and that commit's MAC: the chain's head. */
  commit: number;
  head: string;
  at: number;
  balance: number;
  currency: string;
  minorDigits: number;
  voucherSequence: number;
  /** The TPM counter's value the commit was made at (absent in records written before the anchor, or null: none). */
  anchor?: number | null;
  lifetime: MirrorMeter[];
}

export type MirrorRead =
  { found: 'none' } | { found: 'unreadable'; problem: string } | { found: 'record'; record: MirrorRecord };

const mac = (key: MachineKey, body: string): string =>
  createHmac('sha256', key.bytes).update(`mirror\n${body}`).digest('hex');

function slotRecord(bytes: Buffer, key: MachineKey): MirrorRecord | null {
  const end = bytes.indexOf(0x0a);
  if (end <= 0) return null;
  try {
    const { mirror, mac: given } = JSON.parse(bytes.toString('utf8', 0, end)) as { mirror: MirrorRecord; mac: string };
    if (typeof mirror !== 'object' || mirror === null || mirror.format !== FORMAT) return null;
    if (mac(key, JSON.stringify(mirror)) !== given || mirror.fingerprint !== key.fingerprint) return null;
    return mirror;
  } catch {
    return null;
  }
}

/** The mirror's file in its folder; opened when first read or written. */
export class Mirror {
  readonly file: string;
  private fd: number | null = null;
  /** The slot holding the newest record, so the next write goes to the other. */
  private newest = 1;

  constructor(
    readonly folder: string,
    private readonly key: MachineKey,
  ) {
    this.file = join(folder, MIRROR_FILE);
  }

  exists(): boolean {
    return existsSync(this.file);
  }

  /** The newest record whose MAC verifies under this machine's key. */
  read(): MirrorRead {
    if (!this.exists()) return { found: 'none' };
    let fd: number;
    try {
      fd = openSync(this.file, 'r');
    } catch (e) {
      return { found: 'unreadable', problem: (e as Error).message };
    }
    const slots: (MirrorRecord | null)[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const bytes = Buffer.alloc(SLOT);
        const n = readSync(fd, bytes, 0, SLOT, i * SLOT);
        slots.push(slotRecord(bytes.subarray(0, n), this.key));
      }
    } catch (e) {
      return { found: 'unreadable', problem: (e as Error).message };
    } finally {
      closeSync(fd);
    }
    const [a, b] = slots;
    if (!a && !b)
      return { found: 'unreadable', problem: `${this.file} holds no record that verifies under this machine's key` };
    this.newest = !b || (a && a.commit >= b.commit) ? 0 : 1;
    return { found: 'record', record: (this.newest === 0 ? a : b)! };
  }

  /** Writes the record into the older slot; `durable` syncs it to the device before returning. */
  write(record: MirrorRecord, durable: boolean): void {
    const body = JSON.stringify(record);
    // The same text as JSON.stringify({ mirror: record, mac }), the record encoded once.
    const line = Buffer.from(`{"mirror":${body},"mac":"${mac(this.key, body)}"}\n`);
    if (line.length > SLOT)
      throw new StoreError(`the mirror record (${line.length} bytes) does not fit its ${SLOT}-byte slot`);
    const fd = this.open();
    const slot = 1 - this.newest;
    writeSync(fd, line, 0, line.length, slot * SLOT);
    if (durable) fdatasyncSync(fd);
    this.newest = slot;
  }

  private open(): number {
    if (this.fd !== null) return this.fd;
    if (!this.exists()) this.create();
    this.fd = openSync(this.file, 'r+');
    return this.fd;
  }

  /** A new mirror: its folder (the cabinet user's alone) and both slots, made whole before it appears. */
  private create(): void {
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    const temp = `${this.file}.new`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, Buffer.alloc(2 * SLOT), 0, 2 * SLOT, 0);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
    const dir = openSync(this.folder, 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
    this.newest = 1;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
