// Issue 23's second attack through the whole app, against a software TPM: the data folder and
// the mirror copied together, money moved, both copies put back. The mirror alone cannot see it
// (both went back); the TPM counter, which no copy carries, does. Also the counter deleted, and
// the counter configured but out of reach. The store's own side is src/store/anchor's tests.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANCHOR_TILT, RECORDS_TILT, type Voucher } from '../cabinet';
import { DEFAULT_COUNTER_INDEX, hexHandle } from '../store';
import { dataPath } from '../store/testing/store-rig';
import { startBusyTpm } from '../store/testing/busy-tpm';
import { startSwtpm, type Swtpm } from '../store/testing/swtpm';
import { TPM_RC } from '../store/anchor/tpm-wire';
import { anchorOf, startCabinet, storePlaces } from './cabinet-app';
import { parseConfig, type AppConfig } from './config';
import { readLedger } from './sim/device-ledger';
import { atTechnicianCabinet } from './testing/technician-in';
import { RecordedBus } from './testing/recorded-bus';
import { LedgerDevices } from './sim/ledger-devices';

let root: string;
let tpm: Swtpm;
let dir: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cabinet-anchor-'));
  tpm = await startSwtpm(join(root, 'tpm'));
});
afterAll(async () => {
  await tpm.stop();
  rmSync(root, { recursive: true, force: true });
});
let run = 0;
// Each test its own cabinet, and its own counter on the one TPM.
let index = DEFAULT_COUNTER_INDEX;
beforeEach(() => {
  dir = join(root, `t${++run}`);
  index = DEFAULT_COUNTER_INDEX + 2 * run;
});

const anchored = (tcti = tpm.tctiText): AppConfig =>
  parseConfig({ access: { initialPin: '1234' }, store: { anchor: { tcti, index: hexHandle(index) } } });

/** The production cabinet on `db` under `config`, its devices connected and settled. */
async function cabinet(config: AppConfig) {
  const db = dataPath(dir);
  const sim = new LedgerDevices({ ledgerPath: join(dir, 'devices.jsonl') });
  const bus = new RecordedBus(sim);
  const said: string[] = [];
  const app = await startCabinet({
    config,
    dataDir: dirname(db),
    database: basename(db),
    devices: { kind: 'given', bus },
    dealing: { kind: 'crypto' },
    log: (line) => said.push(line),
  });
  sim.connect();
  await sim.settled();
  return { app, sim, said, printed: () => bus.printed(), db };
}

/** The data folder and the mirror folder, both. */
function copyBoth(config: AppConfig, to: string): void {
  const db = dataPath(dir);
  cpSync(dirname(db), join(to, 'data'), { recursive: true });
  cpSync(storePlaces(config, db).mirror, join(to, 'mirror'), { recursive: true });
}

function putBothBack(config: AppConfig, from: string): void {
  const db = dataPath(dir);
  const mirror = storePlaces(config, db).mirror;
  rmSync(dirname(db), { recursive: true });
  rmSync(mirror, { recursive: true });
  cpSync(join(from, 'data'), dirname(db), { recursive: true });
  cpSync(join(from, 'mirror'), mirror, { recursive: true });
}

/** A note in, then a voucher out for it; the copy taken between. */
async function noteThenCashOut(config: AppConfig): Promise<{ first: Voucher; copy: string }> {
  let c = await cabinet(config);
  expect(c.said).toContain(`records: records anchored to the TPM counter ${hexHandle(index)} (${tpm.tctiText})`);
  c.sim.insertNote(2000);
  await c.sim.settled();
  expect(c.app.runner.state.balance).toBe(2000);
  await c.app.close();
  const copy = join(dir, 'copy');
  copyBoth(config, copy);

  c = await cabinet(config);
  c.app.runner.wish({ type: 'cashOut' });
  await c.sim.settled();
  expect(c.app.runner.state.balance).toBe(0);
  const [first] = c.printed();
  await c.app.close();
  expect(readLedger(join(dir, 'devices.jsonl')).printedCount).toBe(1);
  return { first: first!, copy };
}

