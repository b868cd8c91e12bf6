// How a voucher is numbered on a SAS link, by the link's validation mode (docs/protocols/sas.md,
// "Validation"), and what the casino system may say of vouchers: its number for a cash-out
// (system validation, 58), its read of the last one (standard validation, 3D), its controls and
// its text for the vouchers (7B, 7C, 7D). Each mode has its own rule for a cash-out the host
// cannot take now: secure enhanced prints while the machine can still hold the voucher's record
// for 4D; system validation prints only with the host's number, in time; standard validation
// prints only once the host has read the last voucher's number.

import { refusal, type Outcome, type Transition } from './transition';
import {
  DEFAULT_CONTROLS,
  validationMode,
  type HostControls,
  type HostTicketText,
  type SasCabinetState,
} from './sas-state';

/** The records a validation buffer holds (4D's indexes 01–1F): a voucher whose record would overwrite an unread one is not printed. */
export const VALIDATION_BUFFER = 31;
/** The standard's 15.8: a 58 not come within ten seconds is a refusal. */
export const SYSTEM_VALIDATION_TIMEOUT_MS = 10_000;
/**
 * Standard validation: how many seconds from the cash-out's own the env may go on to find a number
 * the vouchers table does not hold (the number for the cash-out's second, else the next second's,
 * and so on). A floor repeats amount plus time of day; an hour of seconds takes any run of such
 * repeats short of a cabinet whose numbers (a million in all) are nearly spent, and bounds the
 * search in the commit that prints the voucher to that many indexed look-ups.
 */
export const STANDARD_VALIDATION_SECONDS = 3_600;

export type VoucherScheme = 'sas' | 'sas-system' | 'sas-standard';

/** What numbering the next voucher comes to: a number, a wait for the host's, or a handpay and why. */
export type Numbering =
  | { kind: 'number'; validation: string; scheme?: VoucherScheme }
  | { kind: 'wait' }
  | { kind: 'handpay'; reason: string; log?: 'noValidationId' };

export const hostControls = (sas: SasCabinetState): HostControls => sas.controls ?? DEFAULT_CONTROLS;

/** The voucher's validation number on the link; the sequence of secure enhanced validation is taken here. */
export function sasNumbering(tx: Transition, sas: SasCabinetState, amount: number): Numbering {
  switch (validationMode(sas)) {
    case 'secure-enhanced': {
      const current = sas.validation.current;
      if (!current)
        return {
          kind: 'handpay',
          reason: 'cash-out without a validation ID from the casino system',
          log: 'noValidationId',
        };
      const unread = tx.env.sasUnreadVouchers?.() ?? 0;
      if (unread >= VALIDATION_BUFFER)
        return {
          kind: 'handpay',
          reason: `cash-out while the casino system has not read the last ${unread} vouchers (no room for another record)`,
        };
      if (!tx.env.sasValidation) throw new Error('the cabinet has a SAS link but no secure enhanced validation');
      const next = { validationId: current.validationId, sequence: (current.sequence + 1) & 0xffffff };
      tx.set({ sas: { ...sas, validation: { ...sas.validation, current: next } } });
      return { kind: 'number', validation: tx.env.sasValidation(next.validationId, next.sequence), scheme: 'sas' };
    }
    case 'system':
      if (sas.hostLost)
        return { kind: 'handpay', reason: `cash-out while the casino system is away (${sas.hostLost.reason})` };
      return { kind: 'wait' };
    case 'standard': {
      const last = sas.lastCashOutTicket;
      if (last && !last.read)
        return {
          kind: 'handpay',
          reason: `cash-out before the casino system read the last voucher's number (${last.validationNumber})`,
        };
      if (!tx.env.sasStandardValidation) throw new Error('the cabinet has a SAS link but no standard validation');
      const credits = Math.floor(amount / sas.settings.accountingDenomination);
      const validation = tx.env.sasStandardValidation(credits, tx.at + sas.clockOffsetMs);
      if (validation === null)
        return {
          kind: 'handpay',
          reason: `cash-out with no standard validation number left: the numbers of its second and the next ${STANDARD_VALIDATION_SECONDS - 1} were all issued before`,
        };
      return { kind: 'number', validation, scheme: 'sas-standard' };
    }
  }
}

/** 7B: the controls the host may change, and the expiry it gives the vouchers. */
export function extendedValidation(
  tx: Transition,
  sas: SasCabinetState,
  controls: Partial<HostControls>,
  expiry: number | 'never' | undefined,
): Outcome {
  const next: HostControls = { ...hostControls(sas), ...controls };
  const text: HostTicketText = expiry === undefined ? (sas.ticketText ?? {}) : { ...sas.ticketText, expiry };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (same(next, hostControls(sas)) && same(text, sas.ticketText ?? {})) return null;
  tx.set({ sas: { ...sas, controls: next, ticketText: text } });
  tx.log('sas', { event: 'extendedValidation', ...next, expiry: text.expiry ?? null });
  return null;
}

/** 7C, 7D: the host's text for the next vouchers; what it leaves out stays as it was. */
export function ticketText(tx: Transition, sas: SasCabinetState, text: HostTicketText): Outcome {
  for (const line of [text.location, text.address1, text.address2])
    if (line !== undefined && (line.length > 40 || /[^\x20-\x7e]/.test(line)))
      return refusal('C-25', 'the casino system sent ticket text that is not printable ASCII of at most 40 characters');
  const next = { ...sas.ticketText, ...text };
  if (JSON.stringify(next) === JSON.stringify(sas.ticketText ?? {})) return null;
  tx.set({ sas: { ...sas, ticketText: next } });
  tx.log('sas', { event: 'ticketText', ...text });
  return null;
}

/** Standard validation: the host read the last voucher's number (3D), so the next one may print. */
export function cashOutTicketRead(tx: Transition, sas: SasCabinetState, validationNumber: string): Outcome {
  const last = sas.lastCashOutTicket;
  if (!last || last.validationNumber !== validationNumber) return refusal('C-25', 'no such voucher was printed last');
  if (last.read) return null;
  tx.set({ sas: { ...sas, lastCashOutTicket: { ...last, read: true } } });
  tx.log('sas', { event: 'cashOutTicketRead', validationNumber });
  return null;
}
