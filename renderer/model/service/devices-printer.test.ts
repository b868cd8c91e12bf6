import { describe, expect, it } from 'vitest';
import type { PrinterView, Snapshot } from '../../../src/contract';
import { technician } from '../../../test/renderer/service-fixtures';
import { devicesPage } from './devices';
import { initialService, pageQueries, type ServiceUi } from './state';

const AT = new Date(2026, 0, 2, 13, 4, 5).getTime();
const TCL: PrinterView = {
  protocol: 'tcl',
  model: 'FutureLogic GEN2/GEN5 (TCL)',
  firmware: 'GURAA1-01 CRC 5A3C',
  state: 'ready, paper low',
  lastTicket: { label: '…3456', outcome: 'taken', reason: null, at: AT },
  frames: 845,
  badFrames: 0,
};
const ESCPOS: PrinterView = {
  protocol: 'escpos',
  model: null,
  firmware: null,
  state: 'paperOut',
  lastTicket: { label: '…0042', outcome: 'failed', reason: 'printer is out of paper', at: AT },
  frames: 12,
  badFrames: 3,
};

const ui = (printer: ServiceUi['printer']): ServiceUi => ({
  ...initialService(),
  mode: 'technician',
  page: 'devices',
  acceptor: { state: 'ready', value: null },
  printer,
});
const lines = (s: Snapshot, p: ServiceUi['printer']) => devicesPage(s, ui(p)).lines.map((l) => l.text);

describe('the voucher printer on the Devices page (issue 43)', () => {
  it('asks for it when the page opens', () => {
    expect(pageQueries(initialService(), 'devices')).toContainEqual({ type: 'printer' });
  });

  it('a TCL printer: family, model, firmware with its CRC, state and the last voucher taken from the bezel', () => {
    expect(lines(technician(), { state: 'ready', value: TCL }).slice(1, 4)).toEqual([
      'Voucher printer on TCL: FutureLogic GEN2/GEN5 (TCL)',
      'firmware GURAA1-01 CRC 5A3C  •  frames 845 · dropped 0',
      'state: ready, paper low  •  Last voucher …3456: taken from the bezel at 2026-01-02 13:04:05',
    ]);
  });

  it('an ESC/POS printer that names nothing; a failed voucher with why; in Russian; none on the bench devices', () => {
    const page = devicesPage(technician(), ui({ state: 'ready', value: ESCPOS }));
    expect(page.lines.slice(1, 4)).toEqual([
      { text: 'Voucher printer on ESC/POS: the unit has not named itself', tone: 'info' },
      { text: 'frames 12 · dropped 3', tone: 'bad' },
      {
        text: 'state: paperOut  •  Last voucher …0042: not printed at 2026-01-02 13:04:05 (printer is out of paper)',
        tone: 'plain',
      },
    ]);
    expect(lines({ ...technician(), language: 'ru' }, { state: 'ready', value: TCL })[1]).toBe(
      'Принтер билетов, протокол TCL: FutureLogic GEN2/GEN5 (TCL)',
    );
    expect(lines(technician(), { state: 'ready', value: null })).toContain('No serial voucher printer (bench devices)');
    expect(lines(technician(), { state: 'ready', value: { ...TCL, lastTicket: null } })[3]).toMatch(
      /No voucher since the cabinet started/,
    );
  });
});
