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
  it("keeps the cabinet's English label, naming a note in the currency", () => {
    expect(meterLabel('coinIn', 'total in (wagered)', USD, 'en')).toBe('total in (wagered)');
    expect(meterLabel('bills.500', 'bills of 500 minor units accepted', USD, 'en')).toBe('bills of $5.00 accepted');
  });

  it('has a Russian label for every meter the cabinet writes, per game and per door too', () => {
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
    }
    expect(meterLabel('poker-plus/coinIn', 'x', USD, 'ru')).toBe('Покер плюс: всего ставок');
    expect(meterLabel('bills.10000', 'x', USD, 'ru')).toBe('купюры 100,00\u00a0$ (штук)');
    expect(meterLabel('totalDrop', 'total drop', USD, 'ru')).toBe('всего внесено (купюры и ваучеры)');
    expect(meterLabel('totalCancelled', 'x', USD, 'ru')).toBe('всего снято кредитов (ваучеры и ручные выплаты)');
  });

  it("falls back to the cabinet's label for a meter it does not know", () => {
    expect(meterLabel('someNewMeter', 'some new meter', USD, 'ru')).toBe('some new meter');
  });
});
