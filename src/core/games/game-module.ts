// What a game is to the rest of the cabinet: one declaration per game, listed in the registry
// (registry.ts), from which the cabinet, the app, SAS and the screens take all they know of it.
// Two shapes share it: a video-poker family (a bet of 1 to maxBet chips, five cards, holds, one
// draw: Jacks or Better and its kin, made by videoPokerGame) and a table game against the dealer
// (antes in one or two boxes, decisions box by box, the dealer's reveal: Poker Plus).

import type { Card } from '../cards';
import type { PayTableParse } from '../paytable';
import type { Json } from '../replay-read';
import type { GameTexts } from './game-texts';

export type GameShape = 'video-poker' | 'table';

export interface GameNames {
  en: string;
  ru: string;
}

/** One row of a pay table as the screens draw it: a category and what it pays at each bet. */
export interface PayRow {
  category: string;
  /**
   * What the hand pays at each bet (1..maxBet), in chips, for a video-poker family; for a table
   * game one column, what its BET pays per chip (so many to one).
   */
  perBet: number[];
}

/** The operator's limits a game's stake is bounded by (the cabinet's settings). */
export interface StakeLimits {
  maxBet: number;
  maxAnte: number;
}

/** A step of a recalled game as the screen shows it: what was done, and the table after it. */
export interface RecallFrameOf<Table> {
  action: RecallAction;
  table: Table;
}

export type RecallAction =
  | { kind: 'deal' }
  | { kind: 'hold'; positions: number[] }
  | { kind: 'draw' }
  | { kind: 'exchange'; box: number; positions: number[] }
  | { kind: 'buySixth'; box: number }
  | { kind: 'bet'; box: number }
  | { kind: 'fold'; box: number }
  | { kind: 'takeHalf'; box: number }
  | { kind: 'buyGame'; box: number }
  | { kind: 'reveal' };

export interface GameModule<
  Id extends string = string,
  Key extends string = string,
  Table extends { game: Id } = { game: Id },
  Step extends { game: Id } = { game: Id },
  Output extends { game: Id } = { game: Id },
  Frame extends { game: Id } = { game: Id },
  Shape extends GameShape = GameShape,
> {
  readonly id: Id;
  readonly shape: Shape;
  readonly names: GameNames;
  /** What it says to the player beyond its name: blurb, hand names of its own, help pages (en, ru). */
  readonly texts: GameTexts;
  /** The letter its rules' ids carry in docs/rules.md (J-1, P-1). */
  readonly rules: string;
  /** Its categories, lowest first, by its own names; categoryOf names five cards by them. */
  readonly categories: readonly string[];
  categoryOf(cards: readonly Card[]): string;
  readonly payTable: {
    readonly default: Table;
    /** A pay table object from a file ({category: coefficient}), missing categories as the default's. */
    parse(input: unknown): PayTableParse<Table>;
    /** The keys a file's table may hold: its categories, and an extra coefficient if it has one. */
    readonly keys: readonly string[];
    /** What is wrong with a table as the cabinet keeps it, or null. */
    problem(table: unknown): string | null;
    /** The paying rows, highest first, as the screens draw them. */
    rows(table: Table, maxBet: number): PayRow[];
  };
  /** Its key among the settings' pay tables and the config file's (`payTables.jacks`). */
  readonly settingsKey: Key;
  /** The most a game can stake, in chips, at the operator's limits (SAS 53's max bet). */
  maxStake(limits: StakeLimits): number;
  /** How a casino system knows it (SAS 53: the two-character game ID). */
  readonly sas: { readonly gameId: string };
  readonly replay: {
    /** Runs its replay file (docs/replay.md), each state to `onStep`; throws ReplayError. */
    run(file: Json, onStep: (step: Step) => void): Output;
  };
  readonly recall: {
    /** A replayed step as the recall page draws it (C-11). */
    frame(step: Step): RecallFrameOf<Frame>;
  };
}
