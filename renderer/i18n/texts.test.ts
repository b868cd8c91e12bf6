import { describe, expect, it } from 'vitest';
import { LANGUAGES, TEXTS, TEXT_KEYS, placeholders, t } from './texts';

describe('the text table (C-23)', () => {
  it('has every key in both languages, non-empty, with the same placeholders', () => {
    for (const language of LANGUAGES) {
      const table = TEXTS[language];
      expect(Object.keys(table).sort()).toEqual([...TEXT_KEYS].sort());
      for (const key of TEXT_KEYS) {
        expect(table[key].trim().length, `${language} ${key}`).toBeGreaterThan(0);
        expect(placeholders(table[key]), `${language} ${key}`).toEqual(placeholders(TEXTS.en[key]));
      }
    }
  });
  it('translates: a Russian text is not the English one, except for symbols and numbers', () => {
    const same = TEXT_KEYS.filter((k) => TEXTS.ru[k] === TEXTS.en[k] && /[A-Za-z]/.test(TEXTS.en[k].replace(/\{\w+\}/g, '')));
    expect(same).toEqual([]);
  });
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('en', 'button.exchangeN', { n: 3 })).toBe('EXCHANGE 3');
    expect(t('ru', 'fee.amount', { n: 20 })).toBe('ЦЕНА 20');
    expect(t('en', 'fee.amount')).toBe('FEE {n}');
  });
});
