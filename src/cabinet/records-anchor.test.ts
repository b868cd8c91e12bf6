// The cabinet's side of the records' TPM counter (docs/deploy.md, "The records"): refused records
// that the counter ran past pass over as many voucher numbers as it went on; a counter that
// cannot be used is a tilt that stops play and lifts when it can; and refused records wait for
// it before a RAM clear starts them afresh. Records accepted at a start the counter cannot prove
// the latest (C-15): their credits leave by handpay only, until played down to nothing.

import { describe, expect, it } from 'vitest';
import { UNKNOWN_VOUCHER_SKIP } from './records';
import { NUMBERS_PER_ADVANCE } from './numbers-per-advance';
import { ANCHOR_TILT, RECORDS_TILT } from './vocabulary/tilts';
import { Rig } from './testing/rig';

const refused = 'records refused: rolled back: the records are at counter value 40, the TPM counter 0x01800a00 at 52';

describe('refused records behind the TPM counter', () => {
  it('pass over as many voucher numbers as the counter went past them, logged, before any other', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.play({ type: 'cashOut' });
    const before = rig.state.voucherSequence;
    expect(before).toBe(1);
    rig.ok({ kind: 'records', refused, mirror: null, anchor: { records: 40, counter: 52 } });
    // Each advance may have covered a block of numbers, and the records' own value one more.
    const gap = 13 * NUMBERS_PER_ADVANCE;
    expect(rig.state.voucherSequence).toBe(before + gap);
    const skipped = rig.log.filter((l) => l.kind === 'records' && l.data.event === 'voucherSequence');
    expect(skipped.map((l) => [l.data.from, l.data.to])).toEqual([[before, before + gap]]);
    expect(rig.state.tilts.map((t) => t.code)).toContain(RECORDS_TILT);
  });

  it('pass over a million when how far the counter went is not known, and nothing when it is not ahead', () => {
    const unknown = new Rig();
    unknown.ok({ kind: 'records', refused, mirror: null, anchor: { records: 40, counter: null } });
    expect(unknown.state.voucherSequence).toBe(UNKNOWN_VOUCHER_SKIP);
    const never = new Rig();
    never.ok({ kind: 'records', refused, mirror: null, anchor: { records: null, counter: 9 } });
    expect(never.state.voucherSequence).toBe(10 * NUMBERS_PER_ADVANCE);
    const behind = new Rig();
    behind.ok({ kind: 'records', refused, mirror: null, anchor: { records: 60, counter: 52 } });
    expect(behind.state.voucherSequence).toBe(0);
  });

  it('the next voucher after the RAM clear takes the first number past them', () => {
    const rig = new Rig();
    rig.ok({ kind: 'records', refused, mirror: null, anchor: { records: 40, counter: 52 } });
    rig.technician();
    expect(rig.wish({ type: 'ramClear', confirm: true }).ok).toBe(true);
    rig.key('technician', false);
    rig.insert(500);
    rig.play({ type: 'cashOut' });
    expect(rig.state.voucher?.sequence).toBe(13 * NUMBERS_PER_ADVANCE + 1);
  });
});

describe('a counter that cannot be used', () => {
  it('stops play with a tilt that lifts when it can be used again', () => {
    const rig = new Rig();
    rig.insert(500);
    rig.ok({ kind: 'anchor', problem: 'the TPM counter 0x01800a00 cannot be reached: ECONNREFUSED' });
    expect(rig.state.tilts).toContainEqual(expect.objectContaining({ code: ANCHOR_TILT, technician: false }));
    expect(rig.refuse({ type: 'deal' })).toBe('C-15');
    rig.ok({ kind: 'anchor', problem: null });
    expect(rig.state.tilts).toEqual([]);
  });

  it('holds back the RAM clear of refused records, which starts them afresh on that counter', () => {
    const rig = new Rig();
    rig.ok({ kind: 'records', refused, mirror: null, anchor: { records: 40, counter: 52 } });
    rig.ok({ kind: 'anchor', problem: 'the TPM counter 0x01800a00 cannot be reached: ECONNREFUSED' });
    rig.technician();
    expect(rig.refuse({ type: 'ramClear', confirm: true })).toBe('C-15');
    rig.ok({ kind: 'anchor', problem: null });
    expect(rig.wish({ type: 'ramClear', confirm: true }).ok).toBe(true);
    expect(rig.state.tilts.map((t) => t.code)).not.toContain(RECORDS_TILT);
  });
});

const unproven = 'the cabinet did not stop in order before this start';

describe('records accepted at a start the counter cannot prove the latest', () => {
  it("let their credits leave by the attendant's handpay only, pass over a block of numbers, and say why", () => {
    const rig = new Rig();
    rig.insert(2000);
    rig.ok({ kind: 'records', refused: null, mirror: null, anchor: null, unproven });
    expect(rig.state.unproven).toMatchObject({ amount: 2000, reason: unproven });
    expect(rig.state.voucherSequence).toBe(NUMBERS_PER_ADVANCE);
    expect(rig.log.filter((l) => l.kind === 'records').map((l) => l.data.event)).toEqual([
      'unproven',
      'voucherSequence',
    ]);
    // The cash-out prints nothing: it waits for the attendant, naming why.
    expect(rig.play({ type: 'cashOut' }).filter((c) => c.device === 'printer')).toEqual([]);
    expect(rig.state.voucher).toBeNull();
    expect(rig.state.handpay).toMatchObject({ amount: 2000, cause: { type: 'unprovenStart' } });
    expect(rig.state.handpay?.reason).toMatch(/could not prove the latest .*casino system's meters/);
    rig.key('attendant', true);
    rig.play({ type: 'handpayConfirm' });
    rig.key('attendant', false);
    expect(rig.state).toMatchObject({ balance: 0, handpay: null, unproven: null });
    // Money in after it is the cabinet's own again: a voucher prints.
    rig.insert(500);
    rig.play({ type: 'cashOut' });
    expect(rig.state.voucher).toMatchObject({ amount: 500, sequence: NUMBERS_PER_ADVANCE + 1 });
  });

  it('played down to nothing, they are unproven no longer; none found, nothing is held', () => {
    const rig = new Rig();
    rig.insert(100);
    rig.ok({ kind: 'records', refused: null, mirror: null, anchor: null, unproven });
    expect(rig.state.unproven).not.toBeNull();
    while (rig.state.balance > 0) {
      rig.play({ type: 'deal', bet: 5 });
      rig.play({ type: 'draw' });
    }
    expect(rig.state.unproven).toBeNull();
    const empty = new Rig();
    empty.ok({ kind: 'records', refused: null, mirror: null, anchor: null, unproven });
    expect(empty.state.unproven ?? null).toBeNull();
    expect(empty.state.voucherSequence).toBe(NUMBERS_PER_ADVANCE);
  });
});
