// The fast path holds no rules of its own, and this is what proves it plays them: the same
// seeded rounds through it and through the engine, compared round by round (every box's
// stake, return, outcome and hand, the seen box's draws, fees and final cards), then whole
// batches compared total by total.
import { describe, expect, it } from 'vitest';
import {
  dealPokerPlus,
  DEFAULT_POKER_PLUS_CONFIG,
  parsePayTable,
  SeededRandom,
  shuffledDeck,
  stepPokerPlus,
  type PokerPlusConfig,
} from '../core';
import { DEFAULT_POKER_PLUS_STRATEGY } from './poker-plus-default-strategy';
import { FastRounds } from './poker-plus-fast';
import { playRound } from './poker-plus-play';
import { roundOfState, type RoundResult } from './poker-plus-round';
import { simulateBatch } from './poker-plus-sim';
import { parseStrategy, type PokerPlusStrategy } from './poker-plus-strategy';

/** Every draw action, half and buying the game, so that every branch of both paths is played. */
const BUSY = (() => {
  const parsed = parseStrategy({
    name: 'busy',
    first: [
      { if: { handAtLeast: 'straight' }, then: 'stand' },
      { if: { handAtLeast: 'three-of-a-kind' }, then: { exchange: 'unpaired' } },
      { if: { pairAtLeast: '9' }, then: { exchange: 'unpaired' } },
      { if: { draw: 'four-flush' }, then: { exchange: 'off-flush' } },
      { if: { draw: 'four-straight' }, then: { exchange: 'off-straight' } },
      { if: { upCardAtLeast: 'Q' }, then: 'fold' },
      { if: { draw: 'three-flush' }, then: 'buySixth' },
      { if: { handAtLeast: 'pair' }, then: 'stand' },
      { if: 'any', then: { exchange: 'all' } },
    ],
    second: [
      { if: { handAtLeast: 'two-pair' }, then: 'stand' },
      { if: { draw: 'four-flush' }, then: { exchangeOne: 'off-flush' } },
      { if: { draw: 'four-straight' }, then: { exchangeOne: 'off-straight' } },
      { if: { handAtLeast: 'pair' }, then: 'buySixth' },
      { if: 'any', then: { exchangeOne: 'lowest-unpaired' } },
    ],
    bet: { any: [{ handAtLeast: 'pair' }, { upCardBelow: '7' }] },
    takeHalf: ['straight', 'four-of-a-kind'],
    buyGame: ['flush', 'full-house', 'straight-flush', 'royal-flush'],
  });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.strategy;
})();

/** Differences between two records, as "path: engine ≠ fast" lines. */
function differences(a: unknown, b: unknown, path = 'round'): string[] {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? [] : [`${path}: ${String(a)} ≠ ${String(b)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((k) =>
    differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`),
  );
}

interface Run {
  strategy: PokerPlusStrategy;
  rounds: number;
  boxes: 1 | 2;
  ante: number;
  config: PokerPlusConfig;
  seed: string;
}

/** Plays `rounds` decks of one seed both ways; returns the first rounds that differ and what was seen. */
function compare(run: Run) {
  const engineRandom = new SeededRandom(run.seed);
  const fastRandom = new SeededRandom(run.seed);
  const fast = new FastRounds(run.strategy, run.ante, run.boxes, run.config);
  const mismatches: string[] = [];
  const seen = { outcomes: new Set<string>(), paths: new Set<string>(), hands: new Set<number>() };
  for (let i = 0; i < run.rounds && mismatches.length < 5; i++) {
    const engine: RoundResult = roundOfState(
      playRound(run.strategy, {
        deck: shuffledDeck(engineRandom),
        ante: run.ante,
        boxes: run.boxes,
        config: run.config,
      }),
    );
    const played = fast.next(fastRandom);
    const diff = differences(engine, played, `round ${i}`);
    if (diff.length > 0) mismatches.push(diff.join('; '));
    for (const b of engine.boxes) seen.outcomes.add(`${b.blind ? 'blind' : 'seen'}:${b.outcome}`);
    seen.paths.add(`${engine.draws.join(',')}/${engine.gameFee > 0 ? 'buy' : engine.boxes[0]!.outcome}`);
    seen.hands.add(engine.boxes[0]!.hand);
  }
  return { mismatches, seen };
}

