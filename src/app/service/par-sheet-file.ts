// The par sheets of the tables a cabinet has rated, kept beside its records (issue 38 §3): a file
// in the data folder, the sheets by table digest (src/math/video-poker/parsheet-cache.ts), under
// an HMAC by the machine key. A start finds there every table it met before and works out only a
// table that changed, so it does not grow with the tables installed. A file that does not verify
// (edited, copied from another machine, cut short) is not believed: every sheet in it is worked
// out again and the file written anew. A kept sheet is checked against its table besides.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMachineKey } from '../../store';
import type { ParSheetStore } from '../../math/video-poker/parsheet-cache';
import type { FamilyParSheet } from '../../math/video-poker/parsheet';

export const PAR_SHEET_FILE = 'par-sheets.json';

const mac = (key: Buffer, sheets: Record<string, unknown>): string =>
  createHmac('sha256', key)
    .update(`poker-cabinet par sheets\n${JSON.stringify(sheets)}`)
    .digest('hex');

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export class ParSheetFile implements ParSheetStore {
  private sheets: Record<string, unknown> = {};
  /** Why the file found was not believed; null when it verified or there was none. */
  readonly refused: string | null;

  constructor(
    private readonly path: string,
    private readonly key: Buffer,
  ) {
    this.refused = existsSync(path) ? this.load() : null;
  }

  private load(): string | null {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (e) {
      return `not read: ${(e as Error).message}`;
    }
    if (!isObject(value) || !isObject(value.sheets) || typeof value.mac !== 'string') return 'not a par-sheet file';
    const want = Buffer.from(mac(this.key, value.sheets), 'hex');
    const got = Buffer.from(value.mac, 'hex');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return 'its seal does not verify';
    this.sheets = value.sheets;
    return null;
  }

  get size(): number {
    return Object.keys(this.sheets).length;
  }

  get(digest: string): unknown {
    return Object.hasOwn(this.sheets, digest) ? this.sheets[digest] : undefined;
  }

  set(digest: string, sheet: FamilyParSheet): void {
    this.sheets = { ...this.sheets, [digest]: sheet };
    // Whole or not at all: a start cut short leaves the old file or the new, never half of one.
    // Keeping is a saving, never a condition of play: a folder not there yet (a first start
    // before the journal makes it) or full leaves the sheet to be worked out at the next start.
    const temp = `${this.path}.${process.pid}.new`;
    try {
      writeFileSync(temp, JSON.stringify({ sheets: this.sheets, mac: mac(this.key, this.sheets) }), { mode: 0o600 });
      renameSync(temp, this.path);
    } catch {
      rmSync(temp, { force: true });
    }
  }
}

/**
 * The par-sheet file of a data folder, sealed by the machine key; null while there is no key
 * yet (a first start: the journal makes it) or it cannot be read (the journal says why).
 */
export function parSheetFileIn(dataDir: string, keyFile: string): ParSheetFile | null {
  if (!existsSync(keyFile)) return null;
  try {
    return new ParSheetFile(join(dataDir, PAR_SHEET_FILE), readMachineKey(keyFile).bytes);
  } catch {
    return null;
  }
}
