import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POKER_PLUS_CONFIG,
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
  // 2,000 random hands in two parts (the enumeration takes 5-35 ms a hand): five or six cards,
  // up to 16 exchanged away, antes 1 to 7, three tables; equal means the whole decision, the
  // counts and the values to the last bit and the choice.
  for (const part of [0, 1]) {
    it(`equals the enumeration of every completion exactly, on random hands (${part * 1000 + 1}..${part * 1000 + 1000})`, () => {
      const random = new SeededRandom(`fast-final-decision/${part}`);
      const differ: string[] = [];
      for (let i = 0; i < 1000; i++) {
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
  }

  it('subtracts one more card seen exactly: the counts without it equal a count made without it', () => {
    const random = new SeededRandom('dealer-counts-with-card');
    const counter = new DealerCounter();
    const direct = new DealerCounter();
    for (let i = 0; i < 60; i++) {
      const deck = shuffledDeck(random);
      const dead = 6 + uniformBelow(random, 8);
      const isUnseen = new Uint8Array(52).fill(1);
      for (const c of deck.slice(0, dead)) isUnseen[c] = 0;
      const base = counter.count(isUnseen, deck[0]!, null);
      const before = {
        game: [...base.game],
        noGame: [...base.noGame],
        bought: [...base.bought],
        boughtNoGame: base.boughtNoGame,
      };
      const card = deck[dead]!;
      const less = counter.countWith(card, null);
      isUnseen[card] = 0;
      const after = direct.count(isUnseen, deck[0]!, null);
      expect(after.boughtNoGame).toBe(before.boughtNoGame - less.boughtNoGame);
      expect([...after.game]).toEqual(before.game.map((x, v) => x - less.game[v]!));
      expect([...after.noGame]).toEqual(before.noGame.map((x, v) => x - less.noGame[v]!));
      expect([...after.bought]).toEqual(before.bought.map((x, v) => x - less.bought[v]!));
    }
  });
});
