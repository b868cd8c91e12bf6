// The words of a ticket's validation, below the state and the inputs that both use them.

import type { TicketReason } from './vocabulary/ticket-reasons';

export {
  isStandardValidationNumber,
  isSystemNumber,
  isSystemValidationNumber,
  isValidationNumber,
  standardValidationNumber,
  systemValidationNumber,
  TICKET_REASONS,
  TICKET_VALIDATORS,
  VALIDATION_DIGITS,
  type TicketReason,
  type TicketValidatedBy,
} from './vocabulary/ticket-reasons';

export type AcceptorTicketReport = { state: 'none' | 'escrow' | 'stacked' | 'returned'; barcode: string | null };

/** What the validator (the cabinet's own vouchers, or a casino system) said of a ticket. */
export type TicketVerdict =
  | { valid: true; amount: number }
  /** `code`: the validator's own word for the refusal, kept with the outcome (SAS: the 71 machine status). */
  | { valid: false; reason: TicketReason; code?: number };
