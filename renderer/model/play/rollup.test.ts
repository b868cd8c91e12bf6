import { describe, expect, it } from 'vitest';
import * as fx from '../../../test/renderer/fixtures';
import type { Snapshot } from '../../../src/contract';
import {
  celebrating,
  CELEBRATE_MS,
  heldBack,
  rollUpMs,
  rollUpStep,
  settlement,
  startRollUp,
  stillShowing,
  ticketCredit,
  winSize,
} from './rollup';

const BIG = 50;

/** Jacks or Better at bet 5, chips of 25: held, then settled with `win`, credits as the cabinet shows them. */
function game(win: number, credited = win): [Snapshot, Snapshot] {
  const held = fx.jacksDealt();
  const over: Snapshot = { ...fx.jacksWin(), credits: held.credits + credited, balance: held.balance + credited * 25 };
  over.jacks = { ...over.jacks, win, gameId: held.jacks.gameId };
  return [held, over];
}

describe('the credit roll-up', () => {
  it("sizes a win by its bets against the operator's big-win threshold", () => {
    expect([winSize(1, BIG), winSize(4.9, BIG), winSize(5, BIG), winSize(49, BIG), winSize(50, BIG)]).toEqual([
      'small',
      'small',
      'medium',
      'medium',
      'big',
    ]);
    expect(winSize(20, 20)).toBe('big');
  });

  it('takes about 1 s for one bet, about 4 s at the threshold, longer the bigger the win', () => {
    expect(rollUpMs(1, BIG)).toBe(1000);
    expect(rollUpMs(BIG, BIG)).toBe(4000);
    expect(rollUpMs(800, BIG)).toBe(4000);
    const times = [1, 2, 5, 9, 25, 50].map((b) => rollUpMs(b, BIG));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    // The rate (chips a second) grows with the win.
    const rate = (bets: number) => (bets * 5) / rollUpMs(bets, BIG);
    expect(rate(2)).toBeLessThan(rate(9));
    expect(rate(9)).toBeLessThan(rate(250));
  });

  it('rolls up what reached the credit meter, never more than the win', () => {
    const [held, over] = game(45);
    expect(settlement(held, over, BIG)).toMatchObject({ win: 45, credited: 45, bets: 9, size: 'medium' });
    // A note stacked during the game shows at once: only the win is held back.
    const note = { ...over, credits: over.credits + 80 };
    expect(settlement(held, note, BIG)?.credited).toBe(45);
    // A handpaid win never reaches the credits: nothing to count, the fanfare stays.
    const [h2, paid] = game(4000, 0);
    const s = settlement(h2, paid, BIG)!;
    expect(s).toMatchObject({ credited: 0, size: 'big' });
    expect(startRollUp(s, BIG)).toBeNull();
  });

  it('starts nothing on a reload, another chip value, a losing game or a game already over', () => {
    const [held, over] = game(45);
    expect(settlement(null, over, BIG)).toBeNull();
    expect(settlement({ ...held, chipValue: 5 }, over, BIG)).toBeNull();
    expect(settlement(held, { ...over, jacks: { ...over.jacks, win: 0 } }, BIG)).toBeNull();
    expect(settlement(over, { ...over, version: over.version + 1 }, BIG)).toBeNull();
  });

  it('settles Poker Plus on what the boxes returned against what they staked', () => {
    const s = settlement(fx.pokerPlusDeciding(), fx.pokerPlusBought(), BIG)!;
    // Returned 220 + 0 on 60 + 30 staked; credits went from 60 to 120.
    expect(s).toMatchObject({ win: 220, credited: 60, size: 'small' });
    expect(s.bets).toBeCloseTo(220 / 90);
  });

  it("holds back the win until the cards land, then counts it step by step to the snapshot's credits", () => {
    const [held, over] = game(45);
    const r0 = startRollUp(settlement(held, over, BIG)!, BIG)!;
    expect(r0.steps).toBe(45);
    expect(heldBack(r0, 1e12)).toBe(45);
    const r = { ...r0, startAt: 1000 };
    const seen = [0, 500, 1000, 2000, r.durationMs, r.durationMs + 1000].map((t) => heldBack(r, 1000 + t));
    expect(seen[0]).toBe(45);
    expect(seen.at(-2)).toBe(0);
    expect(seen.every((x, i) => x >= 0 && x <= 45 && (i === 0 || x <= seen[i - 1]!))).toBe(true);
    expect(rollUpStep({ ...r, finished: true }, 1000)).toBe(r.steps);
    expect(heldBack({ ...r, finished: true }, 1000)).toBe(0);
  });

  it('lasts only while the snapshot shows its game: a new deal, another chip value or fewer credits end it', () => {
    const [held, over] = game(45);
    const r = startRollUp(settlement(held, over, BIG)!, BIG)!;
    expect(stillShowing(r, over)).toBe(r);
    expect(stillShowing(r, { ...over, version: 99, chipValue: 5 })).toBeNull();
    expect(stillShowing(r, fx.jacksDealt())).toBeNull();
    expect(stillShowing(r, { ...over, credits: 10 })).toBeNull();
  });

  it('celebrates a big win for a few seconds once counting, not once finished', () => {
    const [held, over] = game(300);
    const r = { ...startRollUp(settlement(held, over, BIG)!, BIG)!, startAt: 0 };
    expect(r.size).toBe('big');
    expect([celebrating(r, 10), celebrating(r, CELEBRATE_MS - 1), celebrating(r, CELEBRATE_MS)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(celebrating({ ...r, finished: true }, 10)).toBe(false);
  });
});

/** A ticket of `amount` cents in, at chips of 25: validating, then its end as the cabinet shows it. */
function ticketIn(amount: number, outcome: 'credited' | 'returned' = 'credited'): [Snapshot, Snapshot] {
  const before: Snapshot = { ...fx.baseSnapshot(), ticket: { validating: true, last: null } };
  const credited = outcome === 'credited' ? amount : 0;
  const balance = before.balance + credited;
  const after: Snapshot = {
    ...before,
    version: before.version + 1,
    balance,
    credits: Math.floor(balance / before.chipValue),
    ticket: {
      validating: false,
      last:
        outcome === 'credited'
          ? { outcome, amount, reason: null, at: 5000, until: 10_000 }
          : { outcome, amount: null, reason: 'expired', at: 5000, until: 15_000 },
    },
  };
  return [before, after];
}

describe("a ticket's credit counted up", () => {
  it('counts a credited ticket from the old credits to the new, with no fanfare', () => {
    const [before, after] = ticketIn(1500);
    const t = ticketCredit(before, after)!;
    // $15.00 at 25 cents a chip: 60 chips, 12 maximum bets.
    expect(t).toMatchObject({ credited: 60, bets: 12, size: null });
    const r = { ...startRollUp(t, BIG)!, startAt: 0 };
    expect(r.durationMs).toBe(rollUpMs(12, BIG));
    expect(stillShowing(r, after)).toBe(r);
    expect(heldBack(r, 0)).toBe(60);
    expect(heldBack(r, r.durationMs)).toBe(0);
    expect(celebrating(r, 10)).toBe(false);
  });

  it('counts nothing for a returned ticket, a reload, or the same ticket shown again', () => {
    const [v, returned] = ticketIn(1500, 'returned');
    expect(ticketCredit(v, returned)).toBeNull();
    const [before, after] = ticketIn(1500);
    expect(ticketCredit(null, after)).toBeNull();
    // A repeated snapshot (a reconnect, or a change of something else) of the same acceptance.
    expect(ticketCredit(after, { ...after, version: after.version + 1 })).toBeNull();
    expect(ticketCredit({ ...before, chipValue: 5 }, after)).toBeNull();
    // A game dealt since: the ticket's line, and its count, are over.
    const r = startRollUp(ticketCredit(before, after)!, BIG)!;
    expect(stillShowing(r, { ...after, ticket: { validating: false, last: null } })).toBeNull();
  });

  it('leaves a win to count as before, and never holds back more than reached the meter', () => {
    const [held, over] = game(45);
    expect(ticketCredit(held, over)).toBeNull();
    expect(settlement(held, over, BIG)).toMatchObject({ credited: 45, size: 'medium' });
    const [before, after] = ticketIn(1500);
    expect(ticketCredit(before, { ...after, credits: before.credits + 10 })?.credited).toBe(10);
  });
});
