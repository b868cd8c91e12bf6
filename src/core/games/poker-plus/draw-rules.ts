// P-3, the draw actions: what each costs and what each may take, under the reading of the rule
// a round was dealt under. A round carries its rules version from the deal to its settlement,
// so a game recorded under the earlier reading replays to its recorded result and a round in
// progress across an upgrade ends under the rule it was dealt with (docs/replay.md).

import { refuse, type Refusal } from '../../step';

/**
 * The readings of P-3 a round can be played under: 1, before issue 22, let a second draw action
 * exchange any number of the cards held; 2, as the original reads it («можно поменять любую из
 * них»: any one of them), a second action exchanges exactly one card.
 */
export const POKER_PLUS_RULES_VERSIONS = [1, 2] as const;
export type PokerPlusRulesVersion = (typeof POKER_PLUS_RULES_VERSIONS)[number];

/** The reading every new round is dealt under. */
export const POKER_PLUS_RULES_VERSION: PokerPlusRulesVersion = 2;

export const isPokerPlusRulesVersion = (x: unknown): x is PokerPlusRulesVersion =>
  (POKER_PLUS_RULES_VERSIONS as readonly unknown[]).includes(x);

/** A draw action: a sixth card, or an exchange of this many cards. */
export type DrawKind = number | 'sixth';

/** P-3: the fee of a draw action on a box with this many actions already taken. */
export function drawFee(ante: number, actionsTaken: number, exchanged: DrawKind): number {
  if (actionsTaken >= 1) return ante;
  if (exchanged === 'sixth' || exchanged === 1 || exchanged === 5) return ante;
  return 2 * ante;
}

/** P-3: the most cards an exchange may take from a box of `held` cards after `actionsTaken` actions. */
export function exchangeLimit(held: number, actionsTaken: number, rules: PokerPlusRulesVersion): number {
  return actionsTaken >= 1 && rules >= 2 ? 1 : held;
}

/**
 * Why P-3 forbids this draw action on a box of `held` cards after `actionsTaken` actions, or null
 * when it may be taken. Which positions an exchange names is the engine's to check.
 */
export function drawRefusal(
  held: number,
  actionsTaken: number,
  draw: DrawKind,
  rules: PokerPlusRulesVersion,
): Refusal | null {
  if (actionsTaken >= 2) return refuse('P-3', 'a box takes at most two draw actions').refusal;
  if (draw === 'sixth') return held >= 6 ? refuse('P-3', 'a box never holds more than six cards').refusal : null;
  if (draw < 1) return refuse('P-3', 'exchanging zero cards is not an action').refusal;
  const limit = exchangeLimit(held, actionsTaken, rules);
  if (draw <= limit) return null;
  const reason =
    actionsTaken === 0
      ? `a box of ${held} cards cannot exchange ${draw}`
      : `a second draw action exchanges one card only (rules version ${rules}), not ${draw}`;
  return refuse('P-3', reason).refusal;
}
