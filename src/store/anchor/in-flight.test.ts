// The pipelined advance (records-anchor.ts): a commit that moves money only within the cabinet
// (a deal) returns while the TPM still works on its advance, and a SIGKILL in that moment must
// read as the crash it is. The cabinet's store runs in a process of its own
// (testing/anchored-child.ts); the software TPM is stopped (SIGSTOP) before the deal, so the
// advance is certainly still out when the process is killed, then killed itself, so that it is
// certainly lost: the records stand one ahead of the counter (two, when a second commit was made
// while the first advance was out), and the next start finishes the advances instead of
// refusing them.

import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMachineKey } from '../machine-key';
import { Bench, dataPath, testMachine } from '../testing/store-rig';
import { startSwtpm, type Swtpm } from '../testing/swtpm';
import { readCounter } from './nv-counter';

const CHILD = fileURLToPath(new URL('../testing/anchored-child.ts', import.meta.url));
const INDEX = 0x01800a40;

interface Said {
  what: string;
  records: number | null;
  inFlight: boolean;
}

/** The child's lines, one at a time as it says them. */
function lines(child: ChildProcess): () => Promise<Said> {
  const waiting: ((s: Said) => void)[] = [];
  const said: Said[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const s = JSON.parse(line) as Said;
    const w = waiting.shift();
    if (w) w(s);
    else said.push(s);
  });
  return () => {
    const s = said.shift();
    return s ? Promise.resolve(s) : new Promise((resolve) => waiting.push(resolve));
  };
}

describe("a SIGKILL while the counter's advance is in flight", () => {
  let dir: string;
  let tpm: Swtpm;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-in-flight-'));
    tpm = await startSwtpm(join(dir, 'tpm'));
  });
  afterAll(async () => {
    await tpm.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the records one ahead of the counter, which the next start finishes: never a rollback', async () => {
    const path = dataPath(dir);
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, tpm.tctiText, String(INDEX)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let before = -1;
    try {
      const next = lines(child);
      const noted = await next();
      expect(noted).toMatchObject({ what: 'noted', inFlight: false });
      before = noted.records!;
      expect(before).toBeGreaterThan(0);

      // The TPM takes no command from here on: the deal's advance cannot land.
      process.kill(tpm.pid!, 'SIGSTOP');
      child.stdin!.write('deal\n');
      const dealt = await next();
      // The commit returned with its advance still out: the records one ahead, on the disk.
      expect(dealt).toEqual({ what: 'dealt', records: before + 1, inFlight: true });
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
      // The command it sent dies with the TPM's process; the TPM's state stays.
      if (tpm.pid) process.kill(tpm.pid, 'SIGKILL');
      await tpm.restart();
    }

    const key = readMachineKey(testMachine(dir).keyFile);
    const counter = readCounter(tpm.tcti, key, INDEX);
    expect(counter).toEqual({ found: 'value', value: expect.any(Number) });
    const at = counter.found === 'value' ? counter.value : -1;
    // The advance never landed: the counter stands where the note left it.
    expect(at).toBe(before);

    const again = new Bench(path, { anchor: { kind: 'tpm', tcti: tpm.tcti, index: INDEX, advanceEveryMs: 0 } });
    expect(again.store.records.ok).toBe(true);
    // The deal resumes with its cards; the counter came to the records' value.
    expect(again.rig.state.game?.core.phase).toBe('holding');
    const records = again.store.reader.anchorValue()!;
    expect(records).toBe(at + 1);
    expect(again.store.anchorStatus).toMatchObject({ records, counter: records });
    again.wish({ type: 'draw' });
    const caught = again.store.reader.events().filter((e) => e.kind === 'records' && e.data.event === 'anchorCaughtUp');
    expect(caught.map((e) => [e.data.from, e.data.to])).toEqual([[at, at + 1]]);
    again.store.close();
    expect(readCounter(tpm.tcti, key, INDEX)).toEqual({ found: 'value', value: records + 1 });
  });
  it('leaves the records two ahead when a second commit was made while the advance was out; the next start finishes both', async () => {
    // A machine of its own: its key and mirror beside its database.
    const machine = join(dir, 'second');
    const path = dataPath(machine);
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, tpm.tctiText, String(INDEX + 1)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let before = -1;
    try {
      const next = lines(child);
      const noted = await next();
      before = noted.records!;
      process.kill(tpm.pid!, 'SIGSTOP');
      child.stdin!.write('deal and draw\n');
      expect(await next()).toEqual({ what: 'dealt', records: before + 1, inFlight: true });
      // The draw's commit reaches the disk, recording the value after the deal's, while the child
      // waits for the stopped TPM's answer to the deal's advance.
      const last = () => {
        const db = new Database(path, { readonly: true, fileMustExist: true });
        try {
          return (db.prepare('SELECT anchor FROM commits ORDER BY seq DESC LIMIT 1').get() as { anchor: number })
            .anchor;
        } finally {
          db.close();
        }
      };
      const limit = Date.now() + 3000;
      while (last() !== before + 2 && Date.now() < limit) await new Promise((r) => setTimeout(r, 5));
      expect(last()).toBe(before + 2);
      child.kill('SIGKILL');
      await exited;
    } finally {
      child.kill('SIGKILL');
      if (tpm.pid) process.kill(tpm.pid, 'SIGKILL');
      await tpm.restart();
    }
    const key = readMachineKey(testMachine(machine).keyFile);
    expect(readCounter(tpm.tcti, key, INDEX + 1)).toEqual({ found: 'value', value: before });

    const again = new Bench(path, { anchor: { kind: 'tpm', tcti: tpm.tcti, index: INDEX + 1, advanceEveryMs: 0 } });
    expect(again.store.records).toMatchObject({ ok: true });
    expect(again.store.anchorStatus).toMatchObject({ records: before + 2, counter: before + 2 });
    again.wish({ type: 'deal', bet: 1 });
    const caught = again.store.reader.events().filter((e) => e.kind === 'records' && e.data.event === 'anchorCaughtUp');
    expect(caught.map((e) => [e.data.from, e.data.to])).toEqual([[before, before + 2]]);
    again.store.close();
    expect(readCounter(tpm.tcti, key, INDEX + 1)).toEqual({ found: 'value', value: before + 3 });
  });
});
