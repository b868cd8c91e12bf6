// A cabinet on a test bench: fixed time, decks from a queue (then seeded), counted voucher
// numbers (with their check digits) and a transparent PIN "hash". For tests and examples only; the app injects the real
// ones.

import { byGame, SeededRandom, shuffledDeck, type Card } from '../../core';
import type { DeviceCommand, DeviceEvent, Door, KeySwitch } from '../device-events';
import type { CabinetEffect, GameRecord, LogKind } from '../effects';
import { DEVICE_NAMES } from '../vocabulary/devices';
import { stepCabinet, type CabinetResult } from '../cabinet';
import type { CabinetEnv, CabinetInput } from '../inputs';
import type { ConfigReturns } from '../return-range';
import type { TableReturn } from '../table-return';
import { DEFAULT_SETTINGS, type CabinetSettings, type Limits } from '../settings';
import { initialState, type CabinetState } from '../state';
import { withCheckDigits } from '../validation-number';
import { logRowProblem } from '../vocabulary/log-events';

/** A logged row as a test reads it: any of its kind's fields, by name. */
export interface LoggedRow {
  at: number;
  kind: LogKind;
  data: Record<string, unknown>;
}

/**
 * The layout of validation numbers before issue 23: the machine's digits (last six), the
 * sequence, the check digits. What vouchers printed before it carry, and what anyone holding one
 * could work out of the next one's; for tests of both.
 */
export const legacyValidation = (machine: number, sequence: number): string =>
  withCheckDigits(String(machine).padStart(6, '0') + String(sequence).padStart(10, '0'));

/** An exact return, as the app finds a Jacks or Better table's (C-24). */
export const exactReturn = (pct: number): TableReturn => ({
  pct,
  low: pct,
  high: pct,
  basis: 'exact (test)',
  play: 'exact',
  typical: null,
});

/** A Poker Plus return of the default strategy alone, with its 95% interval (best play not measured). */
export const simulatedReturn = (pct: number, half: number): TableReturn => {
  const typical = { pct, low: pct - half, high: pct + half, basis: 'simulated (test)' };
  return { ...typical, play: 'typical', typical };
};

/**
 * A Poker Plus return judged on best play: its upper estimate, the lower end of what the
 * strategy found returns, and the default strategy's return beside it.
 */
export const bestPlayReturn = (upper: number, low: number, typicalPct = low - 0.5): TableReturn => ({
  pct: upper,
  low,
  high: upper,
  basis: 'best play (test)',
  play: 'best',
  typical: { pct: typicalPct, low: typicalPct - 0.05, high: typicalPct + 0.05, basis: 'simulated (test)' },
});

/** Returns inside the default range for both games' tables of a config file. */
export const RETURNS_IN_RANGE: ConfigReturns = {
  ...byGame(() => exactReturn(98.3735)),
  'poker-plus': bestPlayReturn(98.9, 98.2, 97.8939),
};

export interface RigOptions {
  limits?: Partial<Limits>;
  settings?: Partial<CabinetSettings>;
}

export class Rig {
  state: CabinetState;
  now = 1_700_000_000_000;
  readonly decks: Card[][] = [];
  readonly log: LoggedRow[] = [];
  readonly commands: DeviceCommand[] = [];
  readonly records: GameRecord[] = [];
  /** Tickets to validate and the vouchers' changes, as the app and the store would see them. */
  readonly tickets: CabinetEffect[] = [];
  private seed = 1;
  private validations = 0;
  readonly env: CabinetEnv = {
    now: () => this.now,
    newDeck: () => this.decks.shift() ?? shuffledDeck(new SeededRandom(this.seed++)),
    newValidation: () => withCheckDigits(String(++this.validations).padStart(16, '0')),
    hashPin: (pin) => `test$${[...pin].reverse().join('')}`,
    verifyPin: (pin, hash) => hash === `test$${[...pin].reverse().join('')}`,
  };

