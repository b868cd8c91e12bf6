import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './language';
import { placeholders } from './template';
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
    const same = SERVICE_KEYS.filter(
      (k) =>
        SERVICE_TEXTS.ru[k] === SERVICE_TEXTS.en[k] &&
        /[A-Za-z]{3}/.test(SERVICE_TEXTS.en[k].replace(/\{\w+\}|SAS|C-9/g, '')),
    );
    expect(same).toEqual([]);
    expect(ts('ru', 'pin.locked', { time: '4:59' })).toBe('ЗАБЛОКИРОВАНО: 4:59');
  });
});

describe('counts on the service pages', () => {
  it('agrees the words with the counts in Russian', () => {
    expect([1, 2, 5, 21].map((n) => ts('ru', 'events.chainOk', { n }))).toEqual([
      'ЦЕПОЧКА ПРОВЕРЕНА: 1 ЗАПИСЬ',
      'ЦЕПОЧКА ПРОВЕРЕНА: 2 ЗАПИСИ',
      'ЦЕПОЧКА ПРОВЕРЕНА: 5 ЗАПИСЕЙ',
      'ЦЕПОЧКА ПРОВЕРЕНА: 21 ЗАПИСЬ',
    ]);
    expect([1, 3, 11].map((n) => ts('ru', 'recall.count', { n }))).toEqual([
      'Записана 1 игра, новые сверху',
      'Записаны 3 игры, новые сверху',
      'Записано 11 игр, новые сверху',
    ]);
    expect(ts('ru', 'set.pinRules', { n: 3, s: 300 })).toBe(
      'ПИН: после 3 неверных вводов вход блокируется на 300 секунд.',
    );
    expect(ts('ru', 'set.pinRules', { n: 1, s: 21 })).toBe(
      'ПИН: после 1 неверного ввода вход блокируется на 21 секунду.',
    );
    expect(ts('ru', 'set.unit.bets', { n: '1\u00a0001' })).toBe('1\u00a0001 СТАВКИ');
    expect(ts('ru', 'set.unit.seconds', { n: 22 })).toBe('22 СЕКУНДЫ');
  });
  it('and in English', () => {
    expect(ts('en', 'pin.triesLeft', { n: 1 })).toBe('1 try left before the lockout');
    expect(ts('en', 'recall.count', { n: 1 })).toBe('1 game recorded, newest first');
    expect(ts('en', 'set.pinRules', { n: 1, s: 1 })).toBe('PIN: 1 wrong entry locks the login for 1 second.');
    expect(ts('en', 'set.unit.seconds', { n: 30 })).toBe('30 SECONDS');
  });
});
