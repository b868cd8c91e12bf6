// Why a ticket went back to the player, and who validated it: the cabinet decides these, the
// player's screen and the attendant's list (the contract's, which adds the acceptor's own
// returns) read them. And what a ticket's number must be to be read at all.

/** Why a ticket went back to the player (the log's words for each are tickets.ts's). */
export const TICKET_REASONS = [
  'cannotTakeMoney',
  'badBarcode',
  'badCheckDigits',
  'busy',
  'expired',
  'alreadyRedeemed',
  'notValidHere',
  'creditLimit',
  'timedOut',
  'ticketsLocked',
] as const;
export type TicketReason = (typeof TICKET_REASONS)[number];

/**
 * Who validates a ticket: the casino system where the cabinet has a SAS link, the cabinet by its
 * own vouchers otherwise.
 */
export const TICKET_VALIDATORS = ['host', 'cabinet'] as const;
export type TicketValidatedBy = (typeof TICKET_VALIDATORS)[number];

/** The digits of a voucher's validation number, as printed and as its barcode reads (C-17). */
export const VALIDATION_DIGITS = 18;

/**
 * The one 18-digit rule: a validation number is exactly 18 decimal digits. Everything that takes
 * one in (the acceptor's driver, the cabinet, the printer, both ends of the SAS link) asks this.
 */
export function isValidationNumber(v: unknown): boolean {
  if (typeof v !== 'string' || v.length !== VALIDATION_DIGITS) return false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}