describe('the fast path against the engine, round by round', () => {
  it('plays 100,000 seeded rounds of the default strategy, one box, exactly as the engine does', () => {
    const { mismatches, seen } = compare({
      strategy: DEFAULT_POKER_PLUS_STRATEGY,
      rounds: 100_000,
      boxes: 1,
      ante: 1,
      config: DEFAULT_POKER_PLUS_CONFIG,
      seed: 'fast-vs-engine',
    });
    expect(mismatches).toEqual([]);
    // The rounds did reach every outcome the default strategy can meet.
    for (const o of ['fold', 'win', 'lose', 'no-game-win', 'no-game-push'])
      expect(seen.outcomes).toContain(`seen:${o}`);
    expect(seen.hands.size).toBe(10);
  });

  it('plays 100,000 seeded rounds of every action, with a blind box, an ante of 7 and a low table maximum, as the engine does', () => {
    const lean = parsePayTable('poker-plus', { 'full-house': 6, flush: 4 });
    if (!lean.ok) throw new Error(lean.error);
    const config = { ...DEFAULT_POKER_PLUS_CONFIG, tableMax: 60, payTable: lean.table };
    const { mismatches, seen } = compare({ strategy: BUSY, rounds: 100_000, boxes: 2, ante: 7, config, seed: 'busy' });
    expect(mismatches).toEqual([]);
    for (const o of ['fold', 'win', 'lose', 'standoff', 'no-game-win', 'no-game-push', 'half'])
      expect(seen.outcomes).toContain(`seen:${o}`);
    for (const o of ['win', 'lose', 'standoff', 'no-game-win', 'no-game-push'])
      expect(seen.outcomes).toContain(`blind:${o}`);
    // A sixth card, exchanges of one, two, three and five cards, and two actions in a row, the
    // second of them one card (P-3) or a sixth card.
    for (const p of ['0/', '1/', '2/', '3/', '5/', '0,1/', '3,0/', '5,1/', '1,1/'])
      expect([...seen.paths].some((x) => x.startsWith(p))).toBe(true);
    expect([...seen.paths].some((x) => x.endsWith('/buy'))).toBe(true);
    expect([...seen.paths].filter((x) => /^\d+,[2-6]\//.test(x))).toEqual([]);
  });

  it('decides by exact expected value the same way on both paths', () => {
    const exact = { ...DEFAULT_POKER_PLUS_STRATEGY, exact: true };
    const { mismatches } = compare({
      strategy: exact,
      rounds: 60,
      boxes: 1,
      ante: 1,
      config: DEFAULT_POKER_PLUS_CONFIG,
      seed: 'exact',
    });
    expect(mismatches).toEqual([]);
  });

  it('adds up to the same totals over a batch, and the engine path is still there to ask for', () => {
    const request = {
      strategy: BUSY,
      seed: 'totals',
      rounds: 20_000,
      boxes: 2 as const,
      ante: 2,
      config: DEFAULT_POKER_PLUS_CONFIG,
    };
    expect(simulateBatch(request)).toEqual(simulateBatch({ ...request, engine: true }));
  });

  it('stops a second exchange of two cards with the refusal the engine gives, a value on both paths', () => {
    // What no strategy file can ask (the parser refuses it): built by hand past the parser.
    const greedy = {
      ...DEFAULT_POKER_PLUS_STRATEGY,
      first: [{ if: 'any', then: 'buySixth' }],
      second: [{ if: 'any', then: { exchange: 'all' } }],
    } as unknown as PokerPlusStrategy;
    const deck = shuffledDeck(new SeededRandom('greedy'));
    const refusal = {
      rule: 'P-3',
      reason: 'a second draw action exchanges one card only (rules version 2), not 6',
    };
    expect(new FastRounds(greedy, 1, 1, DEFAULT_POKER_PLUS_CONFIG).play(deck)).toEqual({
      refused: refusal,
      what: 'exchange',
    });
    const dealt = dealPokerPlus(deck, [{ ante: 1 }]);
    if (!dealt.ok) throw new Error('the deal');
    const sixth = stepPokerPlus(dealt.state, { type: 'buySixth', box: 0 });
    if (!sixth.ok) throw new Error('the sixth card');
    expect(stepPokerPlus(sixth.state, { type: 'exchange', box: 0, positions: [0, 1, 2, 3, 4, 5] })).toEqual({
      ok: false,
      refusal,
    });
    const request = { strategy: greedy, seed: 'greedy', rounds: 10, boxes: 1 as const, ante: 1 };
    const text = 'exchange refused by P-3: a second draw action exchanges one card only (rules version 2), not 6';
    expect(() => simulateBatch({ ...request, config: DEFAULT_POKER_PLUS_CONFIG })).toThrow(text);
    expect(() => simulateBatch({ ...request, config: DEFAULT_POKER_PLUS_CONFIG, engine: true })).toThrow(text);
  });

  it('refuses an ante the deal would refuse, as the engine does', () => {
    expect(() => new FastRounds(DEFAULT_POKER_PLUS_STRATEGY, 0, 1, DEFAULT_POKER_PLUS_CONFIG)).toThrow(/P-2/);
    expect(() => new FastRounds(DEFAULT_POKER_PLUS_STRATEGY, 101, 1, DEFAULT_POKER_PLUS_CONFIG)).toThrow(/P-2/);
  });
});
