// C-18, C-21: a key counts as turned only on the button deck's own word, and a technician
// works only with the key on, the PIN entered and the initial PIN changed. Kept apart so that
// every gate (wishes, queries, tilts) asks the same questions.

import type { Refusal } from '../core';
import type { KeySwitch } from './device-events';
import type { CabinetState } from './state';
import { attendantUnlocksTickets } from './ticket-guesses';
import { refusal, type Transition } from './transition';
import { SWITCHES_TILT } from './vocabulary/tilts';

/** Null when `key` is turned on the deck's own word; otherwise why it counts as off. */
export function keyProblem(s: CabinetState, key: KeySwitch): string | null {
  if (s.tilts.some((t) => t.code === SWITCHES_TILT))
    return `the ${key} key counts only once the button deck has reported its switches`;
  return s.keys[key] ? null : `the ${key} key is needed`;
}

/** Null when a technician may work: key on, PIN entered, and the initial PIN already changed. */
export function technicianProblem(s: CabinetState): string | null {
  const key = keyProblem(s, 'technician');
  if (key) return key;
  if (!s.access.technicianSession) return 'the technician PIN is needed';
  if (s.access.pinChangeRequired) return 'the initial PIN must be changed first';
  return null;
}

export function needKey(s: CabinetState, key: KeySwitch): Refusal | null {
  const why = keyProblem(s, key);
  return why ? refusal('C-21', why) : null;
}

/** A key turned, on the deck's word: the technician key turned off ends the technician session. */
export function keyEvent(tx: Transition, key: KeySwitch, on: boolean): void {
  if (tx.state.keys[key] === on) return;
  tx.set({ keys: { ...tx.state.keys, [key]: on } });
  tx.log('key', { key, on });
  if (key === 'attendant' && on) attendantUnlocksTickets(tx);
  if (key === 'technician' && !on && tx.state.access.technicianSession) {
    tx.set({ access: { ...tx.state.access, technicianSession: false } });
    tx.log('access', { event: 'technician logout', why: 'key turned off' });
  }
}
