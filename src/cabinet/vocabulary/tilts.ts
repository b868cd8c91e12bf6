// Why play stops (C-15), declared once: every tilt the cabinet raises, the device it belongs to
// and what clears it (the faults each device may report are ./devices.ts's). A tilt's code is
// built from its cause and read back into its cause here; the screens' texts, the casino
// system's exceptions and the attendant's pages look a cause up, never read a code's words.

import { DEVICE_NAMES, DOORS, type DeviceFault, type DeviceName, type Door } from './devices';

/** How a stop lifts: by itself once its cause is gone, by a technician, by a RAM clear, or by the casino system. */
export type TiltClears = 'cause' | 'technician' | 'ramClear' | 'host';

/** Every kind of stop, with whose it is (a device, the SAS link, or the cabinet's own records) and what clears it. */
export const TILTS = {
  /** A door switch open (C-18): closed again, it lifts. */
  door: { device: 'deck', clears: 'cause' },
  /** The deck has not reported its keys and doors since power-up or since it was silent (C-18). */
  switches: { device: 'deck', clears: 'cause' },
  /** A device not heard from (C-19). */
  offline: { device: 'any', clears: 'cause' },
  /** A fault its device reports (C-15), until the device reports it cleared. */
  fault: { device: 'any', clears: 'cause' },
  /**
   * The SAS port could not carry the link (C-25): raised by versions before a line fault became a
   * host loss (docs/protocols/sas.md); one kept in an older state lifts at the next start.
   */
  sasLine: { device: 'sas', clears: 'cause' },
  /** Play disabled by the casino system (C-25): shown as a stop, never kept as one. */
  outOfService: { device: 'sas', clears: 'host' },
  /** Play stopped after `devices.sas.disableAfterSeconds` without the casino system: shown as a stop, never kept as one. */
  hostLost: { device: 'sas', clears: 'host' },
  /** The meters do not balance (C-9). */
  meters: { device: null, clears: 'technician' },
  /** Stored settings that fail their check (C-7). */
  settings: { device: null, clears: 'technician' },
  /** The mirror of critical memory cannot be written (C-13): a write that succeeds lifts it. */
  mirror: { device: null, clears: 'cause' },
  /** Records refused at start or by the walk of the chain (C-12): only a RAM clear. */
  records: { device: null, clears: 'ramClear' },
  /** The records' TPM counter cannot be reached or used (C-15): it lifts once the counter answers. */
  anchor: { device: null, clears: 'cause' },
} as const satisfies Record<string, { device: DeviceName | 'sas' | 'any' | null; clears: TiltClears }>;
export type TiltKind = keyof typeof TILTS;

/** A stop by its cause. */
export type TiltCause =
  | { kind: 'door'; door: Door }
  | { kind: 'offline'; device: DeviceName }
  | { kind: 'fault'; device: DeviceName; fault: DeviceFault }
  | { kind: Exclude<TiltKind, 'door' | 'offline' | 'fault'> };

/**
 * A fault read back from a code: a device may name one this vocabulary does not (a newer
 * driver's, an older record's), still a fault of that device.
 */
export type ReadTiltCause =
  Exclude<TiltCause, { kind: 'fault' }> | { kind: 'fault'; device: DeviceName; fault: string };

const FIXED_CODES = {
  switches: 'deck:switches',
  sasLine: 'sas:fault:line',
  outOfService: 'host:disabled',
  hostLost: 'host:lost',
  meters: 'meters',
  settings: 'settings',
  mirror: 'mirror',
  records: 'records',
  anchor: 'anchor',
} as const satisfies Record<Exclude<TiltKind, 'door' | 'offline' | 'fault'>, string>;
type FixedKind = keyof typeof FIXED_CODES;

/** The code a tilt is kept and shown under ("door:main", "printer:fault:paperOut", "meters"). */
export function tiltCode(t: TiltCause): string {
  switch (t.kind) {
    case 'door':
      return `door:${t.door}`;
    case 'offline':
      return `${t.device}:offline`;
    case 'fault':
      return `${t.device}:fault:${t.fault}`;
    default:
      return FIXED_CODES[t.kind];
  }
}

const isDevice = (s: string): s is DeviceName => (DEVICE_NAMES as readonly string[]).includes(s);
const isDoor = (s: string): s is Door => (DOORS as readonly string[]).includes(s);
const FIXED_BY_CODE = new Map<string, FixedKind>(
  Object.entries(FIXED_CODES).map(([kind, code]) => [code, kind as FixedKind]),
);

/** The cause a code names, or null for a code the cabinet never raises. */
export function tiltCause(code: string): ReadTiltCause | null {
  const fixed = FIXED_BY_CODE.get(code);
  if (fixed) return { kind: fixed };
  const [first = '', second, third, ...rest] = code.split(':');
  if (rest.length > 0) return null;
  if (first === 'door' && second !== undefined && third === undefined)
    return isDoor(second) ? { kind: 'door', door: second } : null;
  if (!isDevice(first)) return null;
  if (second === 'offline' && third === undefined) return { kind: 'offline', device: first };
  if (second === 'fault' && third) return { kind: 'fault', device: first, fault: third };
  return null;
}

/** What clears the stop a code names (null: not a code the cabinet raises). */
export function tiltClears(code: string): TiltClears | null {
  const cause = tiltCause(code);
  return cause ? TILTS[cause.kind].clears : null;
}

/** The device (or the SAS link) a code's stop belongs to; null for the cabinet's own and for unknown codes. */
export function tiltDevice(code: string): DeviceName | 'sas' | null {
  const cause = tiltCause(code);
  if (!cause) return null;
  if (cause.kind === 'offline' || cause.kind === 'fault') return cause.device;
  return TILTS[cause.kind].device as DeviceName | 'sas' | null;
}

export const METER_TILT = tiltCode({ kind: 'meters' });
export const RECORDS_TILT = tiltCode({ kind: 'records' });
export const MIRROR_TILT = tiltCode({ kind: 'mirror' });
export const ANCHOR_TILT = tiltCode({ kind: 'anchor' });
export const SETTINGS_TILT = tiltCode({ kind: 'settings' });
export const SWITCHES_TILT = tiltCode({ kind: 'switches' });
export const SAS_LINE_TILT = tiltCode({ kind: 'sasLine' });
/** The stop the screen shows while the casino system has play disabled (C-25). */
export const OUT_OF_SERVICE = tiltCode({ kind: 'outOfService' });
/** The stop the screen shows once the casino system has been away `disableAfterSeconds` (C-25). */
export const HOST_LOST_STOP = tiltCode({ kind: 'hostLost' });
