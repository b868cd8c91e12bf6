// The player's and attendant's hands on the devices: a note fed, a door opened, a key turned.
// In one process they work the simulators directly; when the devices live in another process
// (the crash test's serial simulators, which outlive the cabinet they serve), each move is one
// JSON line on stdout for that process to carry out.

import { DOORS, KEY_SWITCHES, type Door, type KeySwitch } from '../../cabinet';

export interface Hands {
  /** Feeds a note of `value` minor units; false when it was certainly not taken in. */
  insertNote(value: number): boolean;
  /**
   * Feeds a ticket; the devices' side picks it (one of the vouchers printed so far, or one that is
   * no voucher of this cabinet). Absent where the devices take no tickets.
   */
  insertTicket?(): void;
  door(door: Door, open: boolean): void;
  key(key: KeySwitch, on: boolean): void;
  /** Resolves once the devices have had their turn. */
  settled(): Promise<void>;
}

export type HandMove =
  | { type: 'hand'; move: 'insertNote'; value: number }
  | { type: 'hand'; move: 'insertTicket' }
  | { type: 'hand'; move: 'door'; door: Door; open: boolean }
  | { type: 'hand'; move: 'key'; key: KeySwitch; on: boolean };

/** Hands that ask the process holding the devices, by one line each. */
export function remoteHands(write: (line: string) => void, turnMs = 10): Hands {
  const say = (move: HandMove): void => write(JSON.stringify(move));
  return {
    insertNote(value) {
      say({ type: 'hand', move: 'insertNote', value });
      return true;
    },
    insertTicket: () => say({ type: 'hand', move: 'insertTicket' }),
    door: (door, open) => say({ type: 'hand', move: 'door', door, open }),
    key: (key, on) => say({ type: 'hand', move: 'key', key, on }),
    settled: () => new Promise((r) => setTimeout(r, turnMs)),
  };
}

/** A line of the cabinet's output as a hand move, or null when it is something else. */
export function handMove(message: Record<string, unknown>): HandMove | null {
  if (message.type !== 'hand') return null;
  if (message.move === 'insertNote' && Number.isSafeInteger(message.value)) return message as HandMove;
  if (message.move === 'insertTicket') return { type: 'hand', move: 'insertTicket' };
  if (message.move === 'door' && typeof message.open === 'boolean' && DOORS.includes(message.door as Door))
    return message as HandMove;
  if (message.move === 'key' && typeof message.on === 'boolean' && KEY_SWITCHES.includes(message.key as KeySwitch))
    return message as HandMove;
  return null;
}
