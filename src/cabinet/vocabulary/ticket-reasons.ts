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
  'amountMismatch',
  'creditedBefore',
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

/** Whether `v` is exactly `length` decimal digits. */
function digits(v: unknown, length: number): v is string {
  if (typeof v !== 'string' || v.length !== length) return false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * The one 18-digit rule: a validation number is exactly 18 decimal digits. Everything that takes
 * one in (the acceptor's driver, the cabinet, the printer, both ends of the SAS link) asks this.
 */
export const isValidationNumber = (v: unknown): boolean => digits(v, VALIDATION_DIGITS);

// The two shapes a casino system's numbers take inside those 18 digits (docs/protocols/sas.md):
// under system validation its system ID (01 to 99) and its own 16 digits; under standard
// validation the machine's 8 digits with ten zeros before them.
const SYSTEM_ID_DIGITS = 2;
const STANDARD_DIGITS = 8;

/** The 16 digits a casino system gives with 58, without its system ID. */
export const isSystemNumber = (v: unknown): boolean => digits(v, VALIDATION_DIGITS - SYSTEM_ID_DIGITS);

/** The 18 digits of a system-validated voucher: the system ID, then its number. */
export const systemValidationNumber = (systemId: number, number: string): string =>
  String(systemId).padStart(SYSTEM_ID_DIGITS, '0') + number;

/** A system-validated voucher's 18 digits: under a system ID 01 to 99. */
export const isSystemValidationNumber = (v: unknown): boolean =>
  digits(v, VALIDATION_DIGITS) && Number(v.slice(0, SYSTEM_ID_DIGITS)) !== 0;

/** Standard validation's 8 digits as the 18 a voucher carries. */
export const standardValidationNumber = (number: string): string => number.padStart(VALIDATION_DIGITS, '0');

/** A standard-validated voucher's 18 digits: its 8 with ten zeros before them. */
export const isStandardValidationNumber = (v: unknown): boolean =>
  digits(v, VALIDATION_DIGITS) && Number(v.slice(0, VALIDATION_DIGITS - STANDARD_DIGITS)) === 0;
