// The cabinet as one pure function (docs/architecture.md, "Games and the cabinet as state machines"): state and input in, the next
// state and its effects out, or a refusal naming the C- (or J-, P-) rule. Nothing is thrown
// through it and nothing in it touches I/O; time, decks, voucher numbers and PIN hashing come
// from the injected env.

import { isVideoPokerId, type Refusal } from '../core';
import { acceptorEvent } from './bills';
import { cashOut, creditClear, handpayConfirm, printerEvent } from './cashout';
import { reprintReceipt } from './handpay-receipts';
import type { Button, DeviceEvent } from './device-events';
import type { CabinetStep } from './effects';
import { deal, gameAction, selectGame, setBet, setBoxes, setChipValue } from './games';
import type { CabinetEnv, CabinetInput, PlayerWish } from './inputs';
import { clearPeriodMeters, clearTilt, ramClear, setPin, technicianLogout, technicianPin } from './access';
import { syncOutputs } from './outputs';
import {
  deviceTest,
  endDeviceTest,
  testAcceptor,
  testAcceptorEvent,
  testButton,
  testLamps,
  testPrinterEvent,
  testPrinterTrouble,
  testVoucher,
} from './device-test';
import { powerUp, recovered } from './power';
import { soundMute } from './sound-mute';
import { sasCommand } from './sas';
import { accountCreditKinds } from './credit-kinds';
import { payLegacyBonuses } from './legacy-bonus';
import { anchorReport, lockedByRecords, mirrorReport, recordsRefused, recordsReport, unprovenSpent } from './records';
import { applySettings, changeSettings } from './settings-change';
import { gameInProgress, isVideoPokerSession, type CabinetState } from './state';
import { keyEvent } from './keys';
import { deckSwitches, deviceHealth, doorEvent } from './tilts';
import { refusal, Transition, type Outcome } from './transition';
import { parseWish } from './wishes';
import { oldestCurrent, shownChanged, staleWish } from './stale-wish';
import { isGameWish, PLAY_WISHES } from './vocabulary/wish-schema';
import { isDeviceName } from './vocabulary/devices';
import { jacksButtonWishes, type JacksButton } from './vocabulary/buttons';
import { ticketTimeout, ticketVerdict } from './tickets';

export type CabinetResult = CabinetStep<CabinetState>;

