import { describe, expect, it } from 'vitest';
import { DEFAULT_POKER_PLUS_CONFIG, freshDeck, parseCards, type Card } from '../core';
import { DEFAULT_POKER_PLUS_STRATEGY } from './poker-plus-default-strategy';
import { playRound } from './poker-plus-play';
import { simulatePokerPlus } from './poker-plus-sim-parallel';

/** A deck that deals `box` to the seen box, `dealer` to the dealer, then `next`, then the rest. */
function deck(box: string, dealer: string, next = ''): Card[] {
  const front = [...parseCards(box), ...parseCards(dealer), ...parseCards(next)];
  return [...front, ...freshDeck().filter((c) => !front.includes(c))];
}

const play = (d: Card[], boxes: 1 | 2 = 1) =>
  playRound(DEFAULT_POKER_PLUS_STRATEGY, { deck: d, ante: 1, boxes, config: DEFAULT_POKER_PLUS_CONFIG });

describe('playing the default strategy through the engine', () => {
  it('buys a sixth card on four to a flush, then bets the flush without buying the game', () => {
    const state = play(deck('2h 9h Kc 5h Jh', '3c 4d 8s Tc Qd', 'Ah'));
    const box = state.boxes[0]!;
    expect(box.draws.map((d) => d.kind)).toEqual(['sixth']);
    expect(box.cards).toEqual(parseCards('2h 9h Kc 5h Jh Ah'));
    // A flush pays 5 on the P-12 table: buying the game costs more than it brings.
    expect(box.boughtGame).toBe(false);
    expect(state.result!.boxes[0]!.hand).toBe('flush');
  });

  it('buys a sixth card on trips, and buys the game with the full house it makes', () => {
    const state = play(deck('9c 9d 9h 4s 2c', '3c 4d 8s Tc Qd', '2s'));
    const box = state.boxes[0]!;
    expect(box.draws.map((d) => d.kind)).toEqual(['sixth']);
    expect(box.boughtGame).toBe(true);
    expect(state.result!.boxes[0]!.hand).toBe('full-house');
  });

  it('bets a pair of deuces only against a deuce up, and threes against anything', () => {
    expect(play(deck('2h 2s Kc 5h 9d', '3c 4d 8s Tc 2d')).result!.boxes[0]!.outcome).not.toBe('fold');
    expect(play(deck('2h 2s Kc 5h 9d', '3c 4d 8s Tc 7d')).result!.boxes[0]!.outcome).toBe('fold');
    expect(play(deck('3h 3s Kc 5h 9d', '2c 4d 8s Tc Ad')).result!.boxes[0]!.outcome).not.toBe('fold');
  });

  it('after a missed sixth card exchanges the one card off the flush that pairs nothing, for one ante', () => {
    const state = play(deck('2h 9h Kc 5h Jh', '3c 4d 8s Tc Qd', '7s 8h'));
    const box = state.boxes[0]!;
    expect(box.draws.map((d) => (d.kind === 'exchange' ? d.positions : d.kind))).toEqual(['sixth', [5]]);
    expect(box.draws[1]!.fee).toBe(1);
    expect(state.result!.boxes[0]!.hand).toBe('flush');
  });

  it('buys a sixth card on trips, then exchanges the lowest kicker', () => {
    const state = play(deck('9c 9d 9h 4s 2c', '3c 4d 8s Tc Qd', 'Kd 4h'));
    const box = state.boxes[0]!;
    expect(box.draws.map((d) => (d.kind === 'exchange' ? d.removed : d.kind))).toEqual(['sixth', parseCards('2c')]);
    expect(state.result!.boxes[0]!.hand).toBe('full-house');
  });

  it('folds nothing at once and stands on a pair of queens', () => {
    expect(play(deck('2h 9d Kc 5h Js', '3c 4d 8s Tc Qd')).result!.boxes[0]!.outcome).toBe('fold');
    const pair = play(deck('Qh Qs Kc 5h 2s', '3c 4d 8s Tc 7d'));
    expect(pair.boxes[0]!.draws).toEqual([]);
    expect(pair.result!.boxes[0]!.outcome).toBe('no-game-win');
  });

  it('plays a blind box beside the seen one', () => {
    const state = play(deck('Qh Qs Kc 5h 2s', '3c 4d 8s Tc 7d 9h 9s Ad Ac Kd'), 2);
    expect(state.boxes[1]!.blind).toBe(true);
    expect(state.result!.boxes[1]!.staked).toBe(3);
  });
});

describe('Poker Plus simulation', () => {
  it('gives the same figures for a seed on one thread and on worker threads', async () => {
    const options = {
      strategy: DEFAULT_POKER_PLUS_STRATEGY,
      rounds: 12_000,
      seed: 'same',
      boxes: 2 as const,
      batch: 3000,
    };
    const one = await simulatePokerPlus({ ...options, threads: 1 });
    const two = await simulatePokerPlus({ ...options, threads: 2 });
    expect(two).toEqual(one);
  });

  it('reports outcomes whose frequencies and contributions add up', async () => {
    const r = await simulatePokerPlus({
      strategy: DEFAULT_POKER_PLUS_STRATEGY,
      rounds: 20_000,
      seed: 'sums',
      boxes: 1,
      threads: 1,
    });
    const lines = Object.values(r.outcomes);
    expect(lines.reduce((s, l) => s + l.count, 0)).toBe(20_000);
    expect(lines.reduce((s, l) => s + l.contribution, 0)).toBeCloseTo(r.rtp - 1, 12);
    expect(Object.values(r.hands).reduce((s, l) => s + l.frequency, 0)).toBeCloseTo(1, 12);
    expect(r.ci95[0]).toBeLessThan(r.rtp);
    expect(r.ci95[1]).toBeGreaterThan(r.rtp);
    expect(r.fees.draw).toBeGreaterThan(0);
  });
});
