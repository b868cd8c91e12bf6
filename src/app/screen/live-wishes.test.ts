import { describe, expect, it } from 'vitest';
import { parseWish, PRESENTATION_RANGES } from '../../cabinet';
import { WISH, WISH_TYPES } from '../../contract';

describe("the contract's wishes and the cabinet", () => {
  it('the cabinet knows every wish type the contract carries, and no other', () => {
    for (const type of WISH_TYPES) {
      const r = parseWish({ type });
      expect(r.ok || !r.refusal.reason.startsWith('unknown wish'), type).toBe(true);
    }
    const r = parseWish({ type: 'jackpotPlease' });
    expect(!r.ok && r.refusal.reason).toBe('unknown wish "jackpotPlease"');
  });

  it('the contract bounds the presentation settings exactly as the cabinet checks them', () => {
    const [presentation] = WISH.options.flatMap((o) =>
      'presentation' in o.shape ? [o.shape.presentation.unwrap().shape] : [],
    );
    if (!presentation) throw new Error('no wish of the contract carries the presentation settings');
    const fields = Object.fromEntries(
      Object.entries(presentation).map(([k, s]) => [k, { min: s.unwrap().minValue, max: s.unwrap().maxValue }]),
    );
    for (const [name, range] of Object.entries(PRESENTATION_RANGES)) {
      const f = fields[name as keyof typeof fields];
      expect([f?.min, f?.max], name).toEqual([range.min, range.max]);
    }
    expect(Object.keys(fields).sort()).toEqual(Object.keys(PRESENTATION_RANGES).sort());
  });
});
