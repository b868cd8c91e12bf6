// Device commands that follow from the state rather than from one event: the acceptor reads
// notes in the cabinet's currency and is enabled only while a note could be accepted, and the deck's lamps show what can be pressed
// (in a device test both follow the technician instead).
// Sent only on change; a power-up forgets what was sent so everything is sent afresh.

import { BUTTONS, HOLD_BUTTONS, type Button, type LampState } from './device-events';
import { playBlocked } from './locks';
import { outOfService, sasStopsPlay } from './sas';
import { isVideoPokerId } from '../core';
import { gameInProgress, isVideoPokerSession, type CabinetState } from './state';
import type { Transition } from './transition';

export function acceptorShouldAccept(s: CabinetState): boolean {
  // In a device test the technician switches the acceptor; its notes are only identified.
  if (s.deviceTest) return s.deviceTest.acceptor.enabled;
  return playBlocked(s) === null && !sasStopsPlay(s) && s.balance < s.settings.limits.creditLimit;
}

export function lampsFor(s: CabinetState): Record<Button, LampState> {
  if (s.deviceTest) return { ...s.deviceTest.lamps };
  const lamps = Object.fromEntries(BUTTONS.map((b) => [b, 'off'])) as Record<Button, LampState>;
  if (s.handpay) {
    lamps.service = 'blink';
    return lamps;
  }
  if (playBlocked(s) || outOfService(s)) return lamps;
  lamps.help = 'on';
  const game = s.game;
  if (game && gameInProgress(s)) {
    lamps.deal = 'on';
    if (isVideoPokerSession(game)) {
      HOLD_BUTTONS.forEach((b, p) => (lamps[b] = game.core.held.includes(p) ? 'on' : 'blink'));
    }
    return lamps;
  }
  if (s.balance > 0) {
    lamps.cashOut = 'on';
    lamps.deal = 'on';
    if (isVideoPokerId(s.selectedGame)) {
      lamps.betOne = 'on';
      lamps.maxBet = 'on';
    }
  }
  return lamps;
}

const sameLamps = (a: Partial<Record<Button, LampState>> | null, b: Record<Button, LampState>): boolean =>
  a !== null && BUTTONS.every((k) => a[k] === b[k]);

export function syncOutputs(tx: Transition): void {
  // The currency first: the acceptor reads its notes in it, and takes none before it knows it.
  const { currency, minorDigits } = tx.state.settings;
  if (tx.state.acceptorCurrency !== `${currency}/${minorDigits}`) {
    tx.set({ acceptorCurrency: `${currency}/${minorDigits}` });
    tx.send({ device: 'acceptor', type: 'currency', currency, minorDigits });
  }
  const accept = acceptorShouldAccept(tx.state);
  if (tx.state.acceptorEnabled !== accept) {
    tx.set({ acceptorEnabled: accept });
    tx.send({ device: 'acceptor', type: 'enable', enabled: accept });
  }
  const lamps = lampsFor(tx.state);
  if (!sameLamps(tx.state.lamps, lamps)) {
    tx.set({ lamps });
    tx.send({ device: 'deck', type: 'lamps', lamps });
  }
}
