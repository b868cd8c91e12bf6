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

export const CATEGORY_INDEX: Readonly<Record<Category, number>> = Object.fromEntries(
  CATEGORIES.map((c, i) => [c, i]),
) as Record<Category, number>;

export function isCategory(id: string): id is Category {
  return (CATEGORIES as readonly string[]).includes(id);
}
