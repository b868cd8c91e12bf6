// What a test, the development page and the crash test's rig do with a simulated bill acceptor,
// whichever protocol it speaks (ID-003's or EBDS's simulator): feed notes and tickets, jam it, open
// or fill its cash box, cut its power, and hear what it physically did with money.

import type { DeviceEndpoint } from '../shared/device-endpoint';

export interface SimulatedNote {
  /** Minor units of the tested cabinet's currency. */
  value: number;
  denomination: string;
}

/**
 * What a simulated acceptor physically did with a note or a ticket: held it in escrow, put it past
 * the point of no return (in the cash box, whatever happens to the line), or handed it back.
 */
export type SimulatedMove =
  | { kind: 'escrow' | 'stacked' | 'returned'; note: SimulatedNote }
  | { kind: 'ticketEscrow' | 'ticketStacked' | 'ticketReturned'; barcode: string };

/** The moves as each simulator's own events name them (the same names in both). */
export const MOVE_EVENTS = [
  'escrow',
  'stacked',
  'returned',
  'ticketEscrow',
  'ticketStacked',
  'ticketReturned',
] as const;

export interface SimulatedAcceptor {
  /** The notes it knows, valued in the tested cabinet's minor units. */
  readonly values: readonly SimulatedNote[];
  readonly cashbox: readonly SimulatedNote[];
  readonly ticketBox: readonly string[];
  /** What it is doing, and the barcode of the ticket in hand if any. */
  readonly state: { phase: string; ticket: string | null };
  /** Whether it would draw a document in now: idle, enabled by its host, no fault (its bezel lit). */
  readonly drawsIn: boolean;
  attach(endpoint: DeviceEndpoint): this;
  detach(): void;
  insertNote(value: number): boolean;
  insertTicket(barcode: string): boolean;
  /** A document it does not recognise (neither a note nor a barcode it reads): refused and handed back. */
  insertCounterfeit(): boolean;
  jam(): void;
  clearJam(): void;
  setStackerFull(on: boolean): void;
  setStackerOpen(on: boolean): void;
  powerOff(): void;
  powerOn(): void;
  powerCycle(offMs?: number): Promise<void>;
  /** Hears every move; returns a function that stops listening. */
  watch(listener: (move: SimulatedMove) => void): () => void;
}

/** `watch` for a simulator whose events carry the moves under MOVE_EVENTS' names. */
export function watchMoves(
  emitter: {
    on(event: string, listener: (x: never) => void): unknown;
    off(event: string, listener: (x: never) => void): unknown;
  },
  listener: (move: SimulatedMove) => void,
): () => void {
  const bound = MOVE_EVENTS.map((kind) => {
    const l = (x: SimulatedNote | string) =>
      listener(
        typeof x === 'string' ? { kind: kind as 'ticketEscrow', barcode: x } : { kind: kind as 'escrow', note: x },
      );
    emitter.on(kind, l as (x: never) => void);
    return [kind, l] as const;
  });
  return () => {
    for (const [kind, l] of bound) emitter.off(kind, l as (x: never) => void);
  };
}
