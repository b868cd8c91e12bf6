// C-15: the screen says why play stopped. A tilt's code is read back into its cause by the
// cabinet's own declaration (src/cabinet/vocabulary/tilts.ts, carried by the contract) and each
// cause looked up here; a code the cabinet does not declare falls back to its reason string, so
// a stop is never shown as a blank.

import { tiltCause, type DeviceFault, type DeviceName, type Door, type ReadTiltCause } from '../../src/contract';
import { t, type TextKey } from './texts';
import type { Language } from './language';

const DOOR: Record<Door, TextKey> = {
  main: 'tilt.door.main',
  logic: 'tilt.door.logic',
  cashbox: 'tilt.door.cashbox',
};
const OFFLINE: Record<DeviceName, TextKey> = {
  acceptor: 'tilt.offline.acceptor',
  printer: 'tilt.offline.printer',
  deck: 'tilt.offline.deck',
};

/** Each fault a device may report, in words; a fault the vocabulary does not name reads as the device's fault. */
const FAULTS: { [D in DeviceName]: { any: TextKey; each: Record<DeviceFault<D>, TextKey> } } = {
  acceptor: {
    any: 'tilt.acceptor.fault',
    each: {
      stackerFull: 'tilt.acceptor.stackerFull',
      stackerOpen: 'tilt.acceptor.stackerOpen',
      jamInAcceptor: 'tilt.acceptor.jam',
      jamInStacker: 'tilt.acceptor.jam',
      pause: 'tilt.acceptor.fault',
      cheated: 'tilt.acceptor.fault',
      failure: 'tilt.acceptor.fault',
      communicationError: 'tilt.acceptor.fault',
      jam: 'tilt.acceptor.jam',
      calibration: 'tilt.acceptor.fault',
      stalled: 'tilt.acceptor.fault',
      transportOpen: 'tilt.acceptor.fault',
      outOfService: 'tilt.acceptor.fault',
      currency: 'tilt.acceptor.currency',
      noteReporting: 'tilt.acceptor.fault',
      initializeTimeout: 'tilt.acceptor.initializing',
    },
  },
  printer: {
    any: 'tilt.printer.fault',
    each: {
      paperOut: 'tilt.printer.paper',
      coverOpen: 'tilt.printer.cover',
      paperJam: 'tilt.printer.fault',
      headUp: 'tilt.printer.cover',
      cutterError: 'tilt.printer.fault',
      printerError: 'tilt.printer.fault',
      autoRecoverableError: 'tilt.printer.fault',
    },
  },
  deck: { any: 'tilt.deck.fault', each: {} },
};

export function faultKey(device: DeviceName, fault: string): TextKey {
  const { any, each } = FAULTS[device];
  return Object.hasOwn(each, fault) ? (each as Record<string, TextKey>)[fault]! : any;
}

const KEY: { [K in ReadTiltCause['kind']]: (cause: Extract<ReadTiltCause, { kind: K }>) => TextKey } = {
  door: (c) => DOOR[c.door],
  switches: () => 'tilt.deck.switches',
  offline: (c) => OFFLINE[c.device],
  fault: (c) => faultKey(c.device, c.fault),
  sasLine: () => 'tilt.sas.line',
  outOfService: () => 'tilt.outOfService',
  hostLost: () => 'tilt.hostLost',
  meters: () => 'tilt.meters',
  settings: () => 'tilt.settings',
  mirror: () => 'tilt.mirror',
  anchor: () => 'tilt.anchor',
  records: () => 'tilt.records',
};

/** The text key for a tilt code, or null when the code is not one the cabinet declares. */
export function tiltKey(code: string): TextKey | null {
  const cause = tiltCause(code);
  return cause ? (KEY[cause.kind] as (c: ReadTiltCause) => TextKey)(cause) : null;
}

export function tiltText(language: Language, code: string, reason: string): string {
  const key = tiltKey(code);
  return key ? t(language, key) : reason;
}