export function stepCabinet(state: CabinetState, input: CabinetInput, env: CabinetEnv): CabinetResult {
  const tx = new Transition(state, env);
  let outcome: Outcome;
  try {
    outcome = dispatch(tx, input);
  } catch (e) {
    outcome = refusal('C-22', `internal error, input ignored: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (outcome) return refused(tx, outcome, input);
  endOrphanedTest(tx, input);
  unprovenSpent(tx);
  accountCreditKinds(state, tx);
  payLegacyBonuses(tx);
  // A button released or a repeated report changes nothing: no new version, nothing to commit.
  if (tx.state === state && tx.effects.length === 0) return { ok: true, state, effects: [] };
  syncOutputs(tx);
  const version = state.version + 1;
  tx.set({ version, shownVersion: shownChanged(state, tx.state) ? version : oldestCurrent(state) });
  return { ok: true, state: tx.state, effects: tx.effects };
}

/** A device test lives only as long as the technician's session (logout, key off, power-up). */
function endOrphanedTest(tx: Transition, input: CabinetInput): void {
  if (!tx.state.deviceTest || tx.state.access.technicianSession) return;
  const why =
    input.kind === 'powerUp'
      ? 'power-up'
      : !tx.state.keys.technician
        ? 'technician key turned off'
        : 'technician logged out';
  endDeviceTest(tx, why);
}

function refused(tx: Transition, why: Refusal, input: CabinetInput): CabinetResult {
  const what =
    input.kind === 'wish'
      ? { wish: summarize(input.wish) }
      : input.kind === 'device'
        ? { event: input.event }
        : { input: input.kind };
  return {
    ok: false,
    refusal: why,
    effects: [
      { type: 'log', entry: { at: tx.at, kind: 'refusal', data: { rule: why.rule, reason: why.reason, ...what } } },
    ],
  };
}

/** Logs what was wished without ever writing a PIN. */
function summarize(wish: unknown): unknown {
  if (typeof wish === 'object' && wish !== null && 'pin' in wish) return { ...wish, pin: '****' };
  return wish;
}

function dispatch(tx: Transition, input: CabinetInput): Outcome {
  switch (input?.kind) {
    case 'wish': {
      const stale = staleWish(tx.state, input.counter);
      if (stale) return refusal('C-22', stale);
      const parsed = parseWish(input.wish);
      if (!parsed.ok) return parsed.refusal;
      return wish(tx, parsed.wish);
    }
    case 'device':
      return deviceEvent(tx, input.event);
    case 'powerUp':
      powerUp(tx);
      return null;
    case 'recovered':
      recovered(tx, input.acceptor, input.voucher, input.ticket ?? null);
      return null;
    case 'ticketVerdict':
      ticketVerdict(tx, input.barcode, input.verdict);
      return null;
    case 'ticketTimeout':
      ticketTimeout(tx, input.barcode);
      return null;
    case 'settings':
      return applySettings(tx, input.settings, input.source, input.installed, input.configReturns);
    case 'records':
      recordsReport(tx, input.refused, input.mirror, input.anchor ?? null, input.unproven ?? null);
      return null;
    case 'mirror':
      mirrorReport(tx, input.problem);
      return null;
    case 'anchor':
      anchorReport(tx, input.problem);
      return null;
    case 'sas':
      return sasCommand(tx, input.command);
    default:
      return refusal('C-22', 'unknown input');
  }
}

function wish(tx: Transition, w: PlayerWish): Outcome {
  const locked = lockedByRecords(tx.state, w.type);
  if (locked) return locked;
  // What stops while a device test runs: everything the player does (C-20, C-21), by the wishes' tags.
  if (tx.state.deviceTest && PLAY_WISHES.has(w.type)) return refusal('C-21', 'device test in progress');
  return perform(tx, w);
}

/** A wish checked and allowed now, done. */
function perform(tx: Transition, w: PlayerWish): Outcome {
  if (isGameWish(w)) return gameAction(tx, w);
  switch (w.type) {
    case 'selectGame':
      return selectGame(tx, w.game);
    case 'chipValue':
      return setChipValue(tx, w.value);
    case 'language':
      tx.set({ language: w.language });
      return null;
    case 'setBet':
      return setBet(tx, w.bet);
    case 'setBoxes':
      return setBoxes(tx, w.boxes);
    case 'deal':
      return deal(tx, w);
    case 'cashOut':
      return cashOut(tx);
    case 'handpayConfirm':
      return handpayConfirm(tx);
    case 'creditClear':
      return creditClear(tx);
    case 'reprintReceipt':
      return reprintReceipt(tx, w.number);
    case 'soundMute':
      return soundMute(tx, w.on);
    case 'technicianPin':
      return technicianPin(tx, w.pin);
    case 'technicianLogout':
      return technicianLogout(tx);
    case 'setPin':
      return setPin(tx, w.pin);
    case 'clearPeriodMeters':
      return clearPeriodMeters(tx);
    case 'clearTilt':
      return clearTilt(tx, w.code);
    case 'ramClear':
      return ramClear(tx);
    case 'changeSettings':
      return changeSettings(tx, w);
    case 'deviceTest':
      return deviceTest(tx, w.on);
    case 'testLamps':
      return testLamps(tx, w.lamps);
    case 'testAcceptor':
      return testAcceptor(tx, w.enabled);
    case 'testVoucher':
      return testVoucher(tx);
  }
}

function deviceEvent(tx: Transition, event: DeviceEvent): Outcome {
  if (typeof event !== 'object' || event === null) return refusal('C-22', 'a device event must be an object');
  switch (event.type) {
    case 'fault':
    case 'faultCleared':
    case 'online':
    case 'offline':
      if (!isDeviceName(event.device)) return refusal('C-22', `unknown device "${String(event.device)}"`);
      deviceHealth(tx, event);
      if (event.device === 'printer') testPrinterTrouble(tx);
      return null;
  }
  switch (event.device) {
    case 'acceptor':
      if (tx.state.deviceTest && testAcceptorEvent(tx, event)) return null;
      if (!unsettled(tx, event)) acceptorEvent(tx, event);
      return null;
    case 'printer':
      if (!testPrinterEvent(tx, event) && !unsettled(tx, event)) printerEvent(tx, event);
      return null;
    case 'deck':
      if (event.type === 'switches') deckSwitches(tx, event.keys, event.doors);
      else if (event.type === 'door') doorEvent(tx, event.door, event.open);
      else if (event.type === 'key') keyEvent(tx, event.key, event.on);
      else if (event.type === 'button' && tx.state.deviceTest) testButton(tx, event.button, event.pressed);
      else if (event.type === 'button') return event.pressed ? button(tx, event.button) : null;
      return null;
    default:
      return refusal('C-22', `unknown device event ${JSON.stringify(event)}`);
  }
}

/** On refused records a note stacked or a voucher printed is logged, never credited or debited. */
function unsettled(tx: Transition, event: DeviceEvent): boolean {
  const money =
    (event.device === 'acceptor' && (event.type === 'stacked' || event.type === 'ticketStacked')) ||
    (event.device === 'printer' && (event.type === 'printed' || event.type === 'printFailed'));
  if (!money || !recordsRefused(tx.state)) return false;
  tx.log('anomaly', { event, reason: 'the records are refused: not settled' });
  return true;
}

/** C-20: the deck's buttons reach the same player actions as the screen, by the buttons' one meaning. */
function button(tx: Transition, b: Button): Outcome {
  const s = tx.state;
  const game = s.game;
  const playing = gameInProgress(s);
  switch (b) {
    case 'deal':
      if (!playing && !isVideoPokerId(s.selectedGame)) return deal(tx, { type: 'deal' });
      if (playing && !isVideoPokerSession(game!))
        return gameAction(tx, { type: game!.core.phase === 'deciding' ? 'bet' : 'reveal' });
      return pressJacks(tx, b);
    case 'hold1':
    case 'hold2':
    case 'hold3':
    case 'hold4':
    case 'hold5':
      if (!playing || !isVideoPokerSession(game!)) return refusal('C-22', 'HOLD works only during a video-poker game');
      return pressJacks(tx, b);
    case 'betOne':
      if (!isVideoPokerId(s.selectedGame)) return refusal('C-22', 'BET ONE is for video poker');
      return pressJacks(tx, b);
    case 'maxBet':
      if (!isVideoPokerId(s.selectedGame)) return refusal('C-22', 'MAX BET is for video poker');
      return pressJacks(tx, b);
    case 'cashOut':
      return cashOut(tx);
    case 'help':
    case 'service':
      tx.log('access', { event: `${b} button` });
      return null;
  }
}

/** A Jacks or Better button: the first of its wishes the cabinet takes (./vocabulary/buttons.ts). */
function pressJacks(tx: Transition, b: JacksButton): Outcome {
  const s = tx.state;
  const game = s.game;
  const holding = gameInProgress(s) && game !== null && isVideoPokerSession(game) && game.core.phase === 'holding';
  const [first, ...rest] = jacksButtonWishes(b, { holding, bet: s.jacksBet, maxBet: s.settings.limits.maxBet });
  const no = tx.attempt(() => perform(tx, first));
  if (!no) return null;
  for (const w of rest) if (!tx.attempt(() => perform(tx, w))) return null;
  return no;
}