/** Refused records: no cash-out, no credit clear, nothing printed. */
async function nothingMoves(c: Awaited<ReturnType<typeof cabinet>>): Promise<void> {
  expect(c.app.runner.state.balance).toBe(2000);
  expect(c.app.runner.wish({ type: 'cashOut' })).toMatchObject({ ok: false, refusal: { rule: 'C-15' } });
  c.sim.key('attendant', true);
  await c.sim.settled();
  expect(c.app.runner.wish({ type: 'creditClear', confirm: true }).ok).toBe(false);
  c.sim.key('attendant', false);
  await c.sim.settled();
  expect(c.printed()).toEqual([]);
}

/** The technician's RAM clear, then a note and a cash-out: the voucher printed. */
async function ramClearThenCashOut(c: Awaited<ReturnType<typeof cabinet>>): Promise<Voucher> {
  c.sim.key('technician', true);
  await c.sim.settled();
  expect(c.app.runner.wish({ type: 'technicianPin', pin: '1234' }).ok).toBe(true);
  expect(c.app.runner.wish({ type: 'setPin', pin: '97531' }).ok).toBe(true);
  expect(c.app.runner.wish({ type: 'ramClear', confirm: true })).toMatchObject({ ok: true });
  expect(c.app.runner.state).toMatchObject({ balance: 0, tilts: [] });
  c.sim.key('technician', false);
  await c.sim.settled();
  c.sim.insertNote(500);
  await c.sim.settled();
  c.app.runner.wish({ type: 'cashOut' });
  await c.sim.settled();
  const [v] = c.printed();
  expect(v?.amount).toBe(500);
  return v!;
}

describe('the data folder and the mirror copied together, a cash-out, both put back', () => {
  it('start locked with a tilt naming both counter values; no cash-out; no voucher number printed twice; a RAM clear goes on', async () => {
    const config = anchored();
    const { first, copy } = await noteThenCashOut(config);
    putBothBack(config, copy);

    let c = await cabinet(config);
    const tilt = c.app.runner.state.tilts.find((t) => t.code === RECORDS_TILT);
    const [, records, counter] =
      /rolled back: the records are at counter value (\d+), the TPM counter 0x[0-9a-f]{8} at (\d+)/.exec(
        tilt?.reason ?? '',
      ) ?? [];
    expect(Number(counter)).toBeGreaterThan(Number(records));
    // The mirror went back with the database: it vouches for it, and only the counter does not.
    expect(tilt?.reason).not.toMatch(/the mirror at commit/);
    await nothingMoves(c);

    const second = await ramClearThenCashOut(c);
    expect(second.validation).not.toBe(first.validation);
    // The numbers the copy never saw issued were passed over, as far as the counter went.
    expect(second.sequence).toBeGreaterThan(first.sequence);
    await c.app.close();
    const ledger = readLedger(join(dir, 'devices.jsonl'));
    expect(ledger.printedCount).toBe(2);
    expect(new Set(ledger.printed.keys()).size).toBe(2);

    // Cleared: the next start trusts its records again, anchored afresh.
    c = await cabinet(config);
    expect(c.app.runner.state.tilts).toEqual([]);
    await c.app.close();
  });

  it('with the counter deleted as well: the start is locked naming the missing counter; the RAM clear defines it again', async () => {
    const config = anchored();
    const { first, copy } = await noteThenCashOut(config);
    putBothBack(config, copy);
    // Whoever holds the TPM's owner authorization (empty on a PC as shipped) deletes the counter.
    tpm.tools('tpm2_nvundefine', [hexHandle(index), '-C', 'o']);

    const c = await cabinet(config);
    const tilt = c.app.runner.state.tilts.find((t) => t.code === RECORDS_TILT);
    expect(tilt?.reason).toMatch(
      new RegExp(`the records are at counter value \\d+, and their TPM counter ${hexHandle(index)} is missing`),
    );
    await nothingMoves(c);
    const second = await ramClearThenCashOut(c);
    expect(second.validation).not.toBe(first.validation);
    expect(second.sequence).toBeGreaterThan(first.sequence);
    await c.app.close();
    // Defined again, past every value the deleted one had.
    expect(tpm.tools('tpm2_nvreadpublic', [hexHandle(index)])).toMatch(/nt=0x1/);
  });
});

