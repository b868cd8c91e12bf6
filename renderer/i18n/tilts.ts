// C-15: the screen says why play stopped. Tilt codes are the cabinet's ("door:main",
// "printer:fault:paperOut", "acceptor:offline", "meters", "records"); unknown ones fall back to the
// cabinet's own reason string, so a new fault is never shown as a blank.

import { t, type TextKey } from './texts';
import type { Language } from './language';

const DOOR: Record<string, TextKey> = {
  main: 'tilt.door.main',
  logic: 'tilt.door.logic',
  cashbox: 'tilt.door.cashbox',
};
const OFFLINE: Record<string, TextKey> = {
  acceptor: 'tilt.offline.acceptor',
  printer: 'tilt.offline.printer',
  deck: 'tilt.offline.deck',
};

function printerFault(code: string): TextKey {
  if (/paper/i.test(code)) return 'tilt.printer.paper';
  if (/cover|open/i.test(code)) return 'tilt.printer.cover';
  if (/jam/i.test(code)) return 'tilt.printer.jam';
  return 'tilt.printer.fault';
}

function acceptorFault(code: string): TextKey {
  if (code === 'currency') return 'tilt.acceptor.currency';
  if (code === 'initializeTimeout') return 'tilt.acceptor.initializing';
  if (/jam/i.test(code)) return 'tilt.acceptor.jam';
  if (/stackerFull/i.test(code)) return 'tilt.acceptor.stackerFull';
  if (/stackerOpen/i.test(code)) return 'tilt.acceptor.stackerOpen';
  return 'tilt.acceptor.fault';
}

/** The text key for a tilt code, or null when the code is not one this screen knows. */
export function tiltKey(code: string): TextKey | null {
  if (code === 'meters') return 'tilt.meters';
  if (code === 'records') return 'tilt.records';
  if (code === 'mirror') return 'tilt.mirror';
  if (code === 'host:disabled') return 'tilt.outOfService';
  if (code === 'settings') return 'tilt.settings';
  const [device = '', kind = '', detail = ''] = code.split(':');
  if (device === 'door') return DOOR[kind] ?? 'tilt.door.other';
  if (device === 'deck' && kind === 'switches') return 'tilt.deck.switches';
  if (kind === 'offline') return OFFLINE[device] ?? null;
  if (kind === 'fault') {
    if (device === 'printer') return printerFault(detail);
    if (device === 'acceptor') return acceptorFault(detail);
    if (device === 'deck') return 'tilt.deck.fault';
    if (device === 'sas') return 'tilt.sas.line';
  }
  return null;
}

export function tiltText(language: Language, code: string, reason: string): string {
  const key = tiltKey(code);
  return key ? t(language, key) : reason;
}
