// The ID-003 settings a simulated acceptor keeps and echoes (C0–C7, the setting requests 80–8A):
// what a controller sets is kept until the next power-up and read back as it was set.

import type { CurrencyEntry, Id003Command, Id003Response } from './codec';
import { BAR_INHIBIT } from './codes';

export interface UnitSettings {
  inhibited: boolean;
  inhibitMask: number;
  barcodeFunction: { symbology: number; characters: number };
  barInhibit: number;
}

/** At power-up: inhibited, no symbology set, notes taken and tickets not (what a real unit starts with is its own; the driver sets both). */
export const powerUpSettings = (): UnitSettings => ({
  inhibited: true,
  inhibitMask: 0,
  barcodeFunction: { symbology: 0, characters: 0 },
  barInhibit: BAR_INHIBIT.reserved | BAR_INHIBIT.tickets,
});

type SettingCommand = Exclude<
  Id003Command,
  { type: 'statusRequest' | 'ack' | 'reset' | 'stack1' | 'stack2' | 'return' | 'hold' | 'wait' }
>;

/** The answer to a setting command or request; a setting is kept in `u`. */
export function answerSetting(
  cmd: SettingCommand,
  u: UnitSettings,
  fixed: { version: string; entries: CurrencyEntry[] },
): Id003Response {
  switch (cmd.type) {
    case 'setInhibit':
      u.inhibited = cmd.inhibited;
      return { type: 'inhibit', inhibited: cmd.inhibited, echo: true };
    case 'getInhibit':
      return { type: 'inhibit', inhibited: u.inhibited, echo: false };
    case 'setDenominations':
      u.inhibitMask = cmd.inhibitMask;
      return { type: 'denominations', inhibitMask: cmd.inhibitMask, echo: true };
    case 'getDenominations':
      return { type: 'denominations', inhibitMask: u.inhibitMask, echo: false };
    case 'setBarcodeFunction':
      u.barcodeFunction = { symbology: cmd.symbology, characters: cmd.characters };
      return { type: 'barcodeFunction', ...u.barcodeFunction, echo: true };
    case 'getBarcodeFunction':
      return { type: 'barcodeFunction', ...u.barcodeFunction, echo: false };
    case 'setBarInhibit':
      u.barInhibit = cmd.mask;
      return { type: 'barInhibit', mask: cmd.mask, echo: true };
    case 'getBarInhibit':
      return { type: 'barInhibit', mask: u.barInhibit, echo: false };
    case 'setSecurity':
    case 'setOptionalFunction':
      return {
        type: 'setting',
        code: cmd.type === 'setSecurity' ? 0xc1 : 0xc5,
        data: [cmd.mask & 0xff, cmd.mask >> 8],
      };
    case 'setCommunicationMode':
      return { type: 'setting', code: 0xc2, data: [cmd.mode] };
    case 'setDirection':
      return { type: 'setting', code: 0xc4, data: [cmd.mask] };
    case 'getSecurity':
    case 'getOptionalFunction':
      return { type: 'setting', code: cmd.type === 'getSecurity' ? 0x81 : 0x85, data: [0, 0] };
    case 'getCommunicationMode':
      return { type: 'setting', code: 0x82, data: [0] };
    case 'getDirection':
      return { type: 'setting', code: 0x84, data: [0] };
    case 'getVersion':
      return { type: 'version', text: fixed.version, boot: false };
    case 'getBootVersion':
      return { type: 'version', text: 'SIM-BOOT 1.00', boot: true };
    case 'getCurrencyAssignment':
      return { type: 'currencyAssignment', entries: fixed.entries };
  }
}
