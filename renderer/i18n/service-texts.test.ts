import { describe, expect, it } from 'vitest';
import { LANGUAGES, placeholders } from './texts';
import { SERVICE_KEYS, SERVICE_TEXTS, ts } from './service-texts';

describe('the service text table (C-23)', () => {
  it('has every key in both languages, non-empty, with the same placeholders', () => {
    for (const language of LANGUAGES) {
      const table = SERVICE_TEXTS[language];
      expect(Object.keys(table).sort()).toEqual([...SERVICE_KEYS].sort());
      for (const key of SERVICE_KEYS) {
        expect(table[key].trim().length, `${language} ${key}`).toBeGreaterThan(0);
        expect(placeholders(table[key]), `${language} ${key}`).toEqual(placeholders(SERVICE_TEXTS.en[key]));
      }
    }
  });
  it('translates everything but codes and symbols', () => {
    const same = SERVICE_KEYS.filter((k) => SERVICE_TEXTS.ru[k] === SERVICE_TEXTS.en[k] && /[A-Za-z]{3}/.test(SERVICE_TEXTS.en[k].replace(/\{\w+\}|SAS|C-9/g, '')));
    expect(same).toEqual([]);
    expect(ts('ru', 'pin.locked', { time: '4:59' })).toBe('ЗАБЛОКИРОВАНО: 4:59');
  });
});
