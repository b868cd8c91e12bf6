import { describe, expect, it } from 'vitest';
import type { AnchorView, SasLinkView, Snapshot } from '../../../src/contract';
import { technician } from '../../../test/renderer/service-fixtures';
import { attendantPage } from './attendant';
import { devicesPage } from './devices';
import { settingsPage } from './settings';
import { changes, fieldDef } from './settings-fields';
import { initialService, pageQueries, type ServiceUi } from './state';

const LINK: SasLinkView = {
  address: 5,
  line: 'ready',
  lineProblem: null,
  hostSeen: true,
  lastPollAt: new Date(2026, 0, 2, 13, 4, 5).getTime(),
  pollsPerSecond: 38.4,
  crcErrors: 2,
  unsupportedPolls: 7,
  exceptionQueueDepth: 3,
  disabledByHost: true,
  realTimeEvents: true,
  validation: 'system',
  malformedPolls: 1,
};

function withSas(language: 'en' | 'ru' = 'en', address = 5): Snapshot {
  const s = technician();
  return {
    ...s,
    language,
    service: {
      ...s.service,
      settings: { ...s.service.settings, sas: { address, allowClockSet: false, allowRemoteHandpayReset: true } },
    },
  };
}

const ui = (link: SasLinkView | null): ServiceUi => ({
  ...initialService(),
  mode: 'technician',
  page: 'devices',
  sasLink: { state: 'ready', value: link },
});
const text = (lines: { text: string }[]) => lines.map((l) => l.text).join('\n');

describe('the SAS link on the service pages (issue 14)', () => {
  it('the Devices page asks for the link and shows every counter, in English and Russian', () => {
    expect(pageQueries(initialService(), 'devices')).toEqual([
      { type: 'sasLink' },
      { type: 'anchor' },
      { type: 'acceptor' },
      { type: 'printer' },
    ]);
    const en = devicesPage(withSas(), ui(LINK));
    expect(en.table?.rows.at(-1)).toEqual({ cells: ['SAS link', 'Host polling', 'none'], tone: 'ok' });
    const lines = text(en.lines);
    expect(lines).toContain('SAS address 5');
    expect(lines).toContain('last poll 2026-01-02 13:04:05');
    expect(lines).toContain('38.4 polls/s');
    expect(lines).toContain('CRC errors 2 · unsupported polls 7 · exceptions queued 3');
    expect(lines).toMatch(/Play DISABLED by the casino system/);
    const ru = text(devicesPage(withSas('ru'), ui(LINK)).lines);
    expect(ru).toContain('Адрес SAS 5');
    expect(ru).toContain('Ошибки CRC 2 · неподдерживаемые опросы 7 · исключений в очереди 3');
    expect(ru).toMatch(/Игра ЗАПРЕЩЕНА системой казино/);
  });

  it('the validation mode and real-time events; the host away, to the technician and the attendant, with what it stops', () => {
    const lines = text(devicesPage(withSas(), ui(LINK)).lines);
    expect(lines).toContain('Validation: system (the casino system numbers each voucher) · real-time events on');
    const since = new Date(2026, 0, 2, 13, 0, 0).getTime();
    const away = (stopsPlayAt: number | null, playStopped = false): Snapshot => {
      const s = withSas();
      return {
        ...s,
        service: {
          ...s.service,
          casinoSystem: {
            validation: 'system',
            hostLost: { since, reason: 'line fault: port lost' },
            stopsPlayAt,
            playStopped,
          },
        },
      };
    };
    const goesOn = text(devicesPage(away(null), ui(LINK)).lines);
    expect(goesOn).toContain('Casino system away since 2026-01-02 13:00:00: line fault: port lost');
    expect(goesOn).toContain('Play goes on');
    expect(text(devicesPage(away(since + 600_000), ui(LINK)).lines)).toContain('Play stops at 2026-01-02 13:10:00');
    const attendant = attendantPage(
      away(since + 600_000, true),
      { ...initialService(), mode: 'attendant', page: 'attendant' },
      since,
    );
    expect(text(attendant.lines)).toMatch(/Casino system away since .*\n.*Play STOPPED/);
    const ru = attendantPage(
      { ...away(null), language: 'ru' },
      { ...initialService(), mode: 'attendant', page: 'attendant' },
      since,
    );
    expect(text(ru.lines)).toContain('Нет системы казино с');
    expect(text(devicesPage(withSas(), ui(LINK)).lines)).not.toContain('away since');
  });

  it('a line fault, no host, a new address waiting for the restart; no row without a link', () => {
    const fault = devicesPage(
      withSas(),
      ui({ ...LINK, line: 'fault', lineProblem: 'cannot open /dev/ttyS3', hostSeen: false, lastPollAt: null }),
    );
    expect(fault.table?.rows.at(-1)).toEqual({
      cells: ['SAS link', 'LINE FAULT', 'cannot open /dev/ttyS3'],
      tone: 'bad',
    });
    expect(text(fault.lines)).toContain('no poll yet');
    const silent = devicesPage(withSas(), ui({ ...LINK, hostSeen: false }));
    expect(silent.table?.rows.at(-1)?.cells[1]).toBe('NO HOST');
    expect(text(devicesPage(withSas('en', 9), ui(LINK)).lines)).toContain('SAS address 5 (9 from the next start)');
    expect(devicesPage(technician(), ui(null)).table?.rows.map((r) => r.cells[0])).not.toContain('SAS link');
    const reading = devicesPage(withSas(), { ...ui(null), sasLink: { state: 'loading' } });
    expect(reading.table?.rows.at(-1)?.cells.slice(0, 2)).toEqual(['SAS link', 'reading…']);
  });

  it('the Settings page sets the address (1..127) and the two permissions, and says when the address applies', () => {
    const s = withSas();
    const v = s.service.settings;
    expect(fieldDef('sas.address').parse('127', v)).toEqual({ sas: { address: 127 } });
    expect(fieldDef('sas.address').parse('0', v)).toBeNull();
    expect(fieldDef('sas.address').parse('128', v)).toBeNull();
    expect(fieldDef('sas.allowClockSet').parse('yes', v)).toEqual({ sas: { allowClockSet: true } });
    expect(changes({ sas: { allowRemoteHandpayReset: true } }, v)).toBe(false);
    expect(changes({ sas: { address: 6 } }, v)).toBe(true);
    const page = settingsPage(s, { ...initialService(), mode: 'technician', page: 'settings' });
    const fields = page.list.map((b) => [b.name, b.sub]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['set.sas.address', '5'],
        ['set.sas.allowClockSet', 'Not allowed'],
        ['set.sas.allowRemoteHandpayReset', 'Allowed'],
      ]),
    );
    expect(text(page.lines)).toMatch(/new address is used from the next start/);
    // Without a link there is nothing to set.
    const none = settingsPage(technician(), { ...initialService(), mode: 'technician', page: 'settings' });
    expect(none.list.some((b) => b.name.startsWith('set.sas.'))).toBe(false);
    // The editor's confirm step wishes the change.
    const editing = settingsPage(s, {
      ...initialService(),
      mode: 'technician',
      page: 'settings',
      edit: { field: 'sas.address', draft: '12', first: null, error: null },
    });
    expect(text(editing.lines)).toMatch(/from the next start/);
    const ok = editing.actions.find((b) => b.name === 'edit.ok');
    expect(JSON.stringify(ok?.action)).toContain('"sas":{"address":12}');
  });
});

