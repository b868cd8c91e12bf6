import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POKER_PLUS_CONFIG,
  evaluate,
  parseCard,
  parseCards,
  RANK_CHARS,
  rankOf,
  SeededRandom,
  shuffledDeck,
  suitOf,
  type Card,
} from '../core';
import {
  aboveUp,
  drawClass,
  drawClassIndex,
  DRAW_CLASSES,
  finalClass,
  finalClassIndex,
  FINAL_CLASSES,
} from './poker-plus-hand-classes';
import { simulateBatch } from './poker-plus-sim';
import { parseStrategy, type PokerPlusStrategy } from './poker-plus-strategy';
import {
  cell,
  firstChoice,
  parseTables,
  SECOND_CLASSES,
  secondChoice,
  UNPAIRED_CLASSES,
  type StrategyTables,
} from './poker-plus-table-strategy';

/** Tables of random worth, every class filled: the rule's arithmetic, not its wisdom, is tested. */
function randomTables(seed: string): StrategyTables {
  const random = new SeededRandom(seed);
  const row = (): number[] => [...RANK_CHARS].map(() => (random.nextUint32() / 2 ** 32) * 4 - 1.5);
  const of = (rows: readonly string[]): Record<string, number[]> => Object.fromEntries(rows.map((c) => [c, row()]));
  const actions = ['fold', 'bet', 'bet-buy'] as const;
  return {
    exchange: { all: of(DRAW_CLASSES), unpaired: of(UNPAIRED_CLASSES) },
    second: of(SECOND_CLASSES),
    worth: of(FINAL_CLASSES),
    final: Object.fromEntries(
      FINAL_CLASSES.map((c) => [c, [...RANK_CHARS].map((_, i) => actions[(i + c.length) % actions.length]!)]),
    ),
  };
}

