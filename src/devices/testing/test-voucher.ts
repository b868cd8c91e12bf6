// A voucher for the printer tests.

import type { Voucher } from '../../cabinet/device-events';
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
