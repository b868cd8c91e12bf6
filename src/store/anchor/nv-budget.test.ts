// The counter within its life (docs/cabinet.md, C-15 "The NV budget"): an advance at once for a
// commit that lets money leave or shows a validation number, at most one an interval for the
// rest; what a copy put back can still gain under that; and a TPM that answers a warning
// (TPM_RC_NV_RATE) instead of advancing: tried again, nothing lost, nothing let out early.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Bench, dataPath } from '../testing/store-rig';
import { startBusyTpm, type BusyTpm } from '../testing/busy-tpm';
import { startSwtpm, type Swtpm } from '../testing/swtpm';
import { hexHandle } from './nv-counter';
import { NUMBERS_PER_ADVANCE } from './nv-budget';
import type { AnchorChoice } from './records-anchor';
import { TPM_RC } from './tpm-wire';

let root: string;
let tpm: Swtpm;
let busy: BusyTpm;
let dir: string;
let index: number;
let n = 0;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cabinet-nv-budget-'));
  tpm = await startSwtpm(join(root, 'tpm'));
  busy = await startBusyTpm(tpm.port);
});
afterAll(async () => {
  await busy.stop();
  await tpm.stop();
  rmSync(root, { recursive: true, force: true });
});
beforeEach(() => {
  n++;
  dir = join(root, `t${n}`);
  index = 0x01800c00 + 2 * n;
});

const INTERVAL = 60_000;
let clock = 1_000_000;
const anchor = (over: Partial<Extract<AnchorChoice, { kind: 'tpm' }>> = {}): AnchorChoice => ({
  kind: 'tpm',
  tcti: tpm.tcti,
  index,
  advanceEveryMs: INTERVAL,
  now: () => clock,
  ...over,
});

/** What tpm2-tools reads of the counter. */
const witness = (): number => {
  const out = tpm.tools('sh', ['-c', `tpm2_nvread ${hexHandle(index)} -C o -s 8 2>/dev/null | od -An -tx1`]);
  return Number(BigInt('0x' + out.replace(/\s/g, '')));
};

/** The data folder and the mirror as they stand, kept aside (the cabinet closed). */
const keep = (name: string): void => {
  for (const part of ['data', 'mirror']) cpSync(join(dir, part), join(dir, `${name}-${part}`), { recursive: true });
};
const putBack = (name: string): void => {
  for (const part of ['data', 'mirror']) {
    rmSync(join(dir, part), { recursive: true, force: true });
    cpSync(join(dir, `${name}-${part}`), join(dir, part), { recursive: true });
  }
};

/**
 * A cash-out, its voucher printed: the cabinet free to play again. A number of the store's own
 * (each bench's rig counts its numbers from 1 again).
 */
function cashOut(b: Bench): void {
  const numbered = b.rig.env.newValidation;
  b.rig.env.newValidation = () => b.store.validationNumber('0001', b.rig.state.voucherSequence + 1);
  b.wish({ type: 'cashOut' });
  b.rig.env.newValidation = numbered;
  const voucher = b.rig.state.voucher;
  if (!voucher) throw new Error('no voucher to print');
  b.input({ kind: 'device', event: { device: 'printer', type: 'printed', validation: voucher.validation } });
}

