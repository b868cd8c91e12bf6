// A stranger at the slot with made-up numbers: wrong check digits go back before anything is
// looked up, numbers the validator never issued count, and enough of them in a row lock the slot.

import { describe, expect, it } from 'vitest';
import { Rig } from './testing/rig';
import { TICKET_LOCK_MS, UNKNOWN_TICKETS_IN_A_ROW } from './ticket-guesses';
import { withCheckDigits } from './validation-number';

const OWN = withCheckDigits('3141592653589793');
/** Unknown to the validator, with check digits that match: what a guesser who knows MOD 97-10 inserts. */
const guess = (n: number) => withCheckDigits(String(n).padStart(16, '7'));
/** One digit off a number with matching check digits. */
const typo = (v: string) => v.slice(0, 5) + String((Number(v[5]) + 1) % 10) + v.slice(6);

const ticket = (barcode: string) => ({ device: 'acceptor' as const, type: 'ticket' as const, barcode });
const unknown = (rig: Rig, barcode: string) =>
  rig.ok({ kind: 'ticketVerdict', barcode, verdict: { valid: false, reason: 'notValidHere' } });
const returns = (rig: Rig) =>
  rig.log.filter((l) => l.kind === 'ticket' && l.data.event === 'return').map((l) => l.data.reason);
const asked = (rig: Rig) => rig.tickets.filter((e) => e.type === 'validateTicket').length;

describe('tickets a stranger makes up', () => {
  it('a number one digit off goes back on its check digits, standalone, before any voucher is looked up', () => {
    for (let pos = 0; pos < 18; pos++) {
      // A cabinet of its own for each digit, so the slot's lock (below) never answers first.
      const rig = new Rig();
      const wrong = OWN.slice(0, pos) + String((Number(OWN[pos]) + 3) % 10) + OWN.slice(pos + 1);
      expect(rig.event(ticket(wrong))).toEqual([{ device: 'acceptor', type: 'returnTicket', barcode: wrong }]);
      expect(rig.state.lastTicket).toMatchObject({ barcode: wrong, reason: 'badCheckDigits', validated: false });
      expect(asked(rig)).toBe(0);
      expect(rig.log.filter((l) => l.kind === 'ticket').map((l) => l.data)).toEqual([
        {
          event: 'return',
          barcode: wrong,
          reason: 'badCheckDigits',
          text: 'the check digits do not match: misread, mistyped or made up',
          by: 'cabinet',
        },
      ]);
    }
  });

  it('with a casino system, the host judges every ticket, check digits or not', () => {
    const rig = new Rig();
    rig.ok({
      kind: 'sas',
      command: {
        type: 'configure',
        settings: { address: 1, accountingDenomination: 1, allowClockSet: false, allowRemoteHandpayReset: false },
      },
    });
    rig.event(ticket(typo(OWN)));
    expect(rig.state.ticket).toMatchObject({ barcode: typo(OWN), phase: 'validating' });
    expect(asked(rig)).toBe(1);
  });

  it(`locks the slot after ${UNKNOWN_TICKETS_IN_A_ROW} unknown tickets in a row, across a restart, for ${TICKET_LOCK_MS / 60_000} minutes`, () => {
    const rig = new Rig();
    rig.insert(2000);
    for (let i = 1; i < UNKNOWN_TICKETS_IN_A_ROW; i++) {
      rig.event(ticket(guess(i)));
      unknown(rig, guess(i));
    }
    expect(rig.state.ticketGuesses).toEqual({ unknownInRow: UNKNOWN_TICKETS_IN_A_ROW - 1, lockedUntil: 0 });
    rig.event(ticket(typo(OWN)));
    const lockedAt = rig.now;
    expect(rig.state.ticketGuesses).toEqual({ unknownInRow: 0, lockedUntil: lockedAt + TICKET_LOCK_MS });
    expect(rig.log.at(-1)).toMatchObject({
      kind: 'ticket',
      data: { event: 'locked', unknownInRow: UNKNOWN_TICKETS_IN_A_ROW, until: lockedAt + TICKET_LOCK_MS },
    });
    const before = asked(rig);
    rig.restart();
    rig.now += TICKET_LOCK_MS - 1;
    // Even this cabinet's own voucher goes back unread while the slot is locked.
    expect(rig.event(ticket(OWN))).toEqual([{ device: 'acceptor', type: 'returnTicket', barcode: OWN }]);
    expect(rig.state.lastTicket).toMatchObject({ barcode: OWN, reason: 'ticketsLocked', validated: false });
    expect(asked(rig)).toBe(before);
    // Notes and play go on.
    rig.insert(500);
    expect(rig.state.balance).toBe(2500);
    rig.play({ type: 'deal', bet: 1 });
    rig.play({ type: 'draw' });
    rig.now += 1;
    rig.event(ticket(OWN));
    expect(asked(rig)).toBe(before + 1);
    expect(rig.state.ticket).toMatchObject({ barcode: OWN, phase: 'validating' });
    expect(returns(rig)).toEqual([
      ...Array(UNKNOWN_TICKETS_IN_A_ROW - 1).fill('notValidHere'),
      'badCheckDigits',
      'ticketsLocked',
    ]);
  });

  it('counts only unknown tickets in a row: a credited one starts again, an expired or redeemed one is no guess', () => {
    const rig = new Rig();
    for (let i = 1; i < UNKNOWN_TICKETS_IN_A_ROW; i++) {
      rig.event(ticket(guess(i)));
      unknown(rig, guess(i));
    }
    rig.event(ticket(OWN));
    rig.ok({ kind: 'ticketVerdict', barcode: OWN, verdict: { valid: true, amount: 100 } });
    rig.event({ device: 'acceptor', type: 'ticketStacked', barcode: OWN });
    expect(rig.state.ticketGuesses?.unknownInRow).toBe(0);
    for (const reason of ['alreadyRedeemed', 'expired', 'creditLimit'] as const) {
      rig.event(ticket(OWN));
      rig.ok({ kind: 'ticketVerdict', barcode: OWN, verdict: { valid: false, reason } });
    }
    rig.event(ticket('12345'));
    expect(rig.state.ticketGuesses).toEqual({ unknownInRow: 0, lockedUntil: 0 });
  });

  it("the attendant's key takes the lock off, logged", () => {
    const rig = new Rig();
    for (let i = 0; i < UNKNOWN_TICKETS_IN_A_ROW; i++) rig.event(ticket(typo(guess(i))));
    expect(rig.state.ticketGuesses?.lockedUntil).toBeGreaterThan(rig.now);
    rig.key('attendant', true);
    expect(rig.state.ticketGuesses).toEqual({ unknownInRow: 0, lockedUntil: 0 });
    expect(rig.log.at(-1)).toMatchObject({ kind: 'ticket', data: { event: 'unlocked', by: 'attendant' } });
    rig.key('attendant', false);
    rig.event(ticket(OWN));
    expect(rig.state.ticket?.barcode).toBe(OWN);
  });

  it('reads a state saved before tickets were counted as no guesses yet', () => {
    const rig = new Rig();
    const { ticketGuesses: _, ...older } = rig.state;
    rig.state = older;
    rig.event(ticket(typo(OWN)));
    expect(rig.state.ticketGuesses).toEqual({ unknownInRow: 1, lockedUntil: 0 });
  });
});
