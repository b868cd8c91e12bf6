import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POKER_PLUS_CONFIG,
  HAND_VALUE_COUNT,
  parseCard,
  parseCards,
  parsePayTable,
  SeededRandom,
  shuffledDeck,
  uniformBelow,
  type PokerPlusConfig,
} from '../core';
import { DealerCounter } from './poker-plus-dealer-counts';
import { finalDecision } from './poker-plus-ev';
import { fastFinalDecision } from './poker-plus-final';

const lean = parsePayTable('poker-plus', { 'full-house': 6, flush: 4 });
if (!lean.ok) throw new Error(lean.error);
const CONFIGS: PokerPlusConfig[] = [
  DEFAULT_POKER_PLUS_CONFIG,
  { ...DEFAULT_POKER_PLUS_CONFIG, payTable: lean.table },
  // A low table maximum caps the bigger payouts.
  { ...DEFAULT_POKER_PLUS_CONFIG, tableMax: 60 },
];

describe('the fast final decision', () => {
  // 500 random hands (the enumeration takes 5-35 ms a hand): five or six cards, up to 16
  // exchanged away, antes 1 to 7, three tables; equal means the whole decision, the counts and
  // the values to the last bit and the choice. More hands, with the times of both, are
  // `HANDS=2000 npm run bench:poker-plus-decision`, which checks the same equality.
  it(`equals the enumeration of every completion exactly, on 500 random hands`, () => {
    const random = new SeededRandom('fast-final-decision/0');
    const differ: string[] = [];
    for (let i = 0; i < 500; i++) {
      const deck = shuffledDeck(random);
      const held = 5 + uniformBelow(random, 2);
      const seen = uniformBelow(random, 17);
      const input = {
        box: deck.slice(0, held),
        upCard: deck[held]!,
        seen: deck.slice(held + 1, held + 1 + seen),
        ante: 1 + uniformBelow(random, 7),
        config: CONFIGS[i % CONFIGS.length]!,
      };
      const fast = JSON.stringify(fastFinalDecision(input));
      if (fast !== JSON.stringify(finalDecision(input))) differ.push(`${i}: ${fast}`);
    }
    expect(differ).toEqual([]);
  });

  it('takes each unseen card of a rank out exactly: the counts without it equal a count made without it', () => {
    const random = new SeededRandom('dealer-counts-with-rank');
    const counter = new DealerCounter();
    const direct = new DealerCounter();
    // Random unseen sets (6 to 43 cards seen), and one where the only hands keeping K Q J 9 are
    // a flush in the up card's suit (every other K, Q, J and 9 seen, the up card the 2 of hearts).
    const cases = Array.from({ length: 300 }, () => {
      const deck = shuffledDeck(random);
      const dead = 6 + uniformBelow(random, 38);
      return { seen: deck.slice(0, dead), rho: deck[dead]! >> 2 };
    });
    const up = parseCard('2h');
    cases.push({ seen: [up, ...parseCards('Kc Kd Ks Qc Qd Qs Jc Jd Js 9c 9d 9s')], rho: 11 });
    let cardsChecked = 0;
    for (const { seen, rho } of cases) {
      const isUnseen = new Uint8Array(52).fill(1);
      for (const c of seen) isUnseen[c] = 0;
      // Box values to sort the dealer's hands against: a few, ascending.
      const drawn = Array.from(
        { length: 1 + uniformBelow(random, 60) },
        () => 1 + uniformBelow(random, HAND_VALUE_COUNT),
      );
      const values = [...new Set(drawn)].sort((x, y) => x - y);
      const k = values.length;
      const base = counter.count(isUnseen, seen[0]!, values, k);
      const before = {
        game: [...base.game],
        noGame: [...base.noGame],
        bought: [...base.bought],
        boughtNoGame: base.boughtNoGame,
      };
      const { shared, cards } = counter.countWithRank(rho, values, k);
      for (let s = 0; s < 4; s++) {
        const card = rho * 4 + s;
        if (!isUnseen[card]) {
          expect(cards[s]).toBeNull();
          continue;
        }
        const own = cards[s]!;
        isUnseen[card] = 0;
        const after = direct.count(isUnseen, seen[0]!, values, k);
        isUnseen[card] = 1;
        const less = (field: 'game' | 'noGame' | 'bought'): number[] =>
          before[field].slice(0, 2 * k + 1).map((x, b) => x - shared[field][b]! - own[field][b]!);
        expect([...after.game.subarray(0, 2 * k + 1)]).toEqual(less('game'));
        expect([...after.noGame.subarray(0, 2 * k + 1)]).toEqual(less('noGame'));
        expect([...after.bought.subarray(0, 2 * k + 1)]).toEqual(less('bought'));
        expect(after.boughtNoGame).toBe(before.boughtNoGame - shared.boughtNoGame - own.boughtNoGame);
        cardsChecked++;
      }
    }
    expect(cardsChecked).toBeGreaterThan(500);
  });
});
