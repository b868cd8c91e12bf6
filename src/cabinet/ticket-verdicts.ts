// The words of a ticket's validation, below the state and the inputs that both use them.

export type AcceptorTicketReport = { state: 'none' | 'escrow' | 'stacked' | 'returned'; barcode: string | null };

/** Why a ticket went back to the player (the log's words for each are tickets.ts's). */
export const TICKET_REASONS = [
  'cannotTakeMoney',
  'badBarcode',
  'busy',
  'expired',
  'alreadyRedeemed',
  'notValidHere',
  'creditLimit',
  'timedOut',
] as const;
export type TicketReason = (typeof TICKET_REASONS)[number];

/** What the validator (the cabinet's own vouchers, or a casino system) said of a ticket. */
export type TicketVerdict =
  | { valid: true; amount: number }
  /** `code`: the validator's own word for the refusal, kept with the outcome (SAS: the 71 machine status). */
  | { valid: false; reason: TicketReason; code?: number };
