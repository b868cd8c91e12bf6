// A video-poker family as a game module (game-module.ts): what every family shares (J-1 to J-6:
// a bet of 1 to maxBet chips, five cards, holds, one draw, the pay table's rows at each bet) is
// made here once; a family states its id, names, categories, pay table and SAS identity, and
// its replay and recall until one engine plays every family.

import type { PayTableParse } from '../paytable';
import type { Json } from '../replay-read';
import type { GameModule, GameNames, RecallFrameOf } from './game-module';
import type { GameTexts } from './game-texts';

export interface VideoPokerSpec<
  Id extends string,
  Key extends string,
  Category extends string,
  Table extends { game: Id },
  Step extends { game: Id },
  Output extends { game: Id },
  Frame extends { game: Id },
> {
  id: Id;
  names: GameNames;
  texts: GameTexts<Category>;
  rules: string;
  /** Lowest first; the lowest pays nothing. */
  categories: readonly Category[];
  categoryOf(value: number): Category;
  payTable: {
    default: Table;
    parse(input: unknown): PayTableParse<Table>;
    /** The keys a file's table may hold beyond the categories (J-6's royal at max bet). */
    extraKeys: readonly string[];
    problem(table: unknown): string | null;
    /** The coefficient a category pays per chip at a bet (J-5, J-6's royal at max bet). */
    coefficient(table: Table, category: Category, bet: number, maxBet: number): number;
  };
  settingsKey: Key;
  sas: { gameId: string };
  replay: (file: Json, onStep: (step: Step) => void) => Output;
  recallFrame: (step: Step) => RecallFrameOf<Frame>;
}

/** The most bets a pay table's rows show: the screens' columns. */
export const MAX_PAY_COLUMNS = 10;

export function videoPokerGame<
  Id extends string,
  Key extends string,
  Category extends string,
  Table extends { game: Id },
  Step extends { game: Id },
  Output extends { game: Id },
  Frame extends { game: Id },
>(
  spec: VideoPokerSpec<Id, Key, Category, Table, Step, Output, Frame>,
): GameModule<Id, Key, Table, Step, Output, Frame> {
  return {
    id: spec.id,
    shape: 'video-poker',
    names: spec.names,
    texts: spec.texts,
    rules: spec.rules,
    categories: spec.categories,
    categoryOf: spec.categoryOf,
    payTable: {
      default: spec.payTable.default,
      parse: spec.payTable.parse,
      keys: [...spec.categories, ...spec.payTable.extraKeys],
      problem: spec.payTable.problem,
      // Highest first, the lowest (paying nothing) left out; J-5: a win is the coefficient times the bet.
      rows: (table, maxBet) => {
        const bets = Array.from({ length: Math.min(maxBet, MAX_PAY_COLUMNS) }, (_, i) => i + 1);
        return spec.categories
          .slice(1)
          .reverse()
          .map((category) => ({
            category,
            perBet: bets.map((b) => spec.payTable.coefficient(table, category, b, maxBet) * b),
          }));
      },
    },
    settingsKey: spec.settingsKey,
    maxStake: (limits) => limits.maxBet,
    sas: spec.sas,
    replay: { run: spec.replay },
    recall: { frame: spec.recallFrame },
  };
}
