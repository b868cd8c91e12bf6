// The text tables' templates: `{name}` is a parameter as given, `{name:form|form…}` the word that
// follows a count in the form its number calls for (plural.ts), so a translation places the
// count and the word where its grammar wants them: '{n} {n:ROW|ROWS}', '{n} {n:ЗАПИСЬ|ЗАПИСИ|ЗАПИСЕЙ}'.

import type { Language } from './language';
import { pluralForm } from './plural';

export type Params = Record<string, string | number>;

const TOKEN = /\{(\w+)(?::([^}]*))?\}/g;

/** A count as given: a number, or a whole number already formatted ("1,234", "1 234"). */
function countOf(value: string | number): number {
  return typeof value === 'number' ? value : Number(value.replace(/\D/g, ''));
}

/** The template with its parameters filled in; an unknown one stays visible. */
export function fill(language: Language, template: string, params: Params): string {
  return template.replace(TOKEN, (whole, name: string, forms: string | undefined) => {
    const value = params[name];
    if (!(name in params) || value === undefined) return whole;
    return forms === undefined ? String(value) : pluralForm(language, countOf(value), forms.split('|'));
  });
}

/** Placeholder names a template uses, for the completeness tests. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].flatMap(([, name]) => (name === undefined ? [] : [name])).sort();
}

/** The counted words of a template: each with the count it follows and its forms. */
export function countedWords(template: string): { name: string; forms: string[] }[] {
  return [...template.matchAll(TOKEN)].flatMap(([, name, forms]) =>
    name === undefined || forms === undefined ? [] : [{ name, forms: forms.split('|') }],
  );
}
