import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../../core/testing/decks';
import { withCheckDigits } from '../../cabinet';
import { Rig } from '../../cabinet/testing/rig';
import { checkToScreen } from '../../contract';
import { snapshotOf } from './snapshot-of';
import { TICKET_CREDITED_SHOW_MS, TICKET_RETURNED_SHOW_MS } from './ticket-view';

const A = withCheckDigits('0012345678901234');
const ticket = { device: 'acceptor' as const, type: 'ticket' as const, barcode: A };
const snap = (rig: Rig, at = rig.now) => {
  const s = snapshotOf(rig.state, at);
  const checked = checkToScreen({ kind: 'snapshot', snapshot: s });
  if (!checked.ok) throw new Error(checked.error);
  return s.ticket;
};

describe("the snapshot's ticket", () => {
  it('shows validating while a ticket is in escrow, then the amount credited for a few seconds', () => {
    const rig = new Rig();
    expect(snap(rig)).toEqual({ validating: false, last: null });
    rig.event(ticket);
    expect(snap(rig)).toEqual({ validating: true, last: null });
    rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: true, amount: 1500 } });
    // Stacking: still the same ticket on its way in.
    expect(snap(rig).validating).toBe(true);
    rig.event({ device: 'acceptor', type: 'ticketStacked', barcode: A });
    const end = rig.now;
    expect(snap(rig)).toEqual({
      validating: false,
      last: { outcome: 'credited', amount: 1500, reason: null, at: end, until: end + TICKET_CREDITED_SHOW_MS },
    });
    expect(snap(rig, end + TICKET_CREDITED_SHOW_MS - 1).last?.outcome).toBe('credited');
    expect(snap(rig, end + TICKET_CREDITED_SHOW_MS).last).toBeNull();
  });

  it("folds the reasons to the player's: expired, already redeemed, not valid here, limit, other", () => {
    const rig = new Rig({ limits: { creditLimit: 5000 } });
    rig.insert(4000);
    const cases = [
      ['expired', 'expired'],
      ['alreadyRedeemed', 'alreadyRedeemed'],
      ['notValidHere', 'notValidHere'],
      ['timedOut', 'other'],
    ] as const;
    for (const [reason, shown] of cases) {
      rig.event(ticket);
      rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: false, reason } });
      expect(snap(rig)).toEqual({
        validating: false,
        last: {
          outcome: 'returned',
          amount: null,
          reason: shown,
          at: rig.now,
          until: rig.now + TICKET_RETURNED_SHOW_MS,
        },
      });
    }
    rig.event(ticket);
    rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: true, amount: 1500 } });
    expect(snap(rig).last?.reason).toBe('limit');
    rig.event({ ...ticket, barcode: '12' });
    expect(snap(rig).last?.reason).toBe('other');
    expect(rig.state.balance).toBe(4000);
  });

  it('drops the last ticket once the player deals a game, and while the next one validates', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.event(ticket);
    rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: false, reason: 'expired' } });
    expect(snap(rig).last?.reason).toBe('expired');
    rig.event(ticket);
    expect(snap(rig)).toEqual({ validating: true, last: null });
    rig.ok({ kind: 'ticketVerdict', barcode: A, verdict: { valid: false, reason: 'expired' } });
    rig.decks.push(stackedDeck('Jc 3d Jh 5s 9c Jd 4c 2h'));
    rig.play({ type: 'deal', bet: 1 });
    expect(snap(rig)).toEqual({ validating: false, last: null });
  });
});
