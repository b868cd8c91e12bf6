import { describe, expect, it } from 'vitest';
import { formatCards, parseCards } from '../../cards';
import {
  autoHoldPositions,
  dealJacks,
  DEFAULT_JACKS_CONFIG,
  stepJacks,
  type JacksState,
  type JacksStep,
} from './engine';
import { parsePayTable } from '../pay-tables';
import { stackedDeck } from '../../testing/decks';

/** The step, which must have been taken. */
function taken(step: JacksStep): Extract<JacksStep, { ok: true }> {
  if (!step.ok) throw new Error(`refused: ${step.refusal.rule} ${step.refusal.reason}`);
  return step;
}

const ok = (step: JacksStep): JacksState => taken(step).state;

const play = (top: string, bet: number, held?: number[], config = DEFAULT_JACKS_CONFIG): JacksState => {
  let s = ok(dealJacks(stackedDeck(top), bet, config));
  if (held) s = ok(stepJacks(s, { type: 'hold', positions: held }));
  return ok(stepJacks(s, { type: 'draw' }));
};

describe('Jacks or Better', () => {
  it('J-1: a bet of 1 to maxBet chips, nothing else', () => {
    const deck = stackedDeck('');
    for (const bad of [0, 6, 2.5, -1, Number.NaN]) {
      expect(dealJacks(deck, bad)).toMatchObject({ ok: false, refusal: { rule: 'J-1' } });
    }
    expect(dealJacks(deck, 1).ok).toBe(true);
    expect(dealJacks(deck, 5).ok).toBe(true);
    expect(dealJacks(deck, 8, { ...DEFAULT_JACKS_CONFIG, maxBet: 10 }).ok).toBe(true);
  });

  it('J-2: DEAL takes the bet and deals the top five cards', () => {
    const step = taken(dealJacks(stackedDeck('2c 7d 9h Js Kc'), 3));
    expect(formatCards(step.state.dealt)).toEqual(['2c', '7d', '9h', 'Js', 'Kc']);
    expect(step.effects[0]).toMatchObject({ type: 'dealt', stake: 3 });
  });

  it.each([
    ['royal flush holds all five', 'As Ks Qs Js Ts', [0, 1, 2, 3, 4]],
    ['straight holds all five', '9c Td Jh Qs Kc', [0, 1, 2, 3, 4]],
    ['flush holds all five', '2h 7h 9h Jh Kh', [0, 1, 2, 3, 4]],
    ['full house holds all five', '3c 3d Kh Ks Kc', [0, 1, 2, 3, 4]],
    ['four of a kind holds the four', '8c 2d 8h 8s 8d', [0, 2, 3, 4]],
    ['three of a kind holds the three', '5c Jd 5h 2s 5d', [0, 2, 4]],
    ['two pair holds the four', '4c Ad 4h As 9d', [0, 1, 2, 3]],
    ['a pair of jacks holds the two', 'Jc 3d 8h Js 2d', [0, 3]],
    ['a low pair holds nothing', 'Tc 3d 8h Ts 2d', []],
    ['nothing holds nothing', 'Ac 3d 8h Ts 2d', []],
  ])('J-3 auto-hold: %s', (_name, top, expected) => {
    const s = ok(dealJacks(stackedDeck(top), 1));
    expect(s.autoHold).toEqual(expected);
    expect(s.held).toEqual(expected);
  });

  it('J-3: the player can change any hold before drawing', () => {
    let s = ok(dealJacks(stackedDeck('Jc 3d 8h Js 2d'), 1));
    s = ok(stepJacks(s, { type: 'toggleHold', position: 3 }));
    expect(s.held).toEqual([0]);
    s = ok(stepJacks(s, { type: 'toggleHold', position: 2 }));
    expect(s.held).toEqual([0, 2]);
    s = ok(stepJacks(s, { type: 'hold', positions: [4, 1] }));
    expect(s.held).toEqual([1, 4]);
  });

  it('J-4: replacements come from the deck in position order, left to right', () => {
    const s = play('Ah Kh 2c Jh 3d Qh Th 4s', 5, [0, 1, 3]);
    expect(formatCards(s.final!)).toEqual(['Ah', 'Kh', 'Qh', 'Jh', 'Th']);
    expect(s.hand).toBe('royal-flush');
  });

  it('J-4: with no card held all five are replaced; the draw is free', () => {
    const s = play('2c 7d 9h Js Kc 3h 3d 3s 8c 8d', 2, []);
    expect(formatCards(s.final!)).toEqual(['3h', '3d', '3s', '8c', '8d']);
    expect(s.hand).toBe('full-house');
    expect(s.win).toBe(2 * 9);
  });

  it('J-5: pays bet × coefficient, a jacks pair returns the bet', () => {
    expect(play('Jc Jd 8h 4s 2d', 3, [0, 1, 2, 3, 4]).win).toBe(3);
    expect(play('Tc Td 8h 4s 2d', 3, [0, 1, 2, 3, 4]).win).toBe(0);
    expect(play('As Ks Qs Js Ts', 1).win).toBe(250);
    expect(play('As Ks Qs Js Ts', 5).win).toBe(1250);
    expect(play('9s 8s 7s 6s 5s', 2).win).toBe(100);
    expect(play('9c 9d 9h 9s 5s', 1).win).toBe(25);
    expect(play('2h 7h 9h Jh Kh', 4).win).toBe(24);
    expect(play('9c Td Jh Qs Kc', 1).win).toBe(4);
    expect(play('5c Jd 5h 2s 5d', 1, [0, 1, 2, 3, 4]).win).toBe(3);
    expect(play('4c Ad 4h As 9d', 5).win).toBe(10);
  });

  it('J-6: another pay table, with a different royal at max bet', () => {
    const parsed = parsePayTable('jacks-or-better', { 'full-house': 8, flush: 5, 'royal-flush-max-bet': 800 });
    if (!parsed.ok) throw new Error(parsed.error);
    const config = { maxBet: 5, payTable: parsed.table };
    expect(play('3c 3d Kh Ks Kc', 1, undefined, config).win).toBe(8);
    expect(play('As Ks Qs Js Ts', 4, undefined, config).win).toBe(1000);
    expect(play('As Ks Qs Js Ts', 5, undefined, config).win).toBe(4000);
    expect(parsePayTable('jacks-or-better', { pair: 1 }).ok).toBe(false);
    expect(parsePayTable('jacks-or-better', { flush: -1 }).ok).toBe(false);
    expect(parsePayTable('jacks-or-better', { flush: 1.5 }).ok).toBe(false);
  });

  it('auto-hold follows the pay table: a category that pays nothing is not held', () => {
    const parsed = parsePayTable('jacks-or-better', { 'jacks-or-better': 0 });
    if (!parsed.ok) throw new Error(parsed.error);
    expect(autoHoldPositions(parseCards('Jc 3d 8h Js 2d'), parsed.table)).toEqual([]);
  });

  it('refuses anything after the draw, bad holds and unknown actions', () => {
    const over = play('Jc 3d 8h Js 2d', 1);
    expect(stepJacks(over, { type: 'draw' })).toMatchObject({ ok: false, refusal: { rule: 'J-4' } });
    const s = ok(dealJacks(stackedDeck('Jc 3d 8h Js 2d'), 1));
    for (const positions of [[5], [0, 0], [-1], [1.5]]) {
      expect(stepJacks(s, { type: 'hold', positions }).ok).toBe(false);
    }
    expect(stepJacks(s, { type: 'toggleHold', position: 7 }).ok).toBe(false);
    expect(stepJacks(s, { type: 'split' } as never).ok).toBe(false);
  });

  it('H-2: refuses a deck with a card twice or too few cards for the draw', () => {
    expect(dealJacks(parseCards('As As Kd Qc Jh Tc 9c 8c 7c 6c'), 1)).toMatchObject({
      ok: false,
      refusal: { rule: 'H-2' },
    });
    const short = ok(dealJacks(parseCards('As Kd Qc Jh 3c 9c'), 1));
    expect(
      ok(stepJacks(ok(stepJacks(short, { type: 'hold', positions: [0, 1, 2, 3] })), { type: 'draw' })).final,
    ).toHaveLength(5);
    expect(stepJacks(ok(stepJacks(short, { type: 'hold', positions: [0] })), { type: 'draw' }).ok).toBe(false);
  });
});