describe('the NV budget', () => {
  it('advances at once for the first commit after a start and for a block of validation numbers, at most once an interval for games, notes and vouchers', () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor() });
    b.insert(500);
    const start = b.store.anchorStatus;
    // Games and notes within the interval: money moved within the cabinet, the counter's NV not written.
    for (let i = 0; i < 4; i++) b.jacks();
    b.insert(500);
    expect(b.store.anchorStatus).toMatchObject({ records: start.records, advances: start.advances });
    // A voucher's number is one of a block the last advance covers; the block's next number after
    // NUMBERS_PER_ADVANCE advances at once, landed before the commit returns.
    cashOut(b);
    expect(b.store.anchorStatus).toMatchObject({ records: start.records, advances: start.advances });
    for (let i = 1; i < NUMBERS_PER_ADVANCE; i++) {
      b.insert(100);
      cashOut(b);
    }
    expect(b.store.anchorStatus).toMatchObject({ records: start.records, advances: start.advances });
    b.insert(100);
    cashOut(b);
    const block = b.store.anchorStatus;
    expect(block.records).toBe(start.records! + 1);
    expect(block.counter).toBe(block.records);
    expect(b.store.anchorInFlight).toBe(false);
    // The interval over, the next game advances; the one after it does not.
    b.insert(200);
    clock += INTERVAL;
    b.jacks();
    const next = b.store.anchorStatus.records!;
    expect(next).toBe(block.records! + 1);
    b.jacks();
    expect(b.store.anchorStatus.records).toBe(next);
    b.store.close();
    expect(witness()).toBe(next);
  });

  it('a start proves its records the latest only after an orderly stop; a copy kept at one is refused once anything was played after it', () => {
    const path = dataPath(dir);
    let b = new Bench(path, { anchor: anchor() });
    b.insert(500);
    b.store.close();
    b = new Bench(path, { anchor: anchor() });
    expect(b.store.unproven).toBeNull();
    // The start's first commit (the runner's power-up) advances; a copy taken while it runs after
    // it, then games lost, then a kill (no orderly stop).
    b.insert(100);
    keep('running');
    const balance = b.rig.state.balance;
    for (let i = 0; i < 3; i++) b.jacks();
    const records = b.store.anchorStatus.records;
    b.store.close(false);
    putBack('running');
    b = new Bench(path, { anchor: anchor() });
    // Accepted (the counter was not advanced since the copy), and so not provable the latest.
    expect(b.store.records.ok).toBe(true);
    expect(b.rig.state.balance).toBe(balance);
    expect(b.store.anchorStatus.records).toBe(records);
    expect(b.store.unproven).toMatch(/did not stop in order/);
    b.store.close();
    // A copy kept at an orderly stop: the next start's first commit advances, so it is behind.
    keep('stopped');
    b = new Bench(path, { anchor: anchor() });
    expect(b.store.unproven).toBeNull();
    b.jacks();
    b.store.close(false);
    putBack('stopped');
    b = new Bench(path, { anchor: anchor() });
    expect(b.store.records).toMatchObject({ ok: false, reason: expect.stringMatching(/rolled back/) });
    b.store.close();
  });

  it('takes a TPM_RC_NV_RATE answer as a wait: the advance is tried again, the records never further ahead, the technician told', () => {
    const path = dataPath(dir);
    const b = new Bench(path, { anchor: anchor({ tcti: busy.tcti, advanceEveryMs: 0 }) });
    b.insert(500);
    const before = b.store.anchorStatus;
    expect(before.busy).toBeNull();
    // The next three advances are answered "NV rate": the TPM runs none of them.
    busy.busyFor(3, TPM_RC.NV_RATE);
    b.jacks();
    b.store.landAnchor();
    const waiting = b.store.anchorStatus;
    expect(b.store.anchorProblem).toMatch(/busy \(TPM_RC_NV_RATE \(0x920\)/);
    expect(waiting.busy).toBe('TPM_RC_NV_RATE (0x920)');
    // The deal's advance and the draw's: two ahead at most, as for any advance that did not land.
    expect(waiting.counter).toBe(before.counter);
    expect(waiting.records! - waiting.counter!).toBe(2);
    // A cash-out meanwhile is committed with the same value, and its advance is refused too: held.
    b.wish({ type: 'cashOut' });
    expect(b.store.anchorProblem).toMatch(/TPM_RC_NV_RATE/);
    expect(b.store.anchorStatus.records).toBe(waiting.records);
    expect(b.store.anchorStatus.counter).toBe(waiting.counter);
    expect(busy.pending).toBe(0);
    // Tried again (the runner does every ANCHOR_RETRY_MS): it lands, the counter at the records.
    b.store.retryAnchor();
    expect(b.store.anchorProblem).toBeNull();
    const landed = b.store.anchorStatus;
    expect(landed).toMatchObject({ busy: null, counter: waiting.records, records: waiting.records });
    expect(landed.busyAnswers).toBe(3);
    b.store.close();
    expect(witness()).toBe(waiting.records);
  });

  it('a warning at start, while the counter is brought to the records, is a wait too: the start goes on, and the retry lands it', () => {
    const path = dataPath(dir);
    const choice = anchor({ tcti: busy.tcti, advanceEveryMs: 0 });
    const b = new Bench(path, { anchor: choice });
    // The note's escrow and its stacking both answered "retry".
    busy.busyFor(2, TPM_RC.RETRY);
    b.insert(100);
    b.store.landAnchor();
    const left = b.store.anchorStatus;
    expect(left.records! - left.counter!).toBe(1);
    b.store.close();
    // The next start finishes that advance, and is answered "retry" once more.
    busy.busyFor(1, TPM_RC.RETRY);
    const again = new Bench(path, { anchor: choice });
    expect(again.store.records.ok).toBe(true);
    expect(again.store.anchorProblem).toMatch(/TPM_RC_RETRY .*tried again/);
    expect(again.store.anchorStatus.busy).toBe('TPM_RC_RETRY (0x922)');
    again.store.retryAnchor();
    expect(again.store.anchorProblem).toBeNull();
    expect(again.store.anchorStatus).toMatchObject({ records: left.records, counter: left.records, busy: null });
    again.store.close();
  });
});
