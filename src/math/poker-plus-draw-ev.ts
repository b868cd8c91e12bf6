// Expected value of a draw action on the seen box (P-3) against the dealer's up card: the fee,
// then for every set of cards the action can bring, the best final decision on the new hand
// (finalDecision: fold, bet, bet and take half, bet and buy the game). What a second draw
// action could add is left out, so a first action that sets one up is valued a little low.
// Enumerated when the draws are few (a sixth card, one card exchanged: 46 hands), sampled
// with a seeded source when they are many. For deriving a strategy, not for play.

import {
  drawFee,
  drawRefusal,
  POKER_PLUS_RULES_VERSION,
  uniformBelow,
  type Card,
  type PokerPlusConfig,
  type RandomSource,
  DEFAULT_POKER_PLUS_CONFIG,
} from '../core';
import { choose } from './combinations';
import { finalDecision } from './poker-plus-ev';

export type DrawOption = { kind: 'sixth' } | { kind: 'exchange'; positions: number[] };

export interface DrawValueInput {
  box: readonly Card[];
  upCard: Card;
  option: DrawOption;
  ante: number;
  /** Draw actions the box has taken already (the fee of P-3 depends on it). */
  taken?: number;
  /** Cards exchanged away earlier: seen, so neither drawn nor in the dealer's hand. */
  seen?: readonly Card[];
  config?: PokerPlusConfig;
}

export interface DrawValue {
  /** Expected net chips from here on, the fee included. */
  value: number;
  fee: number;
  /** Hands valued, and whether every possible draw was (else a sample). */
  hands: number;
  exact: boolean;
  /** Standard error of `value` (0 when exact). */
  error: number;
}

/** The best final decision's value on a hand, with the cards seen so far. */
export function standValue(
  box: readonly Card[],
  upCard: Card,
  ante: number,
  seen: readonly Card[] = [],
  config: PokerPlusConfig = DEFAULT_POKER_PLUS_CONFIG,
): number {
  const d = finalDecision({ box, upCard, seen, ante, config });
  return d.values[d.best]!;
}

export function drawValue(
  input: DrawValueInput,
  options: { maxHands?: number; random?: RandomSource } = {},
): DrawValue {
  const { box, upCard, option, ante } = input;
  const config = input.config ?? DEFAULT_POKER_PLUS_CONFIG;
  const seen = input.seen ?? [];
  const taken = input.taken ?? 0;
  const out = new Set<Card>([...box, upCard, ...seen]);
  const pool: Card[] = [];
  for (let c = 0; c < 52; c++) if (!out.has(c)) pool.push(c);
  const positions = option.kind === 'sixth' ? [] : [...option.positions].sort((a, b) => a - b);
  const k = option.kind === 'sixth' ? 1 : positions.length;
  const kind = option.kind === 'sixth' ? 'sixth' : k;
  const refused = drawRefusal(box.length, taken, kind, POKER_PLUS_RULES_VERSION);
  if (refused) throw new RangeError(`drawValue: ${refused.rule}: ${refused.reason}`);
  const fee = drawFee(ante, taken, kind);
  const thrown = positions.map((p) => {
    const card = box[p];
    if (card === undefined) throw new RangeError(`drawValue: the box has no card at position ${p}`);
    return card;
  });
  const nowSeen = [...seen, ...thrown];
  const handWith = (drawn: readonly Card[]): Card[] => {
    if (option.kind === 'sixth') return [...box, drawn[0]!];
    const next = [...box];
    positions.forEach((p, i) => (next[p] = drawn[i]!));
    return next;
  };
  const total = choose(pool.length, k);
  const maxHands = options.maxHands ?? 1200;
  let sum = 0;
  let sum2 = 0;
  let hands = 0;
  const add = (drawn: Card[]): void => {
    const v = standValue(handWith(drawn), upCard, ante, nowSeen, config);
    sum += v;
    sum2 += v * v;
    hands++;
  };
  if (total <= maxHands) {
    const pick = (from: number, chosen: Card[]): void => {
      if (chosen.length === k) return add(chosen);
      for (let i = from; i < pool.length; i++) pick(i + 1, [...chosen, pool[i]!]);
    };
    pick(0, []);
    return { value: sum / hands - fee, fee, hands, exact: true, error: 0 };
  }
  const random = options.random;
  if (!random)
    throw new Error(`drawValue: ${total} possible draws; give a random source to sample ${maxHands} of them`);
  for (let s = 0; s < maxHands; s++) {
    const rest = [...pool];
    const drawn: Card[] = [];
    for (let i = 0; i < k; i++) drawn.push(rest.splice(uniformBelow(random, rest.length), 1)[0]!);
    add(drawn);
  }
  const mean = sum / hands;
  const variance = Math.max(0, sum2 / hands - mean * mean) / (hands - 1);
  return { value: mean - fee, fee, hands, exact: false, error: Math.sqrt(variance) };
}
