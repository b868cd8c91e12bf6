// Why a ticket went back to the player, and who validated it: the cabinet decides these, the
// player's screen and the attendant's list (the contract's, which adds the acceptor's own
// returns) read them.

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
