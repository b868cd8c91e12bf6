// Game selection, stakes and the current game of either shape. The rules are the core's (the
// video-poker engine every family plays by, stepPokerPlus); the cabinet turns chips into money at the chip value fixed at the
// deal, refuses what the balance cannot cover, and meters every stake and payout (C-8).

import {
  betStake,
  dealStake,
  dealPokerPlus,
  gameModule,
  isVideoPokerId,
  settingsKey,
  stepPokerPlus,
  videoPokerModule,
  type BoxRequest,
  type GameId,
  type TableGameId,
  type VideoPokerAction,
  type VideoPokerConfig,
  type VideoPokerId,
  type PokerPlusAction,
  type PokerPlusConfig,
  type PokerPlusEffect,
} from '../core';
import type { PlayerWish } from './inputs';
import { playBlocked } from './locks';
import { hostDisabledRefusal } from './sas';
import { gameMeter } from './meters';
import { settleGame } from './settle';
import {
  gameInProgress,
  isVideoPokerSession,
  type CabinetState,
  type PokerPlusSession,
  type RecallAction,
  type VideoPokerSession,
} from './state';
import { refusal, type Outcome, type Transition } from './transition';
import type { GameWish } from './vocabulary/wish-schema';

/** A video-poker family's config: the operator's max bet and the family's table in the settings. */
export const videoPokerConfig = (s: CabinetState, game: VideoPokerId): VideoPokerConfig => ({
  maxBet: s.settings.limits.maxBet,
  payTable: s.settings.payTables[settingsKey(game)],
});

export const pokerPlusConfig = (s: CabinetState, game: TableGameId): PokerPlusConfig => ({
  minAnte: s.settings.limits.minAnte,
  maxAnte: s.settings.limits.maxAnte,
  tableMax: s.settings.limits.tableMax,
  payTable: s.settings.payTables[settingsKey(game)],
});

function idle(tx: Transition): Outcome {
  if (gameInProgress(tx.state)) return refusal('C-22', 'not during a game');
  // A game in progress is finished whatever the host says; no new one starts (C-25).
  return playBlocked(tx.state) ?? hostDisabledRefusal(tx.state, tx.at);
}

export function selectGame(tx: Transition, game: GameId): Outcome {
  const no = idle(tx);
  if (no) return no;
  if (!tx.state.settings.games.includes(game)) return refusal('C-7', `${game} is not offered on this cabinet`);
  tx.set({ selectedGame: game });
  return null;
}

export function setChipValue(tx: Transition, value: number): Outcome {
  const no = idle(tx);
  if (no) return no;
  if (!tx.state.settings.chipValues.includes(value)) {
    return refusal('C-2', `the chip value must be one of ${tx.state.settings.chipValues.join(', ')}`);
  }
  tx.set({ chipValue: value });
  return null;
}

export function setBet(tx: Transition, bet: number): Outcome {
  const no = idle(tx);
  if (no) return no;
  const max = tx.state.settings.limits.maxBet;
  if (bet < 1 || bet > max) return refusal('C-7', `the bet must be 1 to ${max} chips`);
  tx.set({ jacksBet: bet });
  return null;
}

function checkBoxes(s: CabinetState, boxes: BoxRequest[]): Outcome {
  const { minAnte, maxAnte } = s.settings.limits;
  if (boxes.length < 1 || boxes.length > 2 || boxes.filter((b) => !b.blind).length !== 1) {
    return refusal('P-1', 'play one seen box and at most one blind box');
  }
  const bad = boxes.find((b) => b.ante < minAnte || b.ante > maxAnte);
  if (bad) return refusal('C-7', `an ante must be ${minAnte} to ${maxAnte} chips, got ${bad.ante}`);
  return null;
}

export function setBoxes(tx: Transition, boxes: BoxRequest[]): Outcome {
  const no = idle(tx) ?? checkBoxes(tx.state, boxes);
  if (no) return no;
  tx.set({ pokerPlusBoxes: boxes.map((b) => (b.blind ? { ante: b.ante, blind: true } : { ante: b.ante })) });
  return null;
}

function cover(tx: Transition, chips: number, what: string): Outcome {
  const money = chips * tx.state.chipValue;
  if (money > tx.state.balance) {
    return refusal('C-2', `${what} needs ${chips} chips (${money}); the balance is ${tx.state.balance}`);
  }
  return null;
}

function stake(tx: Transition, game: GameId, chips: number): void {
  const money = chips * (tx.state.game?.chipValue ?? tx.state.chipValue);
  tx.set({ balance: tx.state.balance - money });
  tx.count({ coinIn: money, [gameMeter(game, 'coinIn')]: money });
}

