// A voucher and a handpay's receipt for the printer tests.

import type { HandpayReceipt, Voucher } from '../../cabinet/device-events';
import { legacyValidation } from '../../cabinet/testing/rig';

export const VOUCHER: Voucher = {
  validation: legacyValidation(1234, 7),
  amount: 12345,
  currency: 'USD',
  minorDigits: 2,
  venue: 'GOLDEN NUGGET TEST',
  machine: '1234',
  issuedAt: '2025-03-01T21:15:00Z',
  expiresAt: '2025-05-30T00:00:00Z',
  sequence: 7,
};

/** A handpay's receipt for the printer tests: a royal flush paid by the attendant. */
export const RECEIPT: HandpayReceipt = {
  number: 3,
  reprint: 0,
  kind: 'jackpot',
  amount: 125_000,
  currency: 'USD',
  minorDigits: 2,
  venue: 'GOLDEN NUGGET TEST',
  machine: '1234',
  game: 'Jacks or Better',
  payTable: '9/6',
  gameId: 42,
  reason: 'royal flush: win of 1,250.00 USD, at or above the handpay limit of 1,200.00 USD',
  lockedAt: '2025-03-01T21:15:00.000Z',
  paidAt: '2025-03-01T21:19:30.000Z',
  paidBy: 'attendant',
};