describe('a copy taken while the cabinet runs, games lost, a kill, the copy put back (C-15: what a rollback can gain)', () => {
  it("is accepted at the counter's value, but its credits go out by the attendant's handpay only: nothing printed, nothing paid", async () => {
    const config = anchored();
    let c = await cabinet(config);
    c.sim.insertNote(2000);
    await c.sim.settled();
    await c.app.close();
    // Started again: the start's advance lands before anything is played; the copy is taken after it.
    c = await cabinet(config);
    expect(c.app.runner.state.balance).toBe(2000);
    expect(c.app.runner.state.unproven ?? null).toBeNull();
    const hot = join(dir, 'hot');
    copyBoth(config, hot);
    c.app.runner.wish({ type: 'selectGame', game: 'jacks-or-better' });
    for (let i = 0; i < 50 && c.app.runner.state.balance >= 2000; i++) {
      expect(c.app.runner.wish({ type: 'deal', bet: 5 }).ok).toBe(true);
      expect(c.app.runner.wish({ type: 'draw' }).ok).toBe(true);
    }
    const lost = c.app.runner.state.balance;
    expect(lost).toBeLessThan(2000);
    // Killed: no orderly stop.
    c.app.journal.close(false);
    await c.app.close();
    putBothBack(config, hot);

    c = await cabinet(config);
    const state = c.app.runner.state;
    expect(state.tilts.map((t) => t.code)).not.toContain(RECORDS_TILT);
    expect(state.balance).toBe(2000);
    expect(state.unproven).toMatchObject({ amount: 2000, reason: expect.stringMatching(/did not stop in order/) });
    expect(c.app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
    await c.sim.settled();
    expect(c.app.runner.state.handpay).toMatchObject({ amount: 2000, cause: { type: 'unprovenStart' } });
    expect(c.printed()).toEqual([]);
    await c.app.close();
    expect(readLedger(join(dir, 'devices.jsonl')).printedCount).toBe(0);
  });
});

describe('the counter configured and out of reach', () => {
  // A cash-out above the ticket limit: a handpay, whose lock advances the counter at once (a copy
  // from before it would ask for it again). A voucher's own number shares a block's advance.
  const handpaying = (tcti = tpm.tctiText): AppConfig =>
    parseConfig({
      access: { initialPin: '1234' },
      limits: { ticketLimit: 1000 },
      store: { anchor: { tcti, index: hexHandle(index) } },
    });

  it('lost while the cabinet runs: the handpay is committed, its advance finds no TPM, and the tilt stops play until it answers', async () => {
    const config = handpaying();
    const c = await cabinet(config);
    c.sim.insertNote(2000);
    await c.sim.settled();
    // The start's advance lands first (reading the status takes its answer): the TPM is lost
    // after it, at the handpay's.
    expect(c.app.journal.anchorStatus.counter).toBe(c.app.journal.anchorStatus.records);
    await tpm.stop();
    try {
      c.app.runner.wish({ type: 'cashOut' });
      await c.sim.settled();
      expect(c.app.runner.state.handpay).toMatchObject({ amount: 2000, cause: { type: 'ticketLimit' } });
      expect(c.printed()).toEqual([]);
      expect(c.app.runner.state.tilts.find((t) => t.code === ANCHOR_TILT)?.reason).toMatch(
        `the TPM counter ${hexHandle(index)} cannot be advanced`,
      );
      expect(c.app.journal.anchorStatus.records).toBe(c.app.journal.anchorStatus.counter! + 1);
    } finally {
      await tpm.restart();
    }
    for (let i = 0; i < 100 && c.app.runner.state.tilts.some((t) => t.code === ANCHOR_TILT); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(c.app.runner.state.tilts.map((t) => t.code)).not.toContain(ANCHOR_TILT);
    expect(c.app.journal.anchorStatus.counter).toBe(c.app.journal.anchorStatus.records);
    await c.app.close();
    const again = await cabinet(config);
    expect(again.app.runner.state.tilts.map((t) => t.code)).not.toContain(RECORDS_TILT);
    expect(again.app.runner.state.handpay).toMatchObject({ amount: 2000 });
    await again.app.close();
  });

  it('busy (TPM_RC_NV_RATE) while the cabinet runs: the handpay waits, the tilt names the answer, and the retry lands the advance', async () => {
    const busy = await startBusyTpm(tpm.port);
    try {
      const config = handpaying(`swtpm:host=127.0.0.1,port=${(busy.tcti as { port: number }).port}`);
      const c = await cabinet(config);
      c.sim.insertNote(2000);
      await c.sim.settled();
      expect(c.app.journal.anchorStatus.counter).toBe(c.app.journal.anchorStatus.records);
      busy.busyFor(1, TPM_RC.NV_RATE);
      c.app.runner.wish({ type: 'cashOut' });
      await c.sim.settled();
      // Committed, and the counter has not counted it: the tilt stops play meanwhile.
      expect(c.app.runner.state.handpay).toMatchObject({ amount: 2000 });
      expect(c.app.runner.state.tilts.find((t) => t.code === ANCHOR_TILT)?.reason).toMatch(
        /busy \(TPM_RC_NV_RATE \(0x920\)/,
      );
      expect(c.app.journal.anchorStatus).toMatchObject({ busy: 'TPM_RC_NV_RATE (0x920)', busyAnswers: 1 });
      for (let i = 0; i < 100 && c.app.runner.state.tilts.some((t) => t.code === ANCHOR_TILT); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(c.app.runner.state.tilts.map((t) => t.code)).not.toContain(ANCHOR_TILT);
      expect(c.app.journal.anchorStatus).toMatchObject({ busy: null, counter: c.app.journal.anchorStatus.records });
      await c.app.close();
    } finally {
      await busy.stop();
    }
  });

  it('is a tilt, never a silent start without it: play waits, and the tilt lifts once the counter answers', async () => {
    const config = anchored();
    let c = await cabinet(config);
    c.sim.insertNote(2000);
    await c.sim.settled();
    await c.app.close();

    await tpm.stop();
    try {
      c = await cabinet(config);
      const tilt = c.app.runner.state.tilts.find((t) => t.code === ANCHOR_TILT);
      expect(tilt?.reason).toMatch(new RegExp(`the TPM counter ${hexHandle(index)} cannot be reached: .*ECONNREFUSED`));
      expect(c.app.runner.wish({ type: 'deal' })).toMatchObject({ ok: false, refusal: { rule: 'C-15' } });
    } finally {
      await tpm.restart();
    }
    // Tried again while it waits: the tilt lifts, and the records were never refused.
    for (let i = 0; i < 100 && c.app.runner.state.tilts.some((t) => t.code === ANCHOR_TILT); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(c.app.runner.state.tilts.map((t) => t.code)).not.toContain(ANCHOR_TILT);
    expect(c.app.runner.state.tilts.map((t) => t.code)).not.toContain(RECORDS_TILT);
    expect(c.app.runner.state.balance).toBe(2000);
    await c.app.close();
  });
});

describe('which counter, by default', () => {
  it("a production start takes the PC's TPM where it has one, and says when it has none; a simulated one only what the file names", () => {
    const device = join(root, 'tpmrm0');
    writeFileSync(device, '');
    const plain = parseConfig({});
    expect(anchorOf(plain, 'production', device)).toEqual({ kind: 'tpm', tcti: { kind: 'device', path: device } });
    expect(anchorOf(plain, 'production', join(root, 'none'))).toEqual({
      kind: 'none',
      why: `this PC has no TPM (${join(root, 'none')}), and store.anchor names no counter`,
    });
    expect(anchorOf(plain, 'simulated', device)).toMatchObject({ kind: 'none' });
    expect(anchorOf(parseConfig({ store: { anchor: 'none' } }), 'production', device)).toEqual({
      kind: 'none',
      why: 'store.anchor is "none" in the config file',
    });
    expect(anchorOf(anchored(), 'simulated', device)).toEqual({ kind: 'tpm', tcti: tpm.tcti, index });
  });

  it('a cabinet run without one says so at start and on the Devices page, and its records carry no counter value', async () => {
    const said: string[] = [];
    const why = 'store.anchor is "none" in the config file';
    const config = parseConfig({ store: { anchor: 'none' } });
    await atTechnicianCabinet(
      config,
      dir,
      async (app) => {
        const answer = await app.port.connect('devices page').query({ type: 'anchor' });
        expect(answer).toEqual({
          ok: true,
          answer: {
            type: 'anchor',
            anchor: {
              anchored: false,
              bench: false,
              description: `records not anchored: ${why}`,
              records: null,
              counter: null,
              problem: null,
            },
          },
        });
        expect(app.journal.reader.anchorValue()).toBeNull();
      },
      (line) => said.push(line),
    );
    expect(said).toContain(`records: records not anchored: ${why}`);
  });
});
