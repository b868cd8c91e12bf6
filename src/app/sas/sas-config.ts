// `devices.sas` in the config file: the SAS link to a casino system (docs/protocols/sas.md).
// {"path": "/dev/ttyS3", "address": 1, "accountingDenomination": 1, "allowClockSet": false,
// "allowRemoteHandpayReset": false}, or "simulated" (a host simulator on the far end); absent,
// no link. A currency or accounting denomination SAS cannot report refuses the start.

import type { CabinetSettings, SasSettings } from '../../cabinet';
import { accountingDenominationCode } from '../../devices/sas/meter-codes';

export interface SasConfig {
  /** The port, or the host simulator on an in-memory line. */
  path: string | 'simulated';
  settings: SasSettings;
}

const KEYS = ['path', 'address', 'accountingDenomination', 'allowClockSet', 'allowRemoteHandpayReset'];

/** `fail` throws the config's own error with the message given. */
export function parseSasConfig(v: unknown, settings: CabinetSettings, fail: (message: string) => never): SasConfig | null {
  const where = 'devices.sas';
  if (v === undefined) return null;
  const input: Record<string, unknown> = v === 'simulated' ? { path: 'simulated', address: 1 } : (v as Record<string, unknown>);
  if (typeof input !== 'object' || input === null || Array.isArray(input)) fail(`${where} must be "simulated" or {"path": ..., "address": 1..127, ...}`);
  for (const k of Object.keys(input)) if (!KEYS.includes(k)) fail(`${where}.${k} is not a known setting (known: ${KEYS.join(', ')})`);
  const path = input.path;
  if (path !== 'simulated' && (typeof path !== 'string' || !/^\/[\w./-]{1,200}$/.test(path))) fail(`${where}.path must be the absolute path of a serial port, e.g. "/dev/ttyS3", or "simulated"`);
  const address = input.address;
  if (typeof address !== 'number' || !Number.isInteger(address) || address < 1 || address > 127) fail(`${where}.address must be a whole number from 1 to 127`);
  const denomination = input.accountingDenomination ?? 1;
  if (typeof denomination !== 'number' || !Number.isSafeInteger(denomination) || denomination < 1) fail(`${where}.accountingDenomination must be a whole number of minor units, at least 1`);
  const flag = (k: 'allowClockSet' | 'allowRemoteHandpayReset'): boolean => {
    const f = input[k] ?? false;
    if (typeof f !== 'boolean') fail(`${where}.${k} must be true or false`);
    return f;
  };
  const sas: SasSettings = { address, accountingDenomination: denomination, allowClockSet: flag('allowClockSet'), allowRemoteHandpayReset: flag('allowRemoteHandpayReset') };
  const problem = sasMoneyProblem(sas, settings);
  if (problem) fail(`${where}: ${problem}`);
  return { path: path as string, settings: sas };
}

/** Why SAS cannot report this cabinet's money, or null. */
export function sasMoneyProblem(sas: SasSettings, settings: CabinetSettings): string | null {
  const { currency, minorDigits, chipValues } = settings;
  // SAS carries money in cents and in credits of a denomination counted in cents.
  if (minorDigits > 2) return `currency ${currency} with ${minorDigits} minor digits has no whole cents: SAS cannot report its money`;
  try {
    accountingDenominationCode({ accountingDenomination: sas.accountingDenomination, minorDigits });
  } catch (e) {
    return (e as Error).message;
  }
  const odd = chipValues.find((c) => c % sas.accountingDenomination !== 0);
  if (odd !== undefined) return `chip value ${odd} is not a whole number of credits of the accounting denomination ${sas.accountingDenomination}: the meters would lose money`;
  return null;
}
