// A developer's keyboard as a button deck: key names (KeyboardEvent.code) to deck inputs. Buttons
// follow the key (down = pressed); key switches and doors toggle on each key press.

import type { DeckInput } from './codec';
import type { DeckSimulator } from './simulator';

export interface KeyBinding {
  input: DeckInput;
  /** Toggles on key down instead of following the key. */
  toggle: boolean;
}

export const KEYBOARD_MAP: Readonly<Record<string, KeyBinding>> = {
  Space: { input: { kind: 'button', button: 'deal' }, toggle: false },
  Enter: { input: { kind: 'button', button: 'deal' }, toggle: false },
  Digit1: { input: { kind: 'button', button: 'hold1' }, toggle: false },
  Digit2: { input: { kind: 'button', button: 'hold2' }, toggle: false },
  Digit3: { input: { kind: 'button', button: 'hold3' }, toggle: false },
  Digit4: { input: { kind: 'button', button: 'hold4' }, toggle: false },
  Digit5: { input: { kind: 'button', button: 'hold5' }, toggle: false },
  KeyB: { input: { kind: 'button', button: 'betOne' }, toggle: false },
  KeyM: { input: { kind: 'button', button: 'maxBet' }, toggle: false },
  KeyC: { input: { kind: 'button', button: 'cashOut' }, toggle: false },
  KeyH: { input: { kind: 'button', button: 'help' }, toggle: false },
  KeyS: { input: { kind: 'button', button: 'service' }, toggle: false },
  KeyA: { input: { kind: 'key', key: 'attendant' }, toggle: true },
  KeyT: { input: { kind: 'key', key: 'technician' }, toggle: true },
  F1: { input: { kind: 'door', door: 'main' }, toggle: true },
  F2: { input: { kind: 'door', door: 'logic' }, toggle: true },
  F3: { input: { kind: 'door', door: 'cashbox' }, toggle: true },
};

/** What a key going down or up does to the deck, or null for an unmapped key or a toggle's release. */
export function keyToDeck(
  code: string,
  down: boolean,
  current: (i: DeckInput) => boolean,
): { input: DeckInput; on: boolean } | null {
  const b = KEYBOARD_MAP[code];
  if (!b) return null;
  if (b.toggle) return down ? { input: b.input, on: !current(b.input) } : null;
  return { input: b.input, on: down };
}

/** Applies a keyboard event to a simulated deck; returns whether the key is mapped. */
export function applyKey(deck: DeckSimulator, code: string, down: boolean): boolean {
  const r = keyToDeck(code, down, (i) => deck.current(i));
  if (r) deck.set(r.input, r.on);
  return !!KEYBOARD_MAP[code];
}
