// The settings page says what the operator acknowledged in the config file (issue 37, C-24): a
// return range above 100%.

import { describe, expect, it } from 'vitest';
import type { InstalledPayTable } from '../../../src/contract';
import { technician } from '../../../test/renderer/service-fixtures';
import { settingsPage } from './settings';
import { initialService } from './state';

const lines = (maxReturnPct: number, language: 'en' | 'ru' = 'en') => {
  const s = technician();
  s.language = language;
  s.service.settings = { ...s.service.settings, limits: { ...s.service.settings.limits, maxReturnPct } };
  return settingsPage(s, { ...initialService(), mode: 'technician', page: 'settings' }).lines;
};

describe('the settings page and a return range above 100%', () => {
  it('warns in red above 100%, in both languages; says nothing at 100% or below', () => {
    expect(lines(100.5)).toContainEqual({
      text: expect.stringMatching(/^WARNING: the return range goes above 100%/),
      tone: 'bad',
    });
    expect(lines(100.5, 'ru')).toContainEqual({
      text: expect.stringMatching(/^ВНИМАНИЕ: диапазон возврата выше 100%/),
      tone: 'bad',
    });
    expect(
      lines(100)
        .map((l) => l.text)
        .join('\n'),
    ).not.toMatch(/WARNING/);
  });
});

describe('a pay table the cabinet refuses for its signature (issue 37)', () => {
  const table = (id: string, refused?: InstalledPayTable['refused']): InstalledPayTable => ({
    id,
    game: 'poker-plus',
    name: id,
    rows: [],
    returnPct: null,
    returnLow: null,
    returnHigh: null,
    returnPlay: null,
    returnBasis: 'refused',
    typicalPct: null,
    typicalLow: null,
    typicalHigh: null,
    inRange: false,
    ...(refused ? { refused } : {}),
  });
  it('is greyed out in the chooser and says why, in both languages', () => {
    for (const [language, words] of [
      ['en', /pp-tripled: REFUSED, its signature does not verify/],
      ['ru', /pp-tripled: ОТКЛОНЕНА, подпись не сходится/],
    ] as const) {
      const s = technician();
      s.language = language;
      const page = settingsPage(s, {
        ...initialService(),
        mode: 'technician',
        page: 'settings',
        edit: { field: 'payTables.poker-plus', draft: 'pp-tripled', first: null, error: null },
        payTables: { state: 'ready', value: [table('pp-tripled', 'signature'), table('pp-unsigned', 'unsigned')] },
      });
      const text = page.lines.map((l) => l.text).join('\n');
      expect(text).toMatch(words);
      expect(page.lines.filter((l) => l.tone === 'bad').length).toBeGreaterThanOrEqual(2);
    }
  });
});
