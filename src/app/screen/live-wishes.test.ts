import { describe, expect, it } from 'vitest';
import { parseWish } from '../../cabinet';
import { WISH_TYPES } from '../../contract';

describe('the contract\'s wishes and the cabinet', () => {
  it('the cabinet knows every wish type the contract carries, and no other', () => {
    for (const type of WISH_TYPES) {
      const r = parseWish({ type });
      expect(r.ok || !r.refusal.reason.startsWith('unknown wish'), type).toBe(true);
    }
    const r = parseWish({ type: 'jackpotPlease' });
    expect(!r.ok && r.refusal.reason).toBe('unknown wish "jackpotPlease"');
  });
});
