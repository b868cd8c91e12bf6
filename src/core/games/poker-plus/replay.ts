// Poker Plus's replay file (docs/replay.md): the deck, the boxes, the table's limits and pay
// table, the rules version it was played under, and each box's actions; the dealer's reveal follows.

import { formatCard, formatCards } from '../../cards';
import {
  allowOnly,
  expectStep,
  isObject,
  readActions,
  readDeck,
  readWhole,
  ReplayError,
  type Json,
} from '../../replay-read';
import {
  isPokerPlusRulesVersion,
  POKER_PLUS_RULES_VERSION,
  POKER_PLUS_RULES_VERSIONS,
  type PokerPlusRulesVersion,
} from './draw-rules';
import { DEFAULT_POKER_PLUS_CONFIG, dealPokerPlus, stepPokerPlus, type PokerPlusAction } from './engine';
import { POKER_PLUS_ID } from './id';
import { parsePokerPlusPayTable } from './pay-table';
import type { BoughtGame, PokerPlusState } from './state';

export interface PokerPlusReplayOutput {
  game: typeof POKER_PLUS_ID;
  dealer: {
    cards: string[];
    hand: string;
    game: boolean;
    bought: null | { discarded: string; drew: string; cards: string[]; hand: string; game: boolean };
  };
  boxes: {
    cards: string[];
    best: string[];
    hand: string;
    outcome: string;
    staked: number;
    returned: number;
    net: number;
  }[];
  net: number;
}

export interface PokerPlusReplayStep {
  game: typeof POKER_PLUS_ID;
  action: PokerPlusAction | null;
  state: PokerPlusState;
}

/** P-10's bought game with card codes, as replay output and the screen show it. */
export function formatBoughtGame(b: BoughtGame): NonNullable<PokerPlusReplayOutput['dealer']['bought']> {
  return {
    discarded: formatCard(b.discarded),
    drew: formatCard(b.drew),
    cards: formatCards(b.cards),
    hand: b.hand,
    game: b.game,
  };
}

/** A file that does not say is played under today's P-3; the cabinet's recall always says. */
function readRulesVersion(file: Json): PokerPlusRulesVersion {
  const v = file.rulesVersion;
  if (v === undefined) return POKER_PLUS_RULES_VERSION;
  if (!isPokerPlusRulesVersion(v))
    throw new ReplayError(`"rulesVersion" must be ${POKER_PLUS_RULES_VERSIONS.join(' or ')}, got ${JSON.stringify(v)}`);
  return v;
}

const POKER_PLUS_ACTIONS = ['exchange', 'buySixth', 'bet', 'fold', 'takeHalf', 'buyGame'];

/** Runs a Poker Plus replay file, each state to `onStep`; throws ReplayError naming the problem. */
export function runPokerPlusReplay(file: Json, onStep: (step: PokerPlusReplayStep) => void): PokerPlusReplayOutput {
  allowOnly(
    file,
    ['game', 'rulesVersion', 'deck', 'paytable', 'actions', 'boxes', 'tableMax', 'minAnte', 'maxAnte'],
    'file',
  );
  const rulesVersion = readRulesVersion(file);
  const deck = readDeck(file.deck);
  const config = {
    tableMax: readWhole(file, 'tableMax', DEFAULT_POKER_PLUS_CONFIG.tableMax),
    minAnte: readWhole(file, 'minAnte', DEFAULT_POKER_PLUS_CONFIG.minAnte),
    maxAnte: readWhole(file, 'maxAnte', DEFAULT_POKER_PLUS_CONFIG.maxAnte),
    payTable: DEFAULT_POKER_PLUS_CONFIG.payTable,
  };
  if (config.tableMax < 0) throw new ReplayError('"tableMax" must not be negative');
  if (file.paytable !== undefined) {
    const parsed = parsePokerPlusPayTable(file.paytable);
    if (!parsed.ok) throw new ReplayError(parsed.error);
    config.payTable = parsed.table;
  }
  if (!Array.isArray(file.boxes)) throw new ReplayError('"boxes" must be an array of one or two boxes');
  const boxes = file.boxes.map((b: unknown, i: number) => {
    if (!isObject(b)) throw new ReplayError(`boxes[${i}] must be an object {"ante": A}`);
    allowOnly(b, ['ante', 'blind'], `boxes[${i}]`);
    if (b.blind !== undefined && typeof b.blind !== 'boolean')
      throw new ReplayError(`boxes[${i}].blind must be true or false`);
    return { ante: readWhole(b, 'ante'), blind: b.blind === true };
  });
  const actions = readActions(file);
  let state: PokerPlusState = expectStep(dealPokerPlus(deck, boxes, config, rulesVersion));
  onStep({ game: POKER_PLUS_ID, action: null, state });
  actions.forEach((a, i) => {
    if (!POKER_PLUS_ACTIONS.includes(a.type as string)) {
      throw new ReplayError(`unknown Poker Plus action "${String(a.type)}" (${POKER_PLUS_ACTIONS.join(', ')})`, i);
    }
    allowOnly(a, a.type === 'exchange' ? ['type', 'box', 'positions'] : ['type', 'box'], String(a.type), i);
    if (typeof a.box !== 'number') throw new ReplayError('every Poker Plus action names its "box"', i);
    const action = a as unknown as PokerPlusAction;
    state = expectStep(stepPokerPlus(state, action), i);
    onStep({ game: POKER_PLUS_ID, action, state });
  });
  // The deal refuses anything but exactly one seen box (P-1), so `seen` is one of the boxes.
  if (state.boxes[state.seen]!.status === 'deciding') {
    throw new ReplayError('the actions stop before the game is decided: the seen box needs "bet" or "fold"');
  }
  if (state.phase !== 'over') {
    state = expectStep(stepPokerPlus(state, { type: 'reveal' }));
    onStep({ game: POKER_PLUS_ID, action: { type: 'reveal' }, state });
  }
  const result = state.result!;
  const bought = result.dealer.bought;
  return {
    game: POKER_PLUS_ID,
    dealer: {
      cards: formatCards(result.dealer.cards),
      hand: result.dealer.hand,
      game: result.dealer.game,
      bought: bought && formatBoughtGame(bought),
    },
    boxes: result.boxes.map((b) => ({
      cards: formatCards(b.cards),
      best: formatCards(b.best),
      hand: b.hand,
      outcome: b.outcome,
      staked: b.staked,
      returned: b.returned,
      net: b.net,
    })),
    net: result.boxes.reduce((s, b) => s + b.net, 0),
  };
}
