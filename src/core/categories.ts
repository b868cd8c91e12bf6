// Hand categories (H-3), lowest first. The index is the category's order.

export const CATEGORIES = [
  'high-card',
  'pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
  'royal-flush',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Jacks or Better names the two lowest categories its own way (H-3). */
export const JACKS_CATEGORIES = [
  'nothing',
  'jacks-or-better',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
  'royal-flush',
] as const;

export type JacksCategory = (typeof JACKS_CATEGORIES)[number];

export type GameId = 'jacks-or-better' | 'poker-plus';

export const CATEGORY_INDEX: Readonly<Record<Category, number>> = Object.fromEntries(
  CATEGORIES.map((c, i) => [c, i]),
) as Record<Category, number>;

export function isCategory(id: string): id is Category {
  return (CATEGORIES as readonly string[]).includes(id);
}
