// A process on the same machine: a second cabinet started on the data folder of one that runs.
// Without the lock the second opened the same database, and each went on committing from its own
// state in memory (the first's next note was never credited, and both had the same next voucher
// sequence to number).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from './database';
import { Journal } from './journal';
import { dataPath, testMachine } from './testing/store-rig';
import { writerLockPath } from './writer-lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (path: string) => Journal.open(path, testMachine(dir));

describe('two cabinets on one data folder', () => {
  it('the second is refused while the first has the database open, naming it, and opens once the first closed', () => {
    const path = dataPath(dir);
    const first = open(path);
    try {
      expect(() => open(path)).toThrow(StoreError);
      expect(() => open(path)).toThrow(/open in another cabinet/);
      // The refused opens left the first's database as it was: it still commits.
      expect(first.open).toBe(true);
    } finally {
      first.close();
    }
    const again = open(path);
    again.close();
  });

  it('a cabinet killed with the database open leaves no lock behind', { timeout: 20_000 }, async () => {
    const path = dataPath(dir);
    open(path).close();
    const holder = fileURLToPath(new URL('./testing/hold-journal.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', holder, path, JSON.stringify(testMachine(dir))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((done) => child.on('exit', done));
    await new Promise<void>((opened, failed) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('open') && opened());
      child.on('exit', (code) => failed(new Error(`the holder exited (${code}) before it opened the journal`)));
    });
    expect(() => open(path)).toThrow(/open in another cabinet/);
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(writerLockPath(path))).toBe(true);
    open(path).close();
  });
});
