// The attendant's mute: the machine's sound off for ten minutes, from the attendant's menu.
// It is the cabinet's state rather than the screen's, so every screen hears it, a page reload or
// a restart keeps it, only the key can set it, and it is logged with the key like every other
// attendant action (C-21).

import { needKey } from './keys';
import type { Outcome, Transition } from './transition';

export const SOUND_MUTE_MS = 10 * 60_000;

/** Mutes from now for ten minutes (again: ten minutes from now), or unmutes. */
export function soundMute(tx: Transition, on: boolean): Outcome {
  const key = needKey(tx.state, 'attendant');
  if (key) return key;
  const until = on ? tx.at + SOUND_MUTE_MS : 0;
  tx.set({ soundMutedUntil: until });
  tx.log('access', { event: on ? 'sound muted' : 'sound unmuted', until, key: 'attendant' });
  return null;
}
