// C-11 game recall on the screen: a recorded game (the replay file the cabinet stored) is run
// through the same rules core that settled it, one action at a time, so each step shows the
// cards, holds and stakes as the player saw them then. The final step must agree with the
// record's result; the page says so, or says where it does not.

import {
  autoHoldPositions,
  categoryOf,
  dealJacks,
  dealPokerPlus,
  DEFAULT_JACKS_CONFIG,
  DEFAULT_POKER_PLUS_CONFIG,
  evaluate,
  formatCards,
  parseCard,
  parsePayTable,
  runReplay,
  stepJacks,
  stepPokerPlus,
  type JacksAction,
  type JacksState,
  type PokerPlusAction,
  type PokerPlusState,
  type Step,
} from '../src/core';

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

export interface JacksFrame {
  game: 'jacks-or-better';
  bet: number;
  cards: string[];
  held: number[];
  winning: number[];
  /** The category on show: dealt while holding, final once drawn. */
  hand: string;
  win: number | null;
}

export interface RecallBox {
  ante: number;
  blind: boolean;
  /** Null while the blind box is face down. */
  cards: string[] | null;
  status: string;
  staked: number;
  hand: string | null;
  outcome: string | null;
  returned: number | null;
  net: number | null;
}

export interface PokerPlusFrame {
  game: 'poker-plus';
  /** Five entries; null for a card still face down. */
  dealer: (string | null)[];
  dealerHand: string | null;
  bought: { discarded: string; drew: string; hand: string; game: boolean } | null;
  boxes: RecallBox[];
}

export interface RecallFrame {
  action: RecallAction;
  table: JacksFrame | PokerPlusFrame;
}

export type RecallRun = { ok: true; frames: RecallFrame[]; agrees: boolean } | { ok: false; error: string };

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

function must<S, E>(step: Step<S, E>, where: string): S {
  if (!step.ok) throw new Error(`${where}: ${step.refusal.rule} ${step.refusal.reason}`);
  return step.state;
}

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

function jacksFrames(file: Json): RecallFrame[] {
  const deck = (file.deck as string[]).map(parseCard);
  let payTable = DEFAULT_JACKS_CONFIG.payTable;
  if (file.paytable !== undefined) {
    const parsed = parsePayTable('jacks-or-better', file.paytable);
    if (!parsed.ok) throw new Error(parsed.error);
    payTable = parsed.table;
  }
  const maxBet = typeof file.maxBet === 'number' ? file.maxBet : DEFAULT_JACKS_CONFIG.maxBet;
  let state = must(dealJacks(deck, file.bet as number, { maxBet, payTable }), 'deal');
  const frames: RecallFrame[] = [{ action: { kind: 'deal' }, table: jacksFrame(state) }];
  (file.actions as Json[]).forEach((a, i) => {
    state = must(stepJacks(state, a as unknown as JacksAction), `action ${i}`);
    const action: RecallAction = a.type === 'draw' ? { kind: 'draw' } : { kind: 'hold', positions: [...state.held] };
    frames.push({ action, table: jacksFrame(state) });
  });
  return frames;
}

function pokerPlusFrame(s: PokerPlusState): PokerPlusFrame {
  const result = s.result;
  const over = s.phase === 'over' && result !== null;
  const bought = result?.dealer.bought ?? null;
  return {
    game: 'poker-plus',
    dealer: over ? formatCards(result!.dealer.cards) : [null, null, null, null, formatCards([s.dealer[4]])[0]],
    dealerHand: over ? result!.dealer.hand : null,
    bought: bought ? { discarded: formatCards([bought.discarded])[0], drew: formatCards([bought.drew])[0], hand: bought.hand, game: bought.game } : null,
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

function pokerPlusFrames(file: Json): RecallFrame[] {
  const deck = (file.deck as string[]).map(parseCard);
  let payTable = DEFAULT_POKER_PLUS_CONFIG.payTable;
  if (file.paytable !== undefined) {
    const parsed = parsePayTable('poker-plus', file.paytable);
    if (!parsed.ok) throw new Error(parsed.error);
    payTable = parsed.table;
  }
  const num = (key: string, fallback: number): number => (typeof file[key] === 'number' ? (file[key] as number) : fallback);
  const config = {
    tableMax: num('tableMax', DEFAULT_POKER_PLUS_CONFIG.tableMax),
    minAnte: num('minAnte', DEFAULT_POKER_PLUS_CONFIG.minAnte),
    maxAnte: num('maxAnte', DEFAULT_POKER_PLUS_CONFIG.maxAnte),
    payTable,
  };
  const boxes = (file.boxes as Json[]).map((b) => ({ ante: b.ante as number, blind: b.blind === true }));
  let state = must(dealPokerPlus(deck, boxes, config), 'deal');
  const frames: RecallFrame[] = [{ action: { kind: 'deal' }, table: pokerPlusFrame(state) }];
  (file.actions as Json[]).forEach((a, i) => {
    const box = typeof a.box === 'number' ? a.box : state.seen;
    state = must(stepPokerPlus(state, a as unknown as PokerPlusAction), `action ${i}`);
    const kind = a.type as Exclude<RecallAction['kind'], 'deal' | 'hold' | 'draw' | 'reveal'>;
    const action: RecallAction = kind === 'exchange' ? { kind, box, positions: [...(a.positions as number[])] } : { kind, box };
    frames.push({ action, table: pokerPlusFrame(state) });
  });
  // The dealer shows when the actions end (spec/replay.md): a step of its own unless a fold,
  // half or bought game already ended the round.
  if (state.phase !== 'over') {
    state = must(stepPokerPlus(state, { type: 'reveal' }), 'reveal');
    frames.push({ action: { kind: 'reveal' }, table: pokerPlusFrame(state) });
  }
  return frames;
}

const canonical = (x: unknown): string => JSON.stringify(x, (_k, v: unknown) => (isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/** Steps through a recorded game; `recorded` is the result the cabinet stored with it. */
export function recallFrames(replay: unknown, recorded: unknown): RecallRun {
  try {
    if (!isObject(replay) || !Array.isArray(replay.deck) || !Array.isArray(replay.actions)) throw new Error('the record is not a replay file');
    const frames = replay.game === 'jacks-or-better' ? jacksFrames(replay) : replay.game === 'poker-plus' ? pokerPlusFrames(replay) : null;
    if (!frames) throw new Error(`unknown game ${JSON.stringify(replay.game)}`);
    const agrees = canonical(runReplay(replay)) === canonical(recorded);
    return { ok: true, frames, agrees };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