describe('Poker Plus table strategy', () => {
  it('names classes as the docs do', () => {
    const up = parseCard('9d');
    expect(drawClass(parseCards('2h 9h Kc 5h Jh'), up)).toBe('four-flush-above-2');
    expect(drawClass(parseCards('5c 6d 7h 8s Kc'), up)).toBe('open-straight-above-1');
    expect(drawClass(parseCards('Qc Qd 7h 9s 4c'), up)).toBe('pair-Q');
    expect(drawClass(parseCards('5c 5d 6h 7s 8c'), up)).toBe('pair-open-straight');
    expect(drawClass(parseCards('9c 9d 9h 4s 2c 7d'), up)).toBe('three-of-a-kind');
    expect(finalClass(parseCards('Ah Kd 8c 6s 9s'), up)).toBe('ace-high-up-held');
    expect(finalClass(parseCards('3c 3d 7h 9s Jc'), parseCard('Kh'))).toBe('pair-3');
  });

  it('gives every box the same class by number as by name', () => {
    const random = new SeededRandom('classes by number');
    for (let i = 0; i < 20_000; i++) {
      const deck = shuffledDeck(random);
      const cards = deck.slice(0, 5 + (i % 2));
      const up = deck[6]!;
      const suits = [0, 0, 0, 0];
      let mask = 0;
      for (const c of cards) {
        suits[suitOf(c)]!++;
        mask |= 1 << rankOf(c);
      }
      const v = evaluate(cards);
      expect(
        DRAW_CLASSES[
          drawClassIndex(
            v,
            suits.some((n) => n >= 4),
            mask,
            aboveUp(cards, up),
          )
        ],
      ).toBe(drawClass(cards, up));
      expect(
        FINAL_CLASSES[
          finalClassIndex(
            v,
            cards.some((c) => rankOf(c) === rankOf(up)),
          )
        ],
      ).toBe(finalClass(cards, up));
    }
  });

  it('weighs each draw option as the plain average over every card that can come', () => {
    const tables = randomTables('look-ahead');
    const random = new SeededRandom('look-ahead boxes');
    const second = (cards: readonly Card[], up: Card): number =>
      cell(tables.second[`${drawClass(cards, up)}/${cards.length}`]!, up);
    const worth = (cards: readonly Card[], up: Card): number => cell(tables.worth[finalClass(cards, up)]!, up);
    for (let i = 0; i < 150; i++) {
      const deck = shuffledDeck(random);
      const box = deck.slice(0, 5);
      const up = deck[5]!;
      const unseen = deck.slice(6);
      const { values } = firstChoice(tables, box, up);
      const mean = (f: (c: Card) => number): number => unseen.reduce((s, c) => s + f(c), 0) / unseen.length;
      expect(values.stand).toBeCloseTo(worth(box, up), 12);
      expect(values.sixth).toBeCloseTo(mean((c) => second([...box, c], up)) - 1, 12);
      const one = Math.max(
        ...box.map((_, p) =>
          mean((c) =>
            second(
              box.map((x, i) => (i === p ? c : x)),
              up,
            ),
          ),
        ),
      );
      expect(values['exchange-one']).toBeCloseTo(one - 1, 12);
      // The second action on the box after a sixth card, by the worth table.
      const six = [...box, deck[6]!];
      const left = deck.slice(7);
      const options = six.map(
        (_, p) =>
          left.reduce(
            (s, c) =>
              s +
              worth(
                six.map((x, i) => (i === p ? c : x)),
                up,
              ),
            0,
          ) / left.length,
      );
      const best = Math.max(...options);
      const choice = secondChoice(tables, six, up, []);
      if (best > worth(six, up) + 1 + 1e-9) expect(choice).toEqual([options.indexOf(best)]);
      else expect(choice).toBeNull();
    }
  });

  it('plays a table strategy through the engine and the fast path alike', () => {
    const strategy: PokerPlusStrategy = {
      name: 'random tables',
      first: [],
      second: [],
      bet: 'any',
      takeHalf: [],
      buyGame: [],
      tables: randomTables('engine and fast path'),
    };
    const request = {
      strategy,
      seed: 'tables',
      rounds: 3000,
      boxes: 1 as const,
      ante: 1,
      config: DEFAULT_POKER_PLUS_CONFIG,
    };
    expect(simulateBatch({ ...request, engine: true })).toEqual(simulateBatch(request));
  });

  it('reads a strategy file with tables, and refuses a broken one naming the field', () => {
    const tables = randomTables('file');
    expect(parseStrategy({ name: 'best', tables }).ok).toBe(true);
    const refused = (x: unknown): string => {
      const parsed = parseStrategy(x);
      if (parsed.ok) throw new Error('accepted');
      return parsed.error;
    };
    expect(refused({ name: 'x', tables, first: [] })).toMatch(/"first" and "tables" together/);
    const { 'pair-A': _gone, ...missing } = tables.worth;
    expect(refused({ name: 'x', tables: { ...tables, worth: missing } })).toMatch(
      /strategy\.tables\.worth\.pair-A: expected 13/,
    );
    expect(
      refused({ name: 'x', tables: { ...tables, worth: { ...tables.worth, 'pair-Z': tables.worth['pair-A'] } } }),
    ).toMatch(/"pair-Z" is not a hand class/);
    const half = { ...tables.final, 'pair-A': tables.final['pair-A']!.map(() => 'bet-half') };
    expect(refused({ name: 'x', tables: { ...tables, final: half } })).toMatch(
      /P-6 allows half only with a straight or better/,
    );
    const nan = { ...tables.second, 'high-card-above-0/5': tables.second['high-card-above-0/5']!.map(() => 'x') };
    expect(refused({ name: 'x', tables: { ...tables, second: nan } })).toMatch(
      /high-card-above-0\/5\[0\] \(up card 2\)/,
    );
    expect(parseTables({ ...tables, extra: 1 }, 't')).toEqual({ ok: false, error: 't: unknown key "extra"' });
  });
});
