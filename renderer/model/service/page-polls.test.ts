import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../src/contract';
import { technician } from '../../../test/renderer/service-fixtures';
import { pagePolls } from './page-polls';
import { initialService, type ServiceUi } from './state';

const withSas = (s: Snapshot, on = true): Snapshot => ({
  ...s,
  service: {
    ...s.service,
    settings: {
      ...s.service.settings,
      sas: on ? { address: 5, allowClockSet: false, allowRemoteHandpayReset: true } : null,
    },
  },
});
const on = (page: ServiceUi['page'], mode: ServiceUi['mode'] = 'technician'): ServiceUi => ({
  ...initialService(),
  mode,
  page,
});

describe('the reads a service page repeats every second', () => {
  it("reads the SAS link (while SAS is configured) and the records' TPM counter again on the technician's Devices page", () => {
    expect(pagePolls(on('devices'), withSas(technician()))).toEqual([{ type: 'sasLink' }, { type: 'anchor' }]);
    expect(pagePolls(on('devices'), withSas(technician(), false))).toEqual([{ type: 'anchor' }]);
  });

  it('reads nothing on another page, for the attendant, or before a snapshot', () => {
    expect(pagePolls(on('meters'), withSas(technician()))).toEqual([]);
    expect(pagePolls(on('devices', 'attendant'), withSas(technician()))).toEqual([]);
    expect(pagePolls(on('devices'), null)).toEqual([]);
  });
});
