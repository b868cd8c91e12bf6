// Group commit through the runner (runner.ts batch(), journal.ts endBatchSoon): a batch's steps
// are committed without waiting for the disk, reach it in one sync on libuv's threads, and only
// then is anything they do carried out or shown, in order; a reader of the state from elsewhere
// waits for the disk first.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataPath } from '../store/testing/store-rig';
import { startCabinet } from './cabinet-app';
import { parseConfig } from './config';
import { LedgerDevices } from './sim/ledger-devices';
import { HeldDevices } from './testing/held-devices';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-group-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A cabinet on its own database and `bus`, with 20.00 credited. */
async function credited(bus: HeldDevices) {
  const db = dataPath(dir);
  const config = parseConfig({ access: { initialPin: '1234' } });
  const app = await startCabinet({
    config,
    dataDir: dirname(db),
    database: basename(db),
    devices: { kind: 'given', bus },
    dealing: { kind: 'crypto' },
  });
  bus.connect();
  bus.emit({ device: 'acceptor', type: 'escrow', value: 2000, denomination: '20' });
  bus.emit({ device: 'acceptor', type: 'stacked', value: 2000, denomination: '20' });
  return app;
}

/** Turns of the event loop until `done`, or throws after 5 s. */
async function until(done: () => boolean): Promise<void> {
  const limit = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > limit) throw new Error('not within 5 s');
    await new Promise<void>((r) => setImmediate(r));
  }
}

describe('group commit', () => {
  it("holds what a batch's steps do until their one sync is done, then carries it out and shows it in order", async () => {
    let onDisk = () => -1;
    const sentAt: { type: string; durable: number }[] = [];
    const bus = new HeldDevices(new LedgerDevices({ ledgerPath: null }), (c) =>
      sentAt.push({ type: `${c.device}:${c.type}`, durable: onDisk() }),
    );
    const app = await credited(bus);
    const { runner, journal } = app;
    onDisk = () => journal.durableSeq;
    const shown: { version: number; durable: number }[] = [];
    runner.onState((s) => shown.push({ version: s.version, durable: journal.durableSeq }));
    const before = runner.state.version;
    const sentBefore = sentAt.length;
    const seqs: number[] = [];
    runner.batch(() => {
      for (const wish of [{ type: 'deal', bet: 1 }, { type: 'toggleHold', position: 0 }, { type: 'draw' }]) {
        expect(runner.wish(wish).ok).toBe(true);
        seqs.push(journal.headSeq);
      }
    });
    // Three commits made, none yet known on the disk, nothing shown or sent.
    expect(runner.ahead.version).toBe(before + 3);
    expect(runner.ahead.game?.outcome).not.toBeNull();
    expect(journal.durableSeq).toBeLessThan(seqs[0]!);
    expect(shown).toEqual([]);
    expect(sentAt.length).toBe(sentBefore);

    await until(() => shown.length === 3);
    // Shown in their order, each once its commit was on the disk; the lamps after it as well.
    expect(shown.map((s) => s.version)).toEqual([before + 1, before + 2, before + 3]);
    shown.forEach((s, i) => expect(s.durable).toBeGreaterThanOrEqual(seqs[i]!));
    const lamps = sentAt.slice(sentBefore);
    expect(lamps.length).toBeGreaterThan(0);
    for (const l of lamps) expect(l.durable).toBeGreaterThanOrEqual(seqs[0]!);
    expect(journal.durableSeq).toBe(journal.headSeq);
    await app.close();
  });

  it('a reader of the state, and any input from outside the batch, waits for the disk first', async () => {
    const bus = new HeldDevices(new LedgerDevices({ ledgerPath: null }));
    const app = await credited(bus);
    const { runner, journal } = app;
    const shown: number[] = [];
    runner.onState((s) => shown.push(s.version));
    const before = runner.state.version;
    runner.batch(() => runner.wish({ type: 'deal', bet: 1 }));
    expect(journal.durableSeq).toBeLessThan(journal.headSeq);
    // The SAS link, a service page or the screen reads the state: the batch is synced at once.
    expect(runner.state.version).toBe(before + 1);
    expect(journal.durableSeq).toBe(journal.headSeq);
    expect(shown).toEqual([before + 1]);

    // A device's event while a batch's sync runs: stepped, and shown behind the batch's steps.
    runner.batch(() => runner.wish({ type: 'draw' }));
    bus.emit({ device: 'deck', type: 'door', door: 'main', open: true });
    expect(shown).toEqual([before + 1, before + 2, before + 3]);
    expect(journal.durableSeq).toBe(journal.headSeq);
    await app.close();
  });

  it('a cash-out in a batch is whole where it stands: its voucher prints once it and all before it are on the disk', async () => {
    let onDisk = () => -1;
    const printed: number[] = [];
    const bus = new HeldDevices(new LedgerDevices({ ledgerPath: null }), (c) => {
      if (c.device === 'printer' && c.type === 'print') printed.push(onDisk());
    });
    const app = await credited(bus);
    const { runner, journal } = app;
    onDisk = () => journal.durableSeq;
    let cashOutSeq = -1;
    runner.batch(() => {
      runner.wish({ type: 'deal', bet: 1 });
      runner.wish({ type: 'draw' });
      expect(runner.wish({ type: 'cashOut' }).ok).toBe(true);
      cashOutSeq = journal.headSeq;
      // Synced where it stands, with the game's commits before it.
      expect(journal.durableSeq).toBe(cashOutSeq);
    });
    // Carried out behind the steps before it, in order: at once, since all are on the disk.
    expect(printed).toEqual([cashOutSeq]);
    await app.close();
  });
});
