import { describe, expect, it } from 'vitest';
import { countedWords, fill, placeholders } from './template';

describe('text templates', () => {
  it('fills a counted word from its count, given as a number or already formatted', () => {
    const rows = '{n} {n:ЗАПИСЬ|ЗАПИСИ|ЗАПИСЕЙ}';
    expect(fill('ru', rows, { n: 21 })).toBe('21 ЗАПИСЬ');
    expect(fill('ru', rows, { n: 3 })).toBe('3 ЗАПИСИ');
    expect(fill('ru', rows, { n: '1\u00a0234' })).toBe('1\u00a0234 ЗАПИСИ');
    expect(fill('ru', rows, { n: '1\u00a0235' })).toBe('1\u00a0235 ЗАПИСЕЙ');
    expect(fill('en', '{n} {n:ROW|ROWS}', { n: '1,001' })).toBe('1,001 ROWS');
    expect(fill('en', '{n} {n:ROW|ROWS}', { n: 1 })).toBe('1 ROW');
  });
  it('lets the word agree before the count too', () => {
    const games = '{n:Записана|Записаны|Записано} {n} {n:игра|игры|игр}';
    expect(fill('ru', games, { n: 1 })).toBe('Записана 1 игра');
    expect(fill('ru', games, { n: 4 })).toBe('Записаны 4 игры');
    expect(fill('ru', games, { n: 11 })).toBe('Записано 11 игр');
  });
  it('leaves a placeholder or a counted word without its parameter visible', () => {
    expect(fill('en', '{n} {n:ROW|ROWS} of {of}', {})).toBe('{n} {n:ROW|ROWS} of {of}');
    expect(fill('en', '{n} of {of}', { n: 2 })).toBe('2 of {of}');
  });
  it('tells plain placeholders from counted words', () => {
    expect(placeholders('{n} {n:ROW|ROWS} of {total}')).toEqual(['n', 'total']);
    expect(countedWords('{n} {n:ROW|ROWS} of {total}')).toEqual([{ name: 'n', forms: ['ROW', 'ROWS'] }]);
  });
});
