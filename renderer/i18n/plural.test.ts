import { describe, expect, it } from 'vitest';
import { FORMS, pluralForm } from './plural';

const COUNTS = [0, 1, 2, 5, 11, 21, 22, 25, 111];
const forms = (language: 'en' | 'ru', words: string[]) => COUNTS.map((n) => `${n} ${pluralForm(language, n, words)}`);

describe('the word after a count (Intl.PluralRules)', () => {
  it('Russian: one, few, many by the last digits, the teens many', () => {
    expect(forms('ru', ['фишка', 'фишки', 'фишек'])).toEqual([
      '0 фишек',
      '1 фишка',
      '2 фишки',
      '5 фишек',
      '11 фишек',
      '21 фишка',
      '22 фишки',
      '25 фишек',
      '111 фишек',
    ]);
    expect(forms('ru', ['кредит', 'кредита', 'кредитов'])).toEqual([
      '0 кредитов',
      '1 кредит',
      '2 кредита',
      '5 кредитов',
      '11 кредитов',
      '21 кредит',
      '22 кредита',
      '25 кредитов',
      '111 кредитов',
    ]);
    expect(forms('ru', ['секунду', 'секунды', 'секунд'])).toEqual([
      '0 секунд',
      '1 секунду',
      '2 секунды',
      '5 секунд',
      '11 секунд',
      '21 секунду',
      '22 секунды',
      '25 секунд',
      '111 секунд',
    ]);
  });
  it('Russian: 12 to 14 and 112 are many, 101 and 1001 one, 1.5 few', () => {
    expect([12, 13, 14, 112, 101, 1001, 1.5].map((n) => pluralForm('ru', n, ['игра', 'игры', 'игр']))).toEqual([
      'игр',
      'игр',
      'игр',
      'игр',
      'игра',
      'игра',
      'игры',
    ]);
  });
  it('English: one for 1 alone', () => {
    expect(forms('en', ['credit', 'credits'])).toEqual([
      '0 credits',
      '1 credit',
      '2 credits',
      '5 credits',
      '11 credits',
      '21 credits',
      '22 credits',
      '25 credits',
      '111 credits',
    ]);
  });
  it('a word given too few forms falls back to its last, never to nothing', () => {
    expect(pluralForm('ru', 5, ['фишка', 'фишки'])).toBe('фишки');
    expect(pluralForm('ru', 1, ['фишка', 'фишки'])).toBe('фишка');
    expect(pluralForm('en', 2, ['chips'])).toBe('chips');
  });
  it('knows how many forms each language has', () => {
    expect(FORMS).toEqual({ en: 2, ru: 3 });
  });
});
