// C-11 game recall: a recorded game (the replay file the cabinet stored) is run through the same
// rules core that settled it, one action at a time, so each step shows the cards, holds and stakes
// as the player saw them then. The final step must agree with the record's result; the recall
// answer carries the frames (src/contract/recall.ts) and the page says whether it agrees.

import {
  autoHoldPositions,
  categoryOf,
  evaluate,
  formatCard,
  formatCards,
  present,
  runReplay,
  type JacksState,
  type PokerPlusState,
  type ReplayStep,
} from '../../core';
import {
  clip,
  RECALL_MAX_FRAMES,
  type JacksFrame,
  type PokerPlusFrame,
  type RecallAction,
  type RecallFrame,
  type RecallRun,
} from '../../contract';

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

function jacksFrame(s: JacksState): JacksFrame {
  const over = s.phase === 'over' && s.final !== null;
  const cards = over ? s.final! : s.dealt;
  const hand = s.hand ?? categoryOf(evaluate(cards), 'jacks-or-better');
  return {
    game: 'jacks-or-better',
    bet: s.bet,
    cards: formatCards(cards),
    held: over ? [] : [...s.held],
    winning: over && s.win > 0 ? autoHoldPositions(cards, s.config.payTable) : [],
    hand,
    win: over ? s.win : null,
  };
}

function pokerPlusFrame(s: PokerPlusState): PokerPlusFrame {
  const result = s.result;
  const over = s.phase === 'over' && result !== null;
  const bought = result?.dealer.bought ?? null;
  return {
    game: 'poker-plus',
    // The fifth dealer card is dealt face up (P-2); the replay runner dealt all five.
    dealer: over
      ? formatCards(result!.dealer.cards)
      : [null, null, null, null, formatCard(present(s.dealer[4], "the dealer's fifth card"))],
    dealerHand: over ? result!.dealer.hand : null,
    bought: bought
      ? {
          discarded: formatCard(bought.discarded),
          drew: formatCard(bought.drew),
          hand: bought.hand,
          game: bought.game,
        }
      : null,
    boxes: s.boxes.map((b, i) => {
      const r = over ? result!.boxes[i] : null;
      const shown = over || !b.blind;
      return {
        ante: b.ante,
        blind: b.blind,
        cards: shown ? formatCards(b.cards) : null,
        status: b.status,
        staked: r ? r.staked : b.staked,
        hand: shown ? categoryOf(evaluate(b.cards)) : null,
        outcome: r ? r.outcome : null,
        returned: r ? r.returned : null,
        net: r ? r.net : null,
      };
    }),
  };
}

/** The step as a frame: what was done, and the table as the player saw it after. */
function frameOf(step: ReplayStep): RecallFrame {
  if (step.game === 'jacks-or-better') {
    const a = step.action;
    const action: RecallAction =
      a === null
        ? { kind: 'deal' }
        : a.type === 'draw'
          ? { kind: 'draw' }
          : { kind: 'hold', positions: [...step.state.held] };
    return { action, table: jacksFrame(step.state) };
  }
  const a = step.action;
  let action: RecallAction;
  if (a === null) action = { kind: 'deal' };
  else if (a.type === 'reveal') action = { kind: 'reveal' };
  else if (a.type === 'exchange')
    action = { kind: 'exchange', box: a.box ?? step.state.seen, positions: [...a.positions] };
  else action = { kind: a.type, box: a.box ?? step.state.seen };
  return { action, table: pokerPlusFrame(step.state) };
}

const canonical = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/**
 * Steps through a recorded game with the core's own replay runner (which also checks the file);
 * `recorded` is the result the cabinet stored with it. The dealer's reveal is a step of its own
 * unless a fold, half or bought game already ended the round (docs/replay.md).
 */
export function recallFrames(replay: unknown, recorded: unknown): RecallRun {
  try {
    const frames: RecallFrame[] = [];
    const output = runReplay(replay, (step) => frames.push(frameOf(step)));
    if (frames.length > RECALL_MAX_FRAMES)
      return {
        ok: false,
        error: `the record takes ${frames.length} steps, more than a game can (${RECALL_MAX_FRAMES})`,
      };
    return { ok: true, frames, agrees: canonical(output) === canonical(recorded) };
  } catch (error) {
    return { ok: false, error: clip(error instanceof Error ? error.message : String(error), 400) };
  }
}
