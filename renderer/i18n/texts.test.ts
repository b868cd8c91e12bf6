import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from './language';
import { SERVICE_TEXTS } from './service-texts';
import { TEXTS, TEXT_KEYS, t } from './texts';
import { FORMS } from './plural';
import { countedWords, placeholders } from './template';

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
    const same = TEXT_KEYS.filter(
      (k) => TEXTS.ru[k] === TEXTS.en[k] && /[A-Za-z]/.test(TEXTS.en[k].replace(/\{\w+\}/g, '')),
    );
    expect(same).toEqual([]);
  });
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('en', 'button.exchangeN', { n: 3 })).toBe('EXCHANGE 3');
    expect(t('ru', 'fee.amount', { n: 20 })).toBe('ЦЕНА 20');
    expect(t('en', 'fee.amount')).toBe('FEE {n}');
  });
});

describe('counts in the text tables', () => {
  it('gives every counted word in both tables the forms its language has, after a count the text is given', () => {
    const tables: Readonly<Record<Language, Readonly<Record<string, string>>>>[] = [TEXTS, SERVICE_TEXTS];
    for (const table of tables) {
      for (const language of LANGUAGES) {
        for (const [key, text] of Object.entries(table[language])) {
          for (const word of countedWords(text)) {
            expect(word.forms, `${language} ${key}`).toHaveLength(FORMS[language]);
            expect(placeholders(table.en[key]!), `${language} ${key}`).toContain(word.name);
          }
        }
      }
    }
  });
  it('says the bet range with the word its last number calls for', () => {
    expect(t('ru', 'jacks.hint.idle', { max: 5 })).toBe('СТАВКА ОТ 1 ДО 5 КРЕДИТОВ, ЗАТЕМ «СДАТЬ»');
    expect(t('ru', 'jacks.hint.idle', { max: 1 })).toBe('СТАВКА ОТ 1 ДО 1 КРЕДИТА, ЗАТЕМ «СДАТЬ»');
    expect(t('en', 'jacks.hint.idle', { max: 1 })).toBe('BET 1 TO 1 CREDIT, THEN DEAL');
    expect(t('en', 'jacks.hint.idle', { max: 5 })).toBe('BET 1 TO 5 CREDITS, THEN DEAL');
    expect(t('ru', 'help.vp.1', { max: 21 })).toContain('от 1 до 21 фишки кнопками');
  });
});
