import { describe, expect, it } from 'vitest';
import { PER_GAME, meterDef } from '../../src/cabinet/meters';
import { meterLabel } from './meter-names';

const USD = { code: 'USD', minorDigits: 2 };
const BASE = [
  'coinIn',
  'coinOut',
  'jackpot',
  'handpaidCancelled',
  'gamesPlayed',
  'gamesWon',
  'gamesLost',
  'gamesTied',
  'billsIn',
  'billsCount',
  'vouchersIn',
  'vouchersInCount',
  'vouchersOut',
  'vouchersOutCount',
  'jackpotCount',
  'handpaidCancelledCount',
  'gamesSincePowerUp',
  'gamesSinceDoorClose',
  'powerUps',
  'pp.exchangeFees',
  'pp.sixthFees',
  'pp.buyGameFees',
  'pp.takeHalfCount',
  'pp.takeHalfPaid',
];

describe('meter labels on the meters page', () => {
  it('names each meter in English as the floor reads it, a note in the currency and a game by its name', () => {
    expect(meterLabel('coinIn', 'total in (wagered)', USD, 'en')).toBe('Coin in (total wagered)');
    expect(meterLabel('bills.500', 'bills of 500 minor units accepted', USD, 'en')).toBe('Bills of $5.00 accepted');
    expect(meterLabel('jacks-or-better/coinIn', 'jacks-or-better: total in', USD, 'en')).toBe(
      'Jacks or Better: Coin in (total wagered)',
    );
    // Under the game's own heading the name leaves the game out.
    expect(meterLabel('poker-plus/gamesWon', 'x', USD, 'en', true)).toBe('Games won');
    expect(meterLabel('pp.exchangeFees', 'x', USD, 'en')).toBe('Poker Plus: Exchange fees');
    expect(meterLabel('doorOpens.cashbox', 'cashbox door opens', USD, 'en')).toBe('Cash box door opened');
  });

  it('has a label of its own in both languages for every meter the cabinet writes, never an id', () => {
    const names = [
      ...BASE,
      ...PER_GAME.flatMap((m) => [`jacks-or-better/${m}`, `poker-plus/${m}`]),
      'doorOpens.main',
      'doorOpens.logic',
      'doorOpens.cashbox',
      'bills.10000',
    ];
    for (const name of names) {
      const english = meterDef(name)?.label;
      expect(english, name).toBeTruthy();
      const russian = meterLabel(name, english!, USD, 'ru');
      expect(russian, name).not.toBe(english);
      expect(russian, name).toMatch(/[а-яё]/i);
      for (const L of ['en', 'ru'] as const) {
        const shown = meterLabel(name, english!, USD, L);
        expect(shown, name).not.toBe(english);
        expect(shown, name).not.toMatch(/jacks-or-better|poker-plus|minor units|\bpp\./);
      }
    }
    expect(meterLabel('poker-plus/coinIn', 'x', USD, 'ru')).toBe('Покер плюс: всего ставок');
    expect(meterLabel('pp.sixthFees', 'x', USD, 'ru')).toBe('Покер плюс: плата за шестую карту');
    expect(meterLabel('bills.10000', 'x', USD, 'ru')).toBe('купюры 100,00\u00a0$ (штук)');
    expect(meterLabel('totalDrop', 'total drop', USD, 'ru')).toBe('всего внесено (купюры и ваучеры)');
    expect(meterLabel('totalCancelled', 'x', USD, 'ru')).toBe('всего снято кредитов (ваучеры и ручные выплаты)');
  });

  it("falls back to the cabinet's label for a meter it does not know", () => {
    expect(meterLabel('someNewMeter', 'some new meter', USD, 'ru')).toBe('some new meter');
  });
});
