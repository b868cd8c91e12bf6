// Ticket in through the casino system (issue 15, docs/protocols/sas.md): the SAS link's view of
// the ticket in the acceptor, read from the committed state like every other reply (C-13), and
// the host's 71 as the ticket's validator: the verdict comes back through the runner's
// TicketValidator, the one door the cabinet's own vouchers use too, and is committed before the
// link answers the 71 with the redemption's status. The link derives 67
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

/**
 * With a SAS link the host validates: each ticket's validation waits for the host's 71, which
 * settles it with the host's verdict; the runner's time-out (or its close) settles it too, as
 * refused, so no validation is left waiting for an answer that can no longer come.
 */
export class HostTicketValidator {
  private readonly waiting = new Map<string, { verdict: Promise<TicketVerdict>; resolve(v: TicketVerdict): void }>();

  readonly validate: TicketValidator = (barcode, signal) => {
    let resolve!: (v: TicketVerdict) => void;
    let reject!: (e: Error) => void;
    const verdict = new Promise<TicketVerdict>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    const entry = { verdict, resolve };
    this.waiting.set(barcode, entry);
    const stop = () => {
      if (this.waiting.get(barcode) === entry) this.waiting.delete(barcode);
      reject(new Error(`no verdict from the casino system on ${barcode}: ${String(signal.reason)}`));
    };
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    return verdict;
  };

  /**
   * The host's 71 on the ticket with this barcode, as its validation's verdict. Settles once the
   * cabinet has stepped (and committed) it: the runner took the validation first, so its answer
   * runs before this one. Null when no validation of that ticket waits.
   */
  answer(barcode: string, verdict: TicketVerdict): Promise<void> | null {
    const entry = this.waiting.get(barcode);
    if (!entry) return null;
    this.waiting.delete(barcode);
    entry.resolve(verdict);
    return entry.verdict.then(() => undefined);
  }
}

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
  // The machine's own records refuse the host's 71 (src/cabinet/ticket-records.ts).
  if (t.reason === 'amountMismatch') return REDEEM_STATUS.amountDoesNotMatchTicket;
  if (t.reason === 'creditedBefore') return REDEEM_STATUS.unableNow;
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

export function cabinetTicketIn(cabinet: CabinetSide, validator: HostTicketValidator): TicketIn {
  return {
    current: () => redemptionOf(cabinet.state),
    redeem: (id, decision) => {
      const before = redemptionOf(cabinet.state);
      if (before?.id !== id || before.state !== 'awaitingHost') return REDEEM_STATUS.notThisCycle;
      const stepped = validator.answer(before.barcode, hostVerdict(decision));
      // Nobody asked the host for this one since the start (the acceptor has yet to say what it
      // holds): the cabinet asks anew once it knows, as a new redemption.
      if (!stepped) return REDEEM_STATUS.unableNow;
      return stepped.then(() => {
        // Committed: stacking (pending until the acceptor says), or handed back with its reason.
        const after = redemptionOf(cabinet.state);
        if (after?.id !== id) return REDEEM_STATUS.unableNow;
        return after.state === 'complete' ? after.status! : REDEEM_STATUS.pending;
      });
    },
    statusRead: (id) => {
      const t = redemptionOf(cabinet.state);
      const last = cabinet.state.lastTicket;
      if (t?.id !== id || t.state !== 'complete' || t.statusRead || !last) return;
      cabinet.input({ kind: 'sas', command: { type: 'ticketStatusRead', since: last.since } });
    },
  };
}
