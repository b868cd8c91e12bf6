// Ticket in through the casino system (issue 15, docs/protocols/sas.md): the SAS link's view of
// the ticket in the acceptor, read from the committed state like every other reply (C-13), and
// the host's 71 made a cabinet input, committed before the link answers it. The link derives 67
// (a ticket awaits the host) and 68 (a redemption ended and the host has not read how) from
// `current()`: both come again after a restart until the host has done its part, because the
// state they are read from is committed.
//
// A redemption is named by its ticket's barcode and insertion time: a ticket still in escrow after
// a restart is validated again from the start, as a new redemption the host must answer anew
// (it holds the first as pending, so it cannot be redeemed twice).

import type { CabinetState, TicketOutcome, TicketReason, TicketVerdict } from '../../cabinet';
import type { RedeemDecision, TicketIn, TicketRedemption } from '../../devices/sas/machine';
import { REDEEM_STATUS, refusedByHost, TRANSFER_CODE } from '../../devices/sas/ticket-codes';
import type { TicketValidator } from '../runner';
import type { CabinetSide } from './cabinet-machine';

/** With a SAS link the host answers a ticket by its 71 through the link; nothing else does. */
export const hostValidates: TicketValidator = () => new Promise<TicketVerdict>(() => {});

/** The host's transfer codes that refuse a ticket, as the player is told why (the rest: not valid here). */
const HOST_REFUSALS: Readonly<Partial<Record<number, TicketReason>>> = {
  [TRANSFER_CODE.alreadyRedeemed]: 'alreadyRedeemed',
  [TRANSFER_CODE.expired]: 'expired',
  [TRANSFER_CODE.overAutoRedemptionLimit]: 'creditLimit',
};

/** What the host's 71 says of the ticket, as the cabinet's validators say it. */
export function hostVerdict(d: RedeemDecision): TicketVerdict {
  if (refusedByHost(d.transferCode))
    return {
      valid: false,
      reason: HOST_REFUSALS[d.transferCode] ?? 'notValidHere',
      code: REDEEM_STATUS.rejectedByHost,
    };
  // Restricted and promotional credits are not kept here: only cashable tickets are taken.
  if (d.transferCode !== TRANSFER_CODE.cashable)
    return { valid: false, reason: 'notValidHere', code: REDEEM_STATUS.notValidFunction };
  if (!Number.isSafeInteger(d.amount) || d.amount <= 0)
    return { valid: false, reason: 'notValidHere', code: REDEEM_STATUS.notValidAmount };
  return { valid: true, amount: d.amount };
}

/** How a redemption ended, as 71 reports it. */
export function finalStatus(t: TicketOutcome): number {
  if (t.outcome === 'redeemed') return REDEEM_STATUS.cashableRedeemed;
  if (t.code !== undefined) return t.code;
  if (t.reason === 'creditLimit') return REDEEM_STATUS.overCreditLimit;
  if (t.reason === 'timedOut') return REDEEM_STATUS.timedOut;
  if (t.reason === 'cannotTakeMoney') return REDEEM_STATUS.unableNow;
  return REDEEM_STATUS.rejectedByHost;
}

const idOf = (barcode: string, since: number): string => `${barcode}@${since}`;

/** The redemption the link reports: the ticket in escrow, or the last one that went to the host. */
export function redemptionOf(s: CabinetState): TicketRedemption | null {
  if (!s.sas) return null;
  const t = s.ticket;
  if (t) {
    const base = { id: idOf(t.barcode, t.since), barcode: t.barcode };
    return t.phase === 'validating'
      ? { ...base, state: 'awaitingHost' }
      : { ...base, state: 'pending', amount: t.amount ?? 0 };
  }
  const last = s.lastTicket;
  if (!last?.validated) return null;
  return {
    id: idOf(last.barcode, last.since),
    barcode: last.barcode,
    state: 'complete',
    amount: last.amount ?? 0,
    status: finalStatus(last),
    statusRead: s.sas.ticketStatusRead === last.since,
  };
}

export function cabinetTicketIn(cabinet: CabinetSide): TicketIn {
  return {
    current: () => redemptionOf(cabinet.state),
    redeem: (id, decision) => {
      const before = redemptionOf(cabinet.state);
      if (before?.id !== id || before.state !== 'awaitingHost') return REDEEM_STATUS.notThisCycle;
      cabinet.input({ kind: 'ticketVerdict', barcode: before.barcode, verdict: hostVerdict(decision) });
      // Committed: stacking (pending until the acceptor says), or handed back with its reason.
      const after = redemptionOf(cabinet.state);
      if (after?.id !== id) return REDEEM_STATUS.unableNow;
      return after.state === 'complete' ? after.status! : REDEEM_STATUS.pending;
    },
    statusRead: (id) => {
      const t = redemptionOf(cabinet.state);
      const last = cabinet.state.lastTicket;
      if (t?.id !== id || t.state !== 'complete' || t.statusRead || !last) return;
      cabinet.input({ kind: 'sas', command: { type: 'ticketStatusRead', since: last.since } });
    },
  };
}
