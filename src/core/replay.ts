// Replay files (docs/replay.md): one game stated completely, run through the same engines that
// settle live games. The cabinet stores its game recall in this format too.

import { parseCard, formatCard, formatCards, CardParseError, type Card } from './cards';
import { DEFAULT_JACKS_CONFIG, dealJacks, stepJacks, type JacksAction, type JacksState } from './jacks-or-better';
import { parsePayTable } from './paytable';
import { DEFAULT_POKER_PLUS_CONFIG, dealPokerPlus, stepPokerPlus, type PokerPlusAction } from './poker-plus';
import {
  isPokerPlusRulesVersion,
  POKER_PLUS_RULES_VERSION,
  POKER_PLUS_RULES_VERSIONS,
  type PokerPlusRulesVersion,
} from './poker-plus-draw-rules';
import type { BoughtGame, PokerPlusState } from './poker-plus-state';
import type { Step } from './step';

export class ReplayError extends Error {
  constructor(
    message: string,
    readonly actionIndex?: number,
  ) {
    super(actionIndex === undefined ? message : `action ${actionIndex}: ${message}`);
    this.name = 'ReplayError';
  }
}

export interface JacksReplayOutput {
  game: 'jacks-or-better';
  bet: number;
  dealt: string[];
  autoHold: number[];
  held: number[];
  final: string[];
  hand: string;
  win: number;
}

export interface PokerPlusReplayOutput {
  game: 'poker-plus';
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

export type ReplayOutput = JacksReplayOutput | PokerPlusReplayOutput;

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

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

function allowOnly(obj: Json, keys: readonly string[], where: string, index?: number): void {
  for (const k of Object.keys(obj)) {
    if (!keys.includes(k)) throw new ReplayError(`${where}: unknown field "${k}"`, index);
  }
}

function readDeck(input: unknown): Card[] {
  if (!Array.isArray(input)) throw new ReplayError('"deck" must be an array of card codes');
  return input.map((code, i) => {
    if (typeof code !== 'string') throw new ReplayError(`deck[${i}] is not a card code`);
    try {
      return parseCard(code);
    } catch (e) {
      if (e instanceof CardParseError) throw new ReplayError(`deck[${i}]: ${e.message}`);
      throw e;
    }
  });
}

function readWhole(obj: Json, key: string, fallback?: number): number {
  const v = obj[key];
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new ReplayError(`"${key}" must be a whole number`);
  return v;
}

function expect<S, E>(step: Step<S, E>, index?: number): S {
  if (!step.ok) throw new ReplayError(`${step.refusal.rule}: ${step.refusal.reason}`, index);
  return step.state;
}

/**
 * One state of a replayed game: after the deal (`action` null), after each action, and for
 * Poker Plus after the dealer's reveal. Game recall draws these, step by step (C-11).
 */
export type ReplayStep =
  | { game: 'jacks-or-better'; action: JacksAction | null; state: JacksState }
  | { game: 'poker-plus'; action: PokerPlusAction | null; state: PokerPlusState };

type Observer = (step: ReplayStep) => void;
const ignore: Observer = () => undefined;

/** Runs a parsed replay file; throws ReplayError naming the problem (and action index). */
export function runReplay(file: unknown, onStep: Observer = ignore): ReplayOutput {
  if (!isObject(file)) throw new ReplayError('a replay file is a JSON object');
  if (file.game === 'jacks-or-better') return runJacks(file, onStep);
  if (file.game === 'poker-plus') return runPokerPlus(file, onStep);
  throw new ReplayError('"game" must be "jacks-or-better" or "poker-plus"');
}

function readActions(file: Json): Json[] {
  const actions = file.actions;
  if (!Array.isArray(actions)) throw new ReplayError('"actions" must be an array');
  actions.forEach((a, i) => {
    if (!isObject(a) || typeof a.type !== 'string') throw new ReplayError('an action is an object with a "type"', i);
  });
  return actions as Json[];
}

function runJacks(file: Json, onStep: Observer): JacksReplayOutput {
  allowOnly(file, ['game', 'deck', 'paytable', 'actions', 'bet', 'maxBet'], 'file');
  const deck = readDeck(file.deck);
  const maxBet = readWhole(file, 'maxBet', DEFAULT_JACKS_CONFIG.maxBet);
  const bet = readWhole(file, 'bet');
  let payTable = DEFAULT_JACKS_CONFIG.payTable;
  if (file.paytable !== undefined) {
    const parsed = parsePayTable('jacks-or-better', file.paytable);
    if (!parsed.ok) throw new ReplayError(parsed.error);
    payTable = parsed.table;
  }
  const actions = readActions(file);
  let state: JacksState = expect(dealJacks(deck, bet, { maxBet, payTable }));
  onStep({ game: 'jacks-or-better', action: null, state });
  actions.forEach((a, i) => {
    let action: JacksAction;
    if (a.type === 'hold') {
      allowOnly(a, ['type', 'positions'], 'hold', i);
      action = { type: 'hold', positions: a.positions as number[] };
    } else if (a.type === 'draw') {
      allowOnly(a, ['type'], 'draw', i);
      action = { type: 'draw' };
    } else {
      throw new ReplayError(`unknown Jacks or Better action "${a.type}" (hold, draw)`, i);
    }
    state = expect(stepJacks(state, action), i);
    onStep({ game: 'jacks-or-better', action, state });
  });
  if (state.phase !== 'over' || !state.final || !state.hand) {
    throw new ReplayError('the actions stop before the game is decided: Jacks or Better needs a "draw"');
  }
  return {
    game: 'jacks-or-better',
    bet: state.bet,
    dealt: formatCards(state.dealt),
    autoHold: state.autoHold,
    held: state.held,
    final: formatCards(state.final),
    hand: state.hand,
    win: state.win,
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

function runPokerPlus(file: Json, onStep: Observer): PokerPlusReplayOutput {
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
    const parsed = parsePayTable('poker-plus', file.paytable);
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
  let state: PokerPlusState = expect(dealPokerPlus(deck, boxes, config, rulesVersion));
  onStep({ game: 'poker-plus', action: null, state });
  actions.forEach((a, i) => {
    if (!POKER_PLUS_ACTIONS.includes(a.type as string)) {
      throw new ReplayError(`unknown Poker Plus action "${String(a.type)}" (${POKER_PLUS_ACTIONS.join(', ')})`, i);
    }
    allowOnly(a, a.type === 'exchange' ? ['type', 'box', 'positions'] : ['type', 'box'], String(a.type), i);
    if (typeof a.box !== 'number') throw new ReplayError('every Poker Plus action names its "box"', i);
    const action = a as unknown as PokerPlusAction;
    state = expect(stepPokerPlus(state, action), i);
    onStep({ game: 'poker-plus', action, state });
  });
  // The deal refuses anything but exactly one seen box (P-1), so `seen` is one of the boxes.
  if (state.boxes[state.seen]!.status === 'deciding') {
    throw new ReplayError('the actions stop before the game is decided: the seen box needs "bet" or "fold"');
  }
  if (state.phase !== 'over') {
    state = expect(stepPokerPlus(state, { type: 'reveal' }));
    onStep({ game: 'poker-plus', action: { type: 'reveal' }, state });
  }
  const result = state.result!;
  const bought = result.dealer.bought;
  return {
    game: 'poker-plus',
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
