import { describe, expect, it } from 'vitest';
import * as fx from '../../../test/renderer/fixtures';
import * as sx from '../../../test/renderer/service-fixtures';
import { followService, initialService } from './state';

describe('service pages follow the cabinet', () => {
  it('opens the attendant menu with its handpays read once, and reads them again when a handpay is paid', () => {
    const locked = sx.attendant();
    const opened = followService(initialService(), locked);
    expect(opened.queries).toEqual([{ type: 'handpays', limit: 10 }]);
    // The first snapshot on the open page only notes what the records were read against.
    const settled = followService(opened.service, locked);
    expect(settled.queries).toEqual([]);
    expect(followService(settled.service, { ...locked, version: locked.version + 1 }).queries).toEqual([]);
    const paid = sx.attendant(fx.baseSnapshot());
    const after = followService(settled.service, paid);
    expect(after.queries).toEqual([{ type: 'handpays', limit: 10 }]);
    // The figures on show stay while the new ones are read.
    expect(after.service.handpays).toBe(settled.service.handpays);
  });

  it('re-reads the meters on every new cabinet state, but not under a confirmation', () => {
    const s = sx.technician();
    const opened = followService(initialService(), s);
    expect(opened.queries).toEqual([{ type: 'meters' }]);
    const settled = followService(opened.service, s).service;
    expect(followService(settled, { ...s, version: s.version + 1 }).queries).toEqual([{ type: 'meters' }]);
    const asking = {
      ...settled,
      confirm: {
        what: 'ramClear',
        step: 1,
        steps: 2,
        wish: { type: 'ramClear', confirm: true },
        changes: [],
        amount: null,
      },
    } as typeof settled;
    expect(followService(asking, { ...s, version: s.version + 1 }).queries).toEqual([]);
  });
});
