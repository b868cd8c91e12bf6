// A voucher for the printer tests.

import type { Voucher } from '../../cabinet/device-events';
import { makeValidationNumber } from '../printer/validation-number';

export const VOUCHER: Voucher = {
  validation: makeValidationNumber({ machine: 1234, sequence: 7 }),
  amount: 12345,
  currency: 'USD',
  minorDigits: 2,
  venue: 'GOLDEN NUGGET TEST',
  machine: '1234',
  issuedAt: '2025-03-01T21:15:00Z',
  expiresAt: '2025-05-30T00:00:00Z',
  sequence: 7,
};
