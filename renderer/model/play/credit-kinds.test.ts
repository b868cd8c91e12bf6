// C-26: the credits meter shows the balance by kind once promotional credits are on it, and the
// plain balance otherwise, in both languages.

import { describe, expect, it } from 'vitest';
import * as fx from '../../../test/renderer/fixtures';
import { creditsMeter } from './common';

describe('the credits meter by kind', () => {
  it('shows the money alone with cashable credits only', () => {
    const s = { ...fx.baseSnapshot(), balance: 1_250, promo: null };
    expect(creditsMeter(s).sub).not.toMatch(/CASH|PROMO/);
  });

  it('names cash, promo and play-only credits, leaving out a kind of none', () => {
    const s = { ...fx.baseSnapshot(), balance: 1_250, promo: { restricted: 200, nonRestricted: 0 } };
    const sub = creditsMeter(s).sub!;
    expect(sub).toMatch(/^CASH .*10[.,]50 · PLAY ONLY .*2[.,]00$/);
    expect(sub).not.toMatch(/PROMO/);
    const ru = creditsMeter({ ...s, language: 'ru', promo: { restricted: 0, nonRestricted: 50 } }).sub!;
    expect(ru).toMatch(/НАЛ\. .* · ПРОМО /);
  });
});