describe("the records' TPM counter on the Devices page (issue 23)", () => {
  const withAnchor = (anchor: AnchorView): ServiceUi => ({ ...ui(null), anchor: { state: 'ready', value: anchor } });
  const row = (page: ReturnType<typeof devicesPage>) => page.table?.rows.find((r) => r.cells[0] === 'Records anchor');
  const ANCHORED: AnchorView = {
    anchored: true,
    bench: false,
    description: 'records anchored to the TPM counter 0x01800a00 (device:/dev/tpmrm0)',
    records: 41,
    counter: 41,
    problem: null,
  };

  it('says anchored, to which counter and at which values', () => {
    expect(row(devicesPage(technician(), withAnchor(ANCHORED)))).toEqual({
      cells: ['Records anchor', 'TPM counter', `${ANCHORED.description}  •  records at 41, counter at 41`],
      tone: 'ok',
    });
  });

  it('never lets an unanchored cabinet pass for an anchored one, and shows a counter fault', () => {
    const none = row(
      devicesPage(
        technician(),
        withAnchor({
          anchored: false,
          bench: false,
          description: 'records not anchored: store.anchor is "none" in the config file',
          records: null,
          counter: null,
          problem: null,
        }),
      ),
    );
    expect(none).toEqual({
      cells: ['Records anchor', 'NOT ANCHORED', 'records not anchored: store.anchor is "none" in the config file'],
      tone: 'warn',
    });
    // On a bench (a simulated database) it is said as plain information.
    const bench = row(
      devicesPage(
        technician(),
        withAnchor({
          ...ANCHORED,
          anchored: false,
          bench: true,
          description: 'records not anchored: a simulated database',
        }),
      ),
    );
    expect(bench).toMatchObject({
      cells: ['Records anchor', 'Not anchored (bench)', expect.any(String)],
      tone: 'info',
    });
    const fault = row(
      devicesPage(
        technician(),
        withAnchor({
          ...ANCHORED,
          counter: null,
          problem: 'the TPM counter 0x01800a00 cannot be reached: ECONNREFUSED',
        }),
      ),
    );
    expect(fault?.cells.slice(0, 2)).toEqual(['Records anchor', 'COUNTER FAULT']);
    expect(fault?.cells[2]).toContain('cannot be reached: ECONNREFUSED');
    expect(fault?.tone).toBe('bad');
    const ru = devicesPage({ ...technician(), language: 'ru' }, withAnchor({ ...ANCHORED, anchored: false }));
    expect(ru.table?.rows.some((r) => r.cells[1] === 'НЕ ПРИВЯЗАНЫ')).toBe(true);
  });
});
