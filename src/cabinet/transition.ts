// A transition under construction: the handlers of one input build the next state and its
// effects here, then the cabinet either returns it whole or refuses and returns nothing of it.

import type { Refusal } from '../core';
import type { DeviceCommand } from './device-events';
import type { CabinetEffect, GameRecord } from './effects';
import type { CabinetEnv } from './inputs';
import { addMeters, setMeters } from './meters';
import type { CabinetState } from './state';
import type { LogData, LogEntry, LogKind } from './vocabulary/log-events';

export class Transition {
  readonly effects: CabinetEffect[] = [];
  readonly at: number;

  constructor(
    public state: CabinetState,
    readonly env: CabinetEnv,
  ) {
    this.at = env.now();
  }

  set(patch: Partial<CabinetState>): void {
    this.state = { ...this.state, ...patch };
  }

  /** A row of the event log, as its kind declares it (./vocabulary/log-events.ts). */
  log<K extends LogKind>(kind: K, data: LogData<K>): void {
    this.effects.push({ type: 'log', entry: { at: this.at, kind, data } as LogEntry });
  }

  send(command: DeviceCommand): void {
    this.effects.push({ type: 'command', command });
  }

  recall(record: GameRecord): void {
    this.effects.push({ type: 'recall', record });
  }

  /** The store vouches for its records again from this transition on (records.ts). */
  recordsCleared(): void {
    this.effects.push({ type: 'recordsCleared' });
  }

  /** Runs `step`; when it refuses, the transition is left as it was before it (its state and effects). */
  attempt(step: () => Outcome): Outcome {
    const state = this.state;
    const effects = this.effects.length;
    const no = step();
    if (no) {
      this.state = state;
      this.effects.length = effects;
    }
    return no;
  }

  count(deltas: Record<string, number>): void {
    this.state = { ...this.state, meters: addMeters(this.state.meters, deltas) };
  }

  setMeters(values: Record<string, number>): void {
    this.state = { ...this.state, meters: setMeters(this.state.meters, values) };
  }
}

/** A handler's answer: done (the transition holds the result) or a refusal. */
export type Outcome = null | Refusal;

export const refusal = (rule: string, reason: string): Refusal => ({ rule, reason });
