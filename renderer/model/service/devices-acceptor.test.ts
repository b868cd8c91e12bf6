import { describe, expect, it } from 'vitest';
import type { AcceptorView, Snapshot } from '../../../src/contract';
import { technician } from '../../../test/renderer/service-fixtures';
import { devicesPage } from './devices';
import { initialService, pageQueries, recordsMark, type ServiceUi } from './state';

const AT = new Date(2026, 0, 2, 13, 4, 5).getTime();
const EBDS: AcceptorView = {
  protocol: 'ebds',
  model: 'SC Advance / Cashflow SC 83 or 85',
  revision: '33',
  software: '286100R21, CRC 3B7E',
  state: 'idling',
  lastDocument: { kind: 'note', label: 'USD 20', outcome: 'stacked', reason: null, at: AT },
  frames: 1234,
  badFrames: 0,
};
const ID003: AcceptorView = {
  protocol: 'id003',
  model: 'i(USA)100-SS ID003-05V271-35',
  revision: null,
  software: null,
  state: 'disabled',
  lastDocument: {
    kind: 'ticket',
    label: '…3456',
    outcome: 'rejected',
    reason: 'the barcode has 5 digits, not 18',
    at: AT,
  },
  frames: 88,
  badFrames: 2,
};

const ui = (acceptor: ServiceUi['acceptor']): ServiceUi => ({
  ...initialService(),
  mode: 'technician',
  page: 'devices',
  acceptor,
});
const lines = (s: Snapshot, a: ServiceUi['acceptor']) => devicesPage(s, ui(a)).lines.map((l) => l.text);

describe('the bill acceptor on the Devices page (issue 25)', () => {
  it('asks for it when the page opens, and again at every change of state', () => {
    expect(pageQueries(initialService(), 'devices')).toContainEqual({ type: 'acceptor' });
    const s = technician();
    expect(recordsMark('devices', { ...s, version: s.version + 1 })).not.toBe(recordsMark('devices', s));
  });

  it('an EBDS unit: protocol, model, revision, software, state and the last note', () => {
    expect(lines(technician(), { state: 'ready', value: EBDS }).slice(0, 3)).toEqual([
      'Bill acceptor on MEI/CPI EBDS: SC Advance / Cashflow SC 83 or 85',
      'revision 33  •  software 286100R21, CRC 3B7E  •  frames 1234 · dropped 0',
      'state: idling  •  Last note USD 20: stacked at 2026-01-02 13:04:05',
    ]);
  });

  it('an ID-003 unit by its version text; a ticket by its last four digits, with why it went back', () => {
    const page = devicesPage(technician(), ui({ state: 'ready', value: ID003 }));
    expect(page.lines[0]).toEqual({ text: 'Bill acceptor on JCM ID-003: i(USA)100-SS ID003-05V271-35', tone: 'info' });
    expect(page.lines.slice(1, 3)).toEqual([
      { text: 'frames 88 · dropped 2', tone: 'bad' },
      {
        text: 'state: disabled  •  Last ticket …3456: rejected at 2026-01-02 13:04:05 (the barcode has 5 digits, not 18)',
        tone: 'plain',
      },
    ]);
  });

  it('in Russian; none on the bench devices; and while it is read', () => {
    const ru = lines({ ...technician(), language: 'ru' }, { state: 'ready', value: EBDS });
    expect(ru.slice(0, 3)).toEqual([
      'Купюроприёмник, протокол MEI/CPI EBDS: SC Advance / Cashflow SC 83 or 85',
      'ревизия 33  •  ПО 286100R21, CRC 3B7E  •  кадров 1234 · отброшено 0',
      'состояние: idling  •  Последнее: купюра USD 20 — в кассете, 2026-01-02 13:04:05',
    ]);
    expect(lines(technician(), { state: 'ready', value: null })[0]).toBe('No serial bill acceptor (bench devices)');
    const bare = { ...EBDS, model: null, revision: null, software: null, lastDocument: null };
    expect(lines(technician(), { state: 'ready', value: bare }).slice(0, 3)).toEqual([
      'Bill acceptor on MEI/CPI EBDS: the unit has not named itself',
      'frames 1234 · dropped 0',
      'state: idling  •  No note or ticket since the cabinet started',
    ]);
    expect(lines(technician(), { state: 'loading' })[0]).toBe('Reading the records…');
  });
});
