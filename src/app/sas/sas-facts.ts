// What one committed transition means to the casino system: the SAS exceptions it raises and
// the vouchers it adds to the 4D records. Read off the transition itself (the state before and
// after, the rows it logged), so the cabinet knows nothing of SAS codes and every exception is
// raised in the very commit of its event (docs/protocols/sas.md, "Exceptions").

import type { CabinetEffect, CabinetInput, CabinetState, LogEntry } from '../../cabinet';
import { billAcceptedException } from '../../devices/sas/exception-codes';

export interface SasFacts {
  /** Exception codes, in the order raised. */
  exceptions: number[];
  /** Vouchers printed: the state's voucher as it was before the transition, with when. */
  printed: { sequence: number; validation: string; amount: number; at: number; expiresAt: string }[];
}

const DOORS: Record<string, [open: number, closed: number]> = {
  main: [0x11, 0x12],
  logic: [0x15, 0x16],
  cashbox: [0x19, 0x1a],
};

function fromLog(e: LogEntry, prev: CabinetState, next: CabinetState, facts: SasFacts): void {
  const d = e.data;
  switch (e.kind) {
    case 'door': {
      const codes = DOORS[String(d.door)];
      if (codes) facts.exceptions.push(d.open ? codes[0] : codes[1]);
      return;
    }
    case 'tilt':
      if (d.event === 'on' && d.code === 'meters') facts.exceptions.push(0x20);
      return;
    case 'fault': {
      const code = String(d.code ?? '');
      if (d.device === 'acceptor' && d.event === 'fault') {
        if (/stackerFull/i.test(code)) facts.exceptions.push(0x27);
        else if (/jam/i.test(code)) facts.exceptions.push(0x28);
      } else if (d.device === 'printer' && (d.event === 'fault' || d.event === 'offline')) {
        facts.exceptions.push(/paper/i.test(code) ? 0x61 : 0x60);
      }
      return;
    }
    case 'note':
      if (d.event === 'stacked' && typeof d.value === 'number')
        facts.exceptions.push(billAcceptedException(d.value, next.settings.minorDigits));
      return;
    case 'voucher':
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
