// A video-poker family as a game module (game-module.ts): everything every family shares (J-1 to
// J-6: a bet of 1 to maxBet chips, five cards, holds, one draw, its replay and recall, the pay
// table's rows at each bet) is made here once from the family (src/core/video-poker/family.ts);
// a family states its names, settings key, SAS identity and the cabinet's default table.

import { ROYAL_AT_MAX_BET_KEY } from '../../paytable';
import { categoryIdOf, type VideoPokerFamily } from '../../video-poker/family';
import type { GameModule, GameNames } from '../game-module';
import type { GameTexts } from '../game-texts';
import {
  dealVideoPoker,
  stepVideoPoker,
  type FamilyPayTable,
  type VideoPokerAction,
  type VideoPokerConfig,
  type VideoPokerState,
} from './engine';
import { familyPayTableReader } from './pay-table';
import { videoPokerRecallFrame, type VideoPokerFrame } from './recall';
import { runVideoPokerReplay, type VideoPokerReplayOutput, type VideoPokerReplayStep } from './replay';

export interface VideoPokerSpec<Id extends string, Key extends string, C extends string> {
  family: VideoPokerFamily<C, Id>;
  names: GameNames;
  /** Its words beyond its name (game-texts.ts): blurb, hands of its own, help pages, en and ru. */
  texts: GameTexts<C>;
  /**
   * The table a cabinet plays before the operator chooses one (DEFAULT_SETTINGS): the family's
   * own reference table unless that one would be refused by C-24 at the default range.
   */
  defaultTable?: Omit<FamilyPayTable<Id, C>, 'game'>;
  settingsKey: Key;
  sas: { gameId: string };
}

/** A video-poker family's module: the game module, its family and its engine bound to it. */
export interface VideoPokerModule<
  Id extends string = string,
  Key extends string = string,
  C extends string = string,
> extends GameModule<
  Id,
  Key,
  FamilyPayTable<Id, C>,
  VideoPokerReplayStep<Id, C>,
  VideoPokerReplayOutput<Id>,
  VideoPokerFrame<Id>,
  'video-poker'
> {
  readonly family: VideoPokerFamily<C, Id>;
  deal(
    deck: Parameters<typeof dealVideoPoker>[1],
    bet: number,
    config: VideoPokerConfig<Id, C>,
  ): ReturnType<typeof dealVideoPoker<Id, C>>;
  step(state: VideoPokerState<Id, C>, action: VideoPokerAction): ReturnType<typeof stepVideoPoker<Id, C>>;
}

/** The most bets a pay table's rows show: the screens' columns. */
export const MAX_PAY_COLUMNS = 10;

export function videoPokerGame<Id extends string, Key extends string, C extends string>(
  spec: VideoPokerSpec<Id, Key, C>,
): VideoPokerModule<Id, Key, C> {
  const { family } = spec;
  const defaultTable: FamilyPayTable<Id, C> = Object.freeze({
    game: family.game,
    ...(spec.defaultTable ?? family.defaultTable),
  });
  const reader = familyPayTableReader(family, defaultTable);
  return {
    id: family.game,
    shape: 'video-poker',
    names: spec.names,
    texts: spec.texts,
    rules: family.rules,
    categories: family.categories,
    categoryOf: (cards) => categoryIdOf(family, cards),
    payTable: {
      default: defaultTable,
      parse: reader.parse,
      keys: [...family.categories, ROYAL_AT_MAX_BET_KEY],
      problem: reader.problem,
      // Highest first, the lowest (paying nothing) left out; J-5: a win is the coefficient times the bet.
      rows: (table, maxBet) => {
        const bets = Array.from({ length: Math.min(maxBet, MAX_PAY_COLUMNS) }, (_, i) => i + 1);
        return family.categories
          .slice(1)
          .reverse()
          .map((category) => ({
            category,
            perBet: bets.map((b) => reader.coefficient(table, category, b, maxBet) * b),
          }));
      },
    },
    settingsKey: spec.settingsKey,
    maxStake: (limits) => limits.maxBet,
    sas: spec.sas,
    replay: { run: (file, onStep) => runVideoPokerReplay(family, { default: defaultTable, reader }, file, onStep) },
    recall: { frame: (step) => videoPokerRecallFrame(family, step) },
    family,
    deal: (deck, bet, config) => dealVideoPoker(family, deck, bet, config),
    step: (state, action) => stepVideoPoker(family, state, action),
  };
}