export function deal(tx: Transition, wish: Extract<PlayerWish, { type: 'deal' }>): Outcome {
  const no = idle(tx);
  if (no) return no;
  const s = tx.state;
  if (!s.settings.games.includes(s.selectedGame))
    return refusal('C-7', `${s.selectedGame} is not offered on this cabinet`);
  if (!s.settings.chipValues.includes(s.chipValue))
    return refusal('C-2', `choose a chip value: ${s.settings.chipValues.join(', ')}`);
  const base = { id: s.nextGameId, chipValue: s.chipValue, startedAt: tx.at, actions: [], outcome: null };
  const game = s.selectedGame;
  if (isVideoPokerId(game)) {
    const bet = wish.bet ?? s.jacksBet;
    const short = cover(tx, bet, `a bet of ${bet}`);
    if (short) return short;
    const step = videoPokerModule(game).deal(tx.env.newDeck(), bet, videoPokerConfig(s, game));
    if (!step.ok) return step.refusal;
    const session = { ...base, game, core: step.state, stakedChips: bet } as VideoPokerSession;
    tx.set({ game: session, nextGameId: s.nextGameId + 1, jacksBet: bet });
    stake(tx, game, bet);
    return null;
  }
  const boxes = wish.boxes ?? s.pokerPlusBoxes;
  const badBoxes = checkBoxes(s, boxes);
  if (badBoxes) return badBoxes;
  // The deal must leave enough for the seen box's BET: a player who cannot call could only fold.
  const seen = boxes.find((b) => !b.blind)!;
  const needed = boxes.reduce((n, b) => n + dealStake(b), 0) + betStake(seen.ante);
  const short = cover(tx, needed, 'the antes and the BET');
  if (short) return short;
  const step = dealPokerPlus(tx.env.newDeck(), boxes, pokerPlusConfig(s, game));
  if (!step.ok) return step.refusal;
  const chips = step.state.boxes.reduce((n, b) => n + b.staked, 0);
  const requested = boxes.map((b) => (b.blind ? { ante: b.ante, blind: true } : { ante: b.ante }));
  tx.set({
    game: { ...base, game, boxes: requested, core: step.state, stakedChips: chips },
    nextGameId: s.nextGameId + 1,
    pokerPlusBoxes: requested,
  });
  stake(tx, game, chips);
  return null;
}

export function gameAction(tx: Transition, wish: GameWish): Outcome {
  const s = tx.state;
  const session = s.game;
  if (!session || session.outcome) return refusal('C-22', 'there is no game in progress');
  const blocked = playBlocked(s);
  if (blocked) return blocked;
  return isVideoPokerSession(session) ? videoPokerAction(tx, session, wish) : pokerPlusAction(tx, session, wish);
}

function videoPokerAction(tx: Transition, session: VideoPokerSession, wish: GameWish): Outcome {
  let action: VideoPokerAction;
  if (wish.type === 'hold') action = { type: 'hold', positions: wish.positions };
  else if (wish.type === 'toggleHold') action = { type: 'toggleHold', position: wish.position };
  else if (wish.type === 'draw') action = { type: 'draw' };
  else return refusal('C-22', `"${wish.type}" is not a ${gameModule(session.game).names.en} action`);
  const step = videoPokerModule(session.game).step(session.core, action);
  if (!step.ok) return step.refusal;
  const recorded: RecallAction =
    action.type === 'draw' ? { type: 'draw' } : { type: 'hold', positions: [...step.state.held] };
  const next = { ...session, core: step.state, actions: [...session.actions, recorded] } as VideoPokerSession;
  tx.set({ game: next });
  if (step.state.phase === 'over') settleGame(tx);
  return null;
}

const stakeOf = (effects: PokerPlusEffect[]): number =>
  effects.reduce((n, e) => n + (e.type === 'drawn' || e.type === 'bet' || e.type === 'boughtGame' ? e.stake : 0), 0);

function pokerPlusAction(tx: Transition, session: PokerPlusSession, wish: GameWish): Outcome {
  const box = 'box' in wish && wish.box !== undefined ? wish.box : session.core.seen;
  let action: PokerPlusAction;
  let recorded: RecallAction | null;
  switch (wish.type) {
    case 'exchange':
      action = { type: 'exchange', box, positions: wish.positions };
      recorded = { type: 'exchange', box, positions: [...wish.positions] };
      break;
    case 'buySixth':
    case 'bet':
    case 'fold':
    case 'takeHalf':
    case 'buyGame':
      action = { type: wish.type, box };
      recorded = { type: wish.type, box };
      break;
    case 'reveal':
      // The dealer shows when the actions end (docs/replay.md), so the recall needs no entry.
      action = { type: 'reveal' };
      recorded = null;
      break;
    default:
      return refusal('C-22', `"${wish.type}" is not a ${gameModule(session.game).names.en} action`);
  }
  const step = stepPokerPlus(session.core, action);
  if (!step.ok) return step.refusal;
  const chips = stakeOf(step.effects);
  if (chips > 0) {
    const money = chips * session.chipValue;
    if (money > tx.state.balance)
      return refusal('C-2', `${wish.type} needs ${chips} chips (${money}); the balance is ${tx.state.balance}`);
  }
  const fees: Record<string, number> = {};
  for (const e of step.effects) {
    if (e.type === 'drawn') {
      // A draw answers this very action: buying a sixth card or an exchange.
      fees[action.type === 'buySixth' ? 'pp.sixthFees' : 'pp.exchangeFees'] = e.stake * session.chipValue;
    } else if (e.type === 'boughtGame') {
      fees['pp.buyGameFees'] = e.stake * session.chipValue;
    }
  }
  tx.set({
    game: {
      ...session,
      core: step.state,
      actions: recorded ? [...session.actions, recorded] : session.actions,
      stakedChips: session.stakedChips + chips,
    },
  });
  if (chips > 0) stake(tx, session.game, chips);
  tx.count(fees);
  if (step.state.phase === 'over') settleGame(tx);
  return null;
}
