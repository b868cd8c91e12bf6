// The settings page says what the operator acknowledged in the config file (issue 37, C-24): a
// return range above 100%.

import { describe, expect, it } from 'vitest';
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
