import { describe, expect, it } from 'vitest';
import { check, SNAPSHOT, type Snapshot, type WorkView } from '../../../src/contract';
import * as fx from '../../../test/renderer/fixtures';
import * as sx from '../../../test/renderer/service-fixtures';
import { serviceModel } from './describe-page';
import { followService, initialService } from './state';
import { workLine } from './work';

const walk = (over: Partial<WorkView> = {}): WorkView => ({
  kind: 'records-walk',
  subject: null,
  done: 12_000,
  total: 26_000,
  unit: 'commits',
  fraction: 12_000 / 26_000,
  elapsedMs: 100_000,
  leftMs: 117_000,
  ...over,
});

const withWork = (s: Snapshot, work: WorkView[]): Snapshot => ({ ...s, work });

describe('long work on the service pages (issue 44)', () => {
  it('says what runs, how far, the time left and what the cabinet does meanwhile, in both languages', () => {
    const en = withWork(fx.baseSnapshot(), [walk()]);
    expect(check(SNAPSHOT, en, 'snapshot')).toBeNull();
    expect(workLine(en)).toBe(
      'Checking the records: 46% (12,000 of 26,000), about 2 minutes left. Play goes on meanwhile.',
    );
    const ru = { ...en, language: 'ru' as const };
    expect(workLine(ru)).toMatch(
      /^Проверка записей: 46% \(12\s000 из 26\s000\), осталось около 2 минут\. Игра тем временем продолжается\.$/,
    );
  });

  it('says the estimate is not known yet, seconds near the end, and a table-measure holds back the tables not worked out', () => {
    const s = fx.baseSnapshot();
    expect(workLine(withWork(s, []))).toBeNull();
    expect(workLine(withWork(s, [walk({ leftMs: null, fraction: 0.001, done: 26 })]))).toContain(
      'time left being estimated',
    );
    expect(workLine(withWork(s, [walk({ leftMs: 40_000 })]))).toContain('about 40 seconds left');
    expect(workLine(withWork(s, [walk({ fraction: null, total: 0, done: 0 })]))).toBe(
      'Checking the records: under way. Play goes on meanwhile.',
    );
    const both = workLine(
      withWork(s, [walk(), walk({ kind: 'table-measure', unit: 'classes', done: 10, total: 100, fraction: 0.1 })]),
    );
    expect(both).toContain('and 1 more');
    expect(both).toContain('a table not yet worked out cannot be chosen');
  });

  it("is on every service page, and the screen draws a refusal or a page's loading in its place", () => {
    const s = withWork(sx.technician(fx.baseSnapshot()), [walk()]);
    const ui = followService(initialService(), s).service;
    const page = serviceModel(s, ui, 0, null);
    expect(page?.work).toContain('Checking the records');
    const refused = serviceModel(s, ui, 0, 'NOT POSSIBLE NOW: the door is open');
    expect(refused?.notice).toContain('door');
    // Still in the model: the screen draws the refusal in its place and the work when it goes.
    expect(refused?.work).toContain('Checking the records');
  });
});
