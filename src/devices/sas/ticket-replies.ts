// Tickets on the SAS link (docs/protocols/sas.md, "Ticket in: 70 and 71"): the general poll's 67
// and 68, derived from the redemption the machine reports; 70, the ticket's validation data; 71,
// the host's redemption and its status; and 4D, the records of the tickets this machine printed.
// Whatever must reach the host exactly once (a 68 until it is read, a record read, a final
// status) is given up only when its reply is taken (link.ts keeps the acknowledgement).

import { isValidationNumber, VALIDATION_DIGITS } from '../../cabinet/ticket-verdicts';
import type { Answer, ExceptionReport } from './answer';
import { EXCEPTION } from './exception-codes';
import { SasFormatError } from './frame';
import type { TicketIn, ValidationRecord, ValidationRecords } from './machine';
import { minorToCents, type MoneyUnits } from './meter-codes';
import { encodeRedeem, encodeTicketValidation, encodeValidationInfo, type ValidationInfoReply } from './replies';
import type { RedeemRequest } from './requests';
import { REDEEM_STATUS } from './ticket-codes';

export interface TicketRepliesOptions {
  address: number;
  money: MoneyUnits;
  /** How long after a taken 68 it is raised again while the host has not read the final status. */
  reissue68Ms: number;
  now: () => number;
}

export class TicketReplies {
  private taken67: string | null = null;
  private taken68: { id: string; at: number } | null = null;

  constructor(private readonly o: TicketRepliesOptions) {}

  /**
   * The general poll's word on tickets: 68 while the host has not read how the last redemption
   * ended (again each `reissue68Ms` once taken), 67 once for a ticket awaiting the host; else null.
   */
  exception(ticketIn: TicketIn | undefined): ExceptionReport | null {
    const ticket = ticketIn?.current() ?? null;
    if (ticket?.state === 'complete' && !ticket.statusRead) {
      const t = this.taken68;
      if (!t || t.id !== ticket.id || this.o.now() - t.at >= this.o.reissue68Ms) {
        return {
          code: EXCEPTION.ticketTransferComplete,
          taken: () => (this.taken68 = { id: ticket.id, at: this.o.now() }),
        };
      }
    }
    if (ticket?.state === 'awaitingHost' && this.taken67 !== ticket.id) {
      return { code: EXCEPTION.ticketInserted, taken: () => (this.taken67 = ticket.id) };
    }
    return null;
  }

  /** 70: the validation data of the ticket in escrow, or that there is none. */
  validation(ticketIn: TicketIn): Answer {
    const t = ticketIn.current();
    const inEscrow = t && (t.state === 'awaitingHost' || t.state === 'pending');
    // The acceptor reads the barcode, not the amount: the host knows it from its own records.
    return {
      reply: encodeTicketValidation(
        this.o.address,
        inEscrow ? { inEscrow: true, amountCents: 0, barcode: t.barcode } : { inEscrow: false },
      ),
    };
  }

  /** 71 FF: how the redemption stands; the final status is taken once its reply is. */
  status(ticketIn: TicketIn): Answer {
    const t = ticketIn.current();
    if (!t) return { reply: encodeRedeem(this.o.address, { machineStatus: REDEEM_STATUS.noValidationInformation }) };
    const amountCents = minorToCents(t.amount ?? 0, this.o.money.minorDigits);
    if (t.state !== 'complete')
      return {
        reply: encodeRedeem(this.o.address, {
          machineStatus: t.state === 'pending' ? REDEEM_STATUS.pending : REDEEM_STATUS.waitingForHost,
          amountCents,
          barcode: t.barcode,
        }),
      };
    return {
      reply: encodeRedeem(this.o.address, {
        machineStatus: t.status ?? REDEEM_STATUS.rejectedByHost,
        amountCents,
        barcode: t.barcode,
      }),
      taken: () => ticketIn.statusRead(t.id),
    };
  }

  /**
   * 71: the host's redemption of the ticket awaiting it. Refused here for no such redemption, for
   * another barcode or an amount that is not whole minor units; otherwise the machine decides,
   * at once or once it has committed the verdict.
   */
  redeem(ticketIn: TicketIn, req: RedeemRequest): Answer | Promise<Answer> {
    const a = this.o.address;
    const t = ticketIn.current();
    const echo = { amountCents: req.amountCents, barcode: req.barcode };
    if (!t || t.state !== 'awaitingHost')
      return { reply: encodeRedeem(a, { machineStatus: REDEEM_STATUS.notThisCycle }) };
    if (req.barcode !== t.barcode)
      return { reply: encodeRedeem(a, { machineStatus: REDEEM_STATUS.validationNumberDoesNotMatch, ...echo }) };
    const minor = (req.amountCents * 10 ** this.o.money.minorDigits) / 100;
    if (!Number.isSafeInteger(minor))
      return { reply: encodeRedeem(a, { machineStatus: REDEEM_STATUS.notValidAmount, ...echo }) };
    const status = ticketIn.redeem(t.id, {
      transferCode: req.transferCode,
      amount: minor,
      ...(req.restricted ? { restrictedExpiration: req.restricted.expiration, poolId: req.restricted.poolId } : {}),
    });
    const reply = (machineStatus: number): Answer => ({ reply: encodeRedeem(a, { machineStatus, ...echo }) });
    return typeof status === 'number' ? reply(status) : status.then(reply);
  }

  /** 4D: the record of a voucher printed (00 the oldest unread, FF the same without reading it, 01–1F by index). */
  voucherRecord(records: ValidationRecords, fn: number): Answer {
    const rec = fn === 0x00 || fn === 0xff ? records.oldestUnread() : records.atIndex(fn);
    const reply = encodeValidationInfo(this.o.address, rec && this.validationReply(rec));
    // Only "read current" (00) consumes a record, and only once its reply is taken.
    return fn === 0x00 && rec ? { reply, taken: () => records.markRead(rec) } : { reply };
  }

  private validationReply(r: ValidationRecord): ValidationInfoReply {
    if (!isValidationNumber(r.barcode))
      throw new SasFormatError(`validation record barcode "${r.barcode}" is not ${VALIDATION_DIGITS} digits`);
    const e = r.expires;
    const expiration =
      e === null
        ? '00000000'
        : e === 'never'
          ? '00009999'
          : [e.month, e.day].map((n) => String(n).padStart(2, '0')).join('') + String(e.year).padStart(4, '0');
    return {
      type: r.type,
      index: r.index,
      at: r.at,
      validationNumber: r.barcode.slice(2),
      amountCents: minorToCents(r.amount, this.o.money.minorDigits),
      ticketNumber: r.ticketNumber ?? 0xffff,
      systemId: Number(r.barcode.slice(0, 2)),
      expiration,
      poolId: 0,
    };
  }
}
