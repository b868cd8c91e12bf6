// The shapes of a Poker Plus round (P-1 to P-14): its configuration, its state and what its
// settlement finds. Both the game (poker-plus.ts) and its settlement (poker-plus-settle.ts) read
// them, so they live below both.

import type { Category } from '../../categories';
import type { Card } from '../../cards';
import type { PokerPlusPayTable } from './pay-table';
import type { PokerPlusRulesVersion } from './draw-rules';
import type { POKER_PLUS_ID } from './id';

export interface PokerPlusConfig {
  minAnte: number;
  maxAnte: number;
  tableMax: number;
  payTable: PokerPlusPayTable;
}

export type DrawRecord =
  | { kind: 'exchange'; positions: number[]; removed: Card[]; drawn: Card[]; fee: number }
  | { kind: 'sixth'; drawn: Card[]; fee: number };

export interface BoxState {
  ante: number;
  blind: boolean;
  cards: Card[];
  draws: DrawRecord[];
  /** P-4: 'deciding' until BET or FOLD; 'bet' after BET; 'folded'; 'half' after P-6. */
  status: 'deciding' | 'bet' | 'folded' | 'half';
  bet: number;
  boughtGame: boolean;
  /** Every chip this box has put on the table so far: ante, bet and fees. */
  staked: number;
}

export interface PokerPlusState {
  game: typeof POKER_PLUS_ID;
  /** Which reading of P-3 the round was dealt under; it keeps it to the end. */
  rulesVersion: PokerPlusRulesVersion;
  phase: 'deciding' | 'options' | 'over';
  config: PokerPlusConfig;
  deck: Card[];
  /** Index of the next card to come off the deck. */
  next: number;
  boxes: BoxState[];
  seen: number;
  dealer: Card[];
  result: { dealer: DealerResult; boxes: BoxResult[] } | null;
}

export type BoxOutcome = 'win' | 'lose' | 'standoff' | 'fold' | 'no-game-win' | 'no-game-push' | 'half';

export interface BoxResult {
  cards: Card[];
  best: Card[];
  hand: Category;
  outcome: BoxOutcome;
  staked: number;
  returned: number;
  net: number;
}

export interface BoughtGame {
  discarded: Card;
  drew: Card;
  cards: Card[];
  hand: Category;
  game: boolean;
}

export interface DealerResult {
  cards: Card[];
  hand: Category;
  game: boolean;
  bought: BoughtGame | null;
}
