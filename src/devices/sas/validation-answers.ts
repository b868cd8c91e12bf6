// The polls of validation and ticket printing, answered as the machine's validation mode says
// (the standard's chapter 15): secure enhanced (4C sets the ID), system (57 tells the host what
// is to be paid, 58 brings the host's number), standard (3D's long poll reads the last voucher's
// own number); the records of the first two are read with 4D (ticket-replies.ts). A poll of
// another mode goes unanswered, as one the machine does not support. 7B, 7C and 7D (the host's
// controls and ticket text) and A0 (what the machine does) are answered in every mode.

import { cents, knownGame, type Answer, type PollContext } from './answer';
import { featureBytes } from './features';
import type { HostTicketData } from './machine';
import {
  NOT_WAITING_FOR_VALIDATION,
  encodeCashOutTicket,
  encodeEnabledFeatures,
  encodeExtendedValidation,
  encodePendingCashout,
  encodeStatusReply,
  encodeValidationId,
} from './replies';
import type { ExtendedTicketDataRequest, LongPollRequest, TicketDataRequest } from './requests';

/** 58's answer when the validation number itself cannot be used (16 digits of zeros, say). */
const IMPROPER_VALIDATION = 0x81;

export function validationAnswer(ctx: PollContext, req: LongPollRequest): Answer | null | undefined {
  const m = ctx.machine;
  const a = ctx.address;
  const mode = m.validationMode();
  switch (req.command) {
    case 0x3d: {
      // Standard validation only: under the other two the validation controller reads 4D.
      const t = mode === 'standard' ? m.lastCashOutTicket() : null;
      if (!t) return null;
      return {
        reply: encodeCashOutTicket(a, { validationNumber: t.validationNumber, amountCents: cents(ctx, t.amount) }),
        taken: () => m.cashOutTicketRead(t.validationNumber),
      };
    }
    case 0x4c: {
      const r =
        mode === 'secure-enhanced'
          ? m.setValidationId({ validationId: req.validationId, sequence: req.sequence })
          : null;
      return r && { reply: encodeValidationId(a, r.validationId, r.sequence) };
    }
    case 0x57: {
      if (mode !== 'system') return null;
      const p = m.pendingCashout();
      return {
        reply: encodePendingCashout(
          a,
          p
            ? { cashoutType: 0x00, amountCents: cents(ctx, p.amount) }
            : { cashoutType: NOT_WAITING_FOR_VALIDATION, amountCents: 0 },
        ),
      };
    }
    case 0x58: {
      if (mode !== 'system') return null;
      const refused = req.systemId === 0;
      const status =
        !refused && /^0{16}$/.test(req.validationNumber)
          ? IMPROPER_VALIDATION
          : m.systemValidation(req.systemId, req.validationNumber);
      return { reply: encodeStatusReply(a, 0x58, status) };
    }
    case 0x7b: {
      const v = m.extendedValidation({
        mask: req.controlMask,
        states: req.controlStates,
        cashableExpirationDays: req.cashableExpirationDays,
        restrictedExpirationDays: req.restrictedExpirationDays,
      });
      return { reply: encodeExtendedValidation(a, { assetNumber: m.assetNumber(), ...v }) };
    }
    case 0x7c:
    case 0x7d:
      return { reply: encodeStatusReply(a, req.command, m.setTicketData(ticketData(req)) ? 1 : 0) };
    case 0xa0:
      if (!knownGame(ctx, req.game)) return null;
      return {
        reply: encodeEnabledFeatures(
          a,
          req.game,
          featureBytes({ validation: mode, ticketRedemption: m.ticketIn !== undefined }),
        ),
      };
    default:
      return undefined;
  }
}

/** The host's ticket data as the machine takes it, from 7C's elements or 7D's fields. */
export function ticketData(req: ExtendedTicketDataRequest | TicketDataRequest): HostTicketData {
  const d: HostTicketData = {};
  if (req.command === 0x7c) {
    // Restricted and debit ticket titles (10, 20) name tickets this machine never prints.
    for (const i of req.items) {
      if (i.code === 0x00) d.location = i.text;
      if (i.code === 0x01) d.address1 = i.text;
      if (i.code === 0x02) d.address2 = i.text;
    }
    return d;
  }
  if (req.location !== null) d.location = req.location;
  if (req.address1 !== null) d.address1 = req.address1;
  if (req.address2 !== null) d.address2 = req.address2;
  if (req.expirationDays !== null) d.expirationDays = req.expirationDays;
  return d;
}
