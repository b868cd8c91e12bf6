// A word after a count takes the form the language's plural rules pick for that count
// (Intl.PluralRules): English one / other (1 credit, 5 credits), Russian one / few / many
// (1 фишка, 2 фишки, 5 фишек; 21 фишка, 11 фишек). The forms come in that order.

import type { Language } from './language';

/** Which of a word's forms each plural category takes, by position. */
const FORM: Record<Language, Partial<Record<Intl.LDMLPluralRule, number>>> = {
  en: { one: 0, other: 1 },
  // Russian 'other' is a fraction (1,5): it reads like 'few' (1,5 фишки).
  ru: { one: 0, few: 1, many: 2, other: 1 },
};

/** How many forms a word has in each language. */
export const FORMS: Record<Language, number> = { en: 2, ru: 3 };

const rules = new Map<Language, Intl.PluralRules>();

/** The form of a word for a count: `pluralForm('ru', 22, ['фишка', 'фишки', 'фишек'])` → 'фишки'. */
export function pluralForm(language: Language, count: number, forms: readonly string[]): string {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
  // Too few forms for the language: the last one stands in rather than nothing.
  return forms[FORM[language][rule.select(count)] ?? 0] ?? forms[forms.length - 1] ?? '';
}
