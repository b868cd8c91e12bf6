// Why a handpay is due (C-4, C-5), in the cabinet's own words rather than a sentence: the
// screens say it in the attendant's language with money in the currency, and the log row keeps
// it beside the English reason the command line prints. Rows and states from before it have the
// reason alone.

import { z } from 'zod';

export const HANDPAY_CAUSE = z.discriminatedUnion('type', [
  /** A single win at or above the handpay limit: the hand that won it (a category, as the core names it). */
  z.strictObject({ type: z.literal('win'), hand: z.string().max(32).nullable() }),
  /** A cash-out above the ticket limit (minor units). */
  z.strictObject({ type: z.literal('ticketLimit'), limit: z.number().int().nonnegative() }),
  /** A cash-out while the printer cannot print: its faults (the devices' fault codes). */
  z.strictObject({ type: z.literal('printer'), faults: z.array(z.string().max(32)).max(8) }),
  /** The voucher failed to print. */
  z.strictObject({ type: z.literal('voucherFailed') }),
  /** After a restart the printer could not say whether the voucher printed. */
  z.strictObject({ type: z.literal('voucherUnknown') }),
  /** The casino system could not number the voucher, or has the printer off for cash-outs. */
  z.strictObject({ type: z.literal('casinoSystem') }),
  /** A cash-out of credits found at a start the records' TPM counter could not prove the latest (C-15). */
  z.strictObject({ type: z.literal('unprovenStart') }),
]);

export type HandpayCause = z.infer<typeof HANDPAY_CAUSE>;
