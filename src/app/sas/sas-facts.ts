// What one committed transition means to the casino system: the SAS exceptions it raises and
// the vouchers it adds to the 4D records. Read off the transition itself (the state before and
// after, the rows it logged), so the cabinet knows nothing of SAS codes and every exception is
// raised in the very commit of its event (docs/protocols/sas.md, "Exceptions").

import {
  isDeviceFault,
  METER_TILT,
  type CabinetEffect,
  type CabinetInput,
  type CabinetState,
  type DeviceFault,
  type Door,
  type LogEntry,
} from '../../cabinet';
import { billAcceptedException } from '../../devices/sas/exception-codes';

export interface SasFacts {
  /** Exception codes, in the order raised. */
  exceptions: number[];
  /** Vouchers printed: the state's voucher as it was before the transition, with when. */
  printed: { sequence: number; validation: string; amount: number; at: number; expiresAt: string }[];
}

const DOORS: Record<Door, [open: number, closed: number]> = {
  main: [0x11, 0x12],
  logic: [0x15, 0x16],
  cashbox: [0x19, 0x1a],
};

/** What each acceptor fault tells the casino system: cashbox full, bill jam, or nothing it has a code for. */
const ACCEPTOR_FAULTS: Record<DeviceFault<'acceptor'>, number | null> = {
  stackerFull: 0x27,
  jamInAcceptor: 0x28,
  jamInStacker: 0x28,
  stackerOpen: null,
  pause: null,
  cheated: null,
  failure: null,
  communicationError: null,
  currency: null,
  initializeTimeout: null,
};

/** A printer fault is paper out or, like the printer going silent, a printer communication error. */
const PRINTER_FAULTS: Record<DeviceFault<'printer'>, number> = {
  paperOut: 0x61,
  coverOpen: 0x60,
  cutterError: 0x60,
  printerError: 0x60,
  autoRecoverableError: 0x60,
};
const PRINTER_ERROR = 0x60;

function fromLog(e: LogEntry, prev: CabinetState, next: CabinetState, facts: SasFacts): void {
  switch (e.kind) {
    case 'door':
      facts.exceptions.push(DOORS[e.data.door][e.data.open ? 0 : 1]);
      return;
    case 'tilt':
      if (e.data.event === 'on' && e.data.code === METER_TILT) facts.exceptions.push(0x20);
      return;
    case 'fault': {
      const d = e.data;
      const fault: string = d.event === 'fault' ? d.code : '';
      if (d.device === 'acceptor' && d.event === 'fault') {
        const code = isDeviceFault('acceptor', fault) ? ACCEPTOR_FAULTS[fault] : null;
        if (code !== null) facts.exceptions.push(code);
      } else if (d.device === 'printer' && d.event === 'fault') {
        facts.exceptions.push(isDeviceFault('printer', fault) ? PRINTER_FAULTS[fault] : PRINTER_ERROR);
      } else if (d.device === 'printer' && d.event === 'offline') {
        facts.exceptions.push(PRINTER_ERROR);
      }
      return;
    }
    case 'note':
      if (e.data.event === 'stacked')
        facts.exceptions.push(billAcceptedException(e.data.value, next.settings.currency, next.settings.minorDigits));
      return;
    case 'voucher': {
      const d = e.data;
      if (d.event === 'printed' && prev.voucher && prev.voucher.validation === d.validation) {
        const v = prev.voucher;
        facts.printed.push({
          sequence: v.sequence,
          validation: v.validation,
          amount: v.amount,
          at: e.at,
          expiresAt: v.expiresAt,
        });
        facts.exceptions.push(0x3d);
      } else if (d.event === 'noValidationId') {
        facts.exceptions.push(0x3f);
      }
      return;
    }
  }
}

export function sasFacts(
  prev: CabinetState,
  next: CabinetState,
  effects: readonly CabinetEffect[],
  input: CabinetInput,
): SasFacts {
  const facts: SasFacts = { exceptions: [], printed: [] };
  // Power is found lost only when it comes back: both are reported at power-up.
  if (input.kind === 'powerUp') facts.exceptions.push(0x18, 0x17);
  const pg = prev.game;
  const ng = next.game;
  if (ng && ng.id !== pg?.id) facts.exceptions.push(0x7e);
  for (const e of effects) if (e.type === 'log') fromLog(e.entry, prev, next, facts);
  if (ng?.outcome && (ng.id !== pg?.id || !pg.outcome)) facts.exceptions.push(0x7f);
  if (!prev.handpay && next.handpay) facts.exceptions.push(0x51);
  if (prev.handpay && !next.handpay) facts.exceptions.push(0x52);
  const sasSettings = (s: CabinetState) => JSON.stringify(s.sas?.settings ?? null);
  if (prev.settings !== next.settings || sasSettings(prev) !== sasSettings(next)) facts.exceptions.push(0x3c);
  return facts;
}