  constructor(options: RigOptions = {}) {
    const settings: CabinetSettings = {
      ...DEFAULT_SETTINGS,
      ...options.settings,
      limits: { ...DEFAULT_SETTINGS.limits, ...options.settings?.limits, ...options.limits },
    };
    this.state = initialState(settings);
    this.restart();
  }

  /** A power-up with every device answering after it, and the deck's switches all off and closed. */
  restart(): DeviceCommand[] {
    const sent = this.ok({ kind: 'powerUp' });
    return [...sent, ...this.devicesAnswer()];
  }

  /** What the devices say once they are up: online, and the deck's report of its switches. */
  devicesAnswer(
    switches: { keys?: Partial<Record<KeySwitch, boolean>>; doors?: Partial<Record<Door, boolean>> } = {},
  ): DeviceCommand[] {
    const sent: DeviceCommand[] = [];
    for (const device of DEVICE_NAMES) sent.push(...this.event({ device, type: 'online' }));
    const keys = { attendant: false, technician: false, ...switches.keys };
    const doors = { main: false, logic: false, cashbox: false, ...switches.doors };
    sent.push(...this.event({ device: 'deck', type: 'switches', keys, doors }));
    return sent;
  }

  input(input: CabinetInput): CabinetResult {
    const result = stepCabinet(this.state, input, this.env);
    for (const e of result.effects) this.collect(e);
    if (result.ok) this.state = result.state;
    return result;
  }

  private collect(e: CabinetEffect): void {
    if (e.type === 'log') {
      // Every row a test makes is checked against its kind's declaration: the log says what it declares.
      const problem = logRowProblem(e.entry);
      if (problem) throw new Error(`a log row its declaration does not allow: ${problem}`);
      this.log.push(e.entry as LoggedRow);
    } else if (e.type === 'command') this.commands.push(e.command);
    else if (e.type === 'recall') this.records.push(e.record);
    else if (e.type !== 'recordsCleared') this.tickets.push(e);
  }

  /** The game record (the recall's) made n-th, which must have been made. */
  record(n: number): GameRecord {
    const made = this.records[n];
    if (!made) throw new Error(`no game record ${n}: ${this.records.length} made`);
    return made;
  }

  /** Applies an input that must be accepted; returns the commands it sent. */
  ok(input: CabinetInput): DeviceCommand[] {
    const before = this.commands.length;
    const r = this.input(input);
    if (!r.ok) throw new Error(`refused ${r.refusal.rule}: ${r.refusal.reason}`);
    return this.commands.slice(before);
  }

  /** Applies an input that must be refused; returns the rule. */
  refused(input: CabinetInput): string {
    const r = this.input(input);
    if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(input)}`);
    return r.refusal.rule;
  }

  wish(wish: unknown): CabinetResult {
    return this.input({ kind: 'wish', counter: this.state.version, wish });
  }

  play(wish: unknown): DeviceCommand[] {
    return this.ok({ kind: 'wish', counter: this.state.version, wish });
  }

  refuse(wish: unknown): string {
    return this.refused({ kind: 'wish', counter: this.state.version, wish });
  }

  event(event: DeviceEvent): DeviceCommand[] {
    return this.ok({ kind: 'device', event });
  }

  /** A note through escrow and stacker, as the acceptor reports it. */
  insert(value: number): void {
    this.event({ device: 'acceptor', type: 'escrow', value, denomination: String(value) });
    this.event({ device: 'acceptor', type: 'stacked', value, denomination: String(value) });
  }

  key(key: 'attendant' | 'technician', on: boolean): void {
    this.event({ device: 'deck', type: 'key', key, on });
  }

  /** A technician at the cabinet: PIN set (not the initial one), key turned, PIN entered (C-21). */
  technician(pin = '2468'): void {
    this.state = {
      ...this.state,
      access: { ...this.state.access, pinHash: this.env.hashPin(pin), pinChangeRequired: false },
    };
    this.key('technician', true);
    this.play({ type: 'technicianPin', pin });
  }

  lifetime(name: string): number {
    return this.state.meters.lifetime[name] ?? 0;
  }
}
