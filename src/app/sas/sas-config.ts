// `devices.sas` in the config file: the SAS link to a casino system (docs/protocols/sas.md).
// {"path": "/dev/ttyS3", "address": 1, "accountingDenomination": 1, "allowClockSet": false,
// "allowRemoteHandpayReset": false, "validation": "secure-enhanced", "disableAfterSeconds": 600},
// or "simulated" (a host simulator on the far end); absent, no link. A currency or accounting denomination SAS cannot report refuses the start.

import type { CabinetSettings, SasSettings } from '../../cabinet';
import { accountingDenominationCode } from '../../devices/sas/meter-codes';
import type { SasLink } from '../config-file';

export interface SasConfig {
  /** The port, or the host simulator on an in-memory line. */
  path: string | 'simulated';
  settings: SasSettings;
}

/**
 * The link as the file gives it, already checked against its declaration (SAS_LINK in
 * src/app/config-file.ts); `fail` throws the config's own error with the message given.
 */
export function parseSasConfig(
  v: SasLink | undefined,
  settings: CabinetSettings,
  fail: (message: string) => never,
): SasConfig | null {
  if (v === undefined) return null;
  const input = v === 'simulated' ? { path: 'simulated', address: 1 } : v;
  const sas: SasSettings = {
    address: input.address,
    accountingDenomination: input.accountingDenomination ?? 1,
    allowClockSet: input.allowClockSet ?? false,
    allowRemoteHandpayReset: input.allowRemoteHandpayReset ?? false,
    validation: input.validation ?? 'secure-enhanced',
    disableAfterSeconds: input.disableAfterSeconds ?? null,
  };
  const problem = sasMoneyProblem(sas, settings);
  if (problem) fail(`devices.sas: ${problem}`);
  return { path: input.path, settings: sas };
}

/** Why SAS cannot report this cabinet's money, or null. */
export function sasMoneyProblem(sas: SasSettings, settings: CabinetSettings): string | null {
  const { currency, minorDigits, chipValues } = settings;
  // SAS carries money in cents and in credits of a denomination counted in cents.
  if (minorDigits > 2)
    return `currency ${currency} with ${minorDigits} minor digits has no whole cents: SAS cannot report its money`;
  try {
    accountingDenominationCode({ accountingDenomination: sas.accountingDenomination, minorDigits });
  } catch (e) {
    return (e as Error).message;
  }
  const odd = chipValues.find((c) => c % sas.accountingDenomination !== 0);
  if (odd !== undefined)
    return `chip value ${odd} is not a whole number of credits of the accounting denomination ${sas.accountingDenomination}: the meters would lose money`;
  return null;
}
