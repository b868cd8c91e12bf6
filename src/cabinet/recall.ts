// Game recall (C-11): every settled game as a replay file of docs/replay.md, so that the core's
// runReplay (and `npm run -s cabinet -- replay`) reproduces it from the record alone.

import {
  formatCards,
  ROYAL_AT_MAX_BET_KEY,
  type BoxRequest,
  type FamilyPayTable,
  type PokerPlusRulesVersion,
  type TableGameId,
  type VideoPokerId,
} from '../core';
import { isVideoPokerSession, type GameSession, type RecallAction } from './state';

/** A settled game as docs/replay.md's file: the deck dealt, the pay table and limits, every action. */
export type ReplayFile =
  | {
      game: VideoPokerId;
      deck: string[];
      paytable: Record<string, number>;
      maxBet: number;
      bet: number;
      actions: RecallAction[];
    }
  | {
      game: TableGameId;
      /** The reading of P-3 the round was dealt under (docs/replay.md). */
      rulesVersion: PokerPlusRulesVersion;
      deck: string[];
      paytable: Record<string, number>;
      tableMax: number;
      minAnte: number;
      maxAnte: number;
      boxes: BoxRequest[];
      actions: RecallAction[];
    };

function videoPokerPaytable(table: FamilyPayTable): Record<string, number> {
  const out: Record<string, number> = { ...table.coefficients };
  if (table.royalAtMaxBet !== undefined) out[ROYAL_AT_MAX_BET_KEY] = table.royalAtMaxBet;
  return out;
}

export function replayFile(session: GameSession): ReplayFile {
  if (isVideoPokerSession(session)) {
    const core = session.core;
    return {
      game: session.game,
      deck: formatCards(core.deck),
      paytable: videoPokerPaytable(core.config.payTable),
      maxBet: core.config.maxBet,
      bet: core.bet,
      actions: session.actions,
    };
  }
  const core = session.core;
  return {
    game: session.game,
    // Always said, so a record never depends on what a file that does not say means later.
    rulesVersion: core.rulesVersion,
    deck: formatCards(core.deck),
    paytable: { ...core.config.payTable.coefficients },
    tableMax: core.config.tableMax,
    minAnte: core.config.minAnte,
    maxAnte: core.config.maxAnte,
    boxes: session.boxes,
    actions: session.actions,
  };
}
