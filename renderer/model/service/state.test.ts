import { describe, expect, it } from 'vitest';
import * as fx from '../../../test/renderer/fixtures';
import * as sx from '../../../test/renderer/service-fixtures';
import { applyService, followService, initialService } from './state';
import { FIELDS } from './settings-fields';
import { describeScene } from '../describe-scene';
import { initialUi } from '../ui-state';

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

describe('the first PIN change, then every settings page', () => {
  /** Every text a scene holds, wherever it sits. */
  const texts = (x: unknown): string[] =>
    typeof x === 'string'
      ? [x]
      : Array.isArray(x)
        ? x.flatMap(texts)
        : x && typeof x === 'object'
          ? Object.values(x).flatMap(texts)
          : [];

  it('reads the settings page once the initial PIN is changed, and no page of it waits on records nobody asked for', () => {
    const must = sx.pinChange();
    const opened = followService(initialService(), must);
    expect(opened.service.page).toBe('settings');
    expect(opened.queries).toEqual([]);
    // The PIN changed: the same page, now with the pay tables it shows read (it was left on
    // "Reading the records…" for good).
    const changed = {
      ...must,
      version: must.version + 1,
      service: { ...must.service, pin: { ...must.service.pin, mustChange: false } },
    };
    const after = followService({ ...opened.service, edit: null }, changed);
    expect(after.queries).toEqual([{ type: 'payTables' }]);
    const ready = applyService(after.service, {
      type: 'answer',
      answer: sx.payTables(),
      asked: { type: 'payTables' },
    }).service;
    expect(followService(ready, changed).queries).toEqual([]);
    for (const f of FIELDS.filter((f) => f.present?.(changed.service.settings) ?? true)) {
      const editing = applyService(ready, {
        type: 'edit',
        field: f.field,
        draft: f.draft(changed.service.settings),
      }).service;
      const ui = { ...initialUi(0), service: editing };
      const scene = describeScene(changed, ui, 'open');
      expect(scene.screen).toBe('service');
      expect(texts(scene.service), f.field).not.toContain('Reading the records…');
    }
  });
});
