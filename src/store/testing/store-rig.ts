// A test's cabinet on a real store: where it keeps its database, machine key and mirror (a data
// folder of its own in the test's folder, the key and the mirror beside it), and a cabinet whose
// every transition goes through the store as the runner commits it. For tests only.

import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  stepCabinet,
  syncBeforeShowing,
  type CabinetInput,
  type CabinetResult,
  type CabinetState,
  type ValidationMode,
} from '../../cabinet';
import { Rig } from '../../cabinet/testing/rig';
import { Journal, type JournalDisk } from '../journal';
import type { MachineOptions } from '../records-open';

/** A database path in `dir`'s data folder (made if missing). */
export function dataPath(dir: string, name = 'c.db'): string {
  mkdirSync(join(dir, 'data'), { recursive: true });
  return join(dir, 'data', name);
}

/** The machine of a test: key and mirror in `dir`, outside its data folder. */
export function testMachine(dir: string, overrides: Partial<MachineOptions> = {}): MachineOptions {
  return {
    keyFile: join(dir, 'machine.key'),
    mirror: join(dir, 'mirror'),
    machine: '0001',
    purpose: 'production',
    ...overrides,
  };
}

/** A cabinet with money moved through it, closed: the file a technician finds on the machine. */
export function playedDatabase(dir: string, games = 3): string {
  const path = dataPath(dir);
  const b = new Bench(path);
  b.insert(10000);
  for (let i = 0; i < games; i++) b.jacks();
  b.store.close();
  return path;
}

/** The test folder a dataPath() database lives in (any other place would put its key and mirror outside the test's folder). */
export function testDir(path: string): string {
  if (basename(dirname(path)) !== 'data')
    throw new Error(`${path}: a test's database goes in its data folder (dataPath)`);
  return dirname(dirname(path));
}

/** A cabinet whose every transition goes through the store, as the runner does it. */
export class Bench {
  readonly rig = new Rig();
  readonly store: Journal;
  constructor(
    readonly path: string,
    machine: Partial<MachineOptions> = {},
    disk: JournalDisk = {},
  ) {
    this.store = Journal.open(path, testMachine(testDir(path), machine), disk);
    const loaded = this.store.load();
    if (loaded) this.rig.state = loaded;
    else this.store.initialize(this.rig.state, 'test');
  }
  /** Steps, commits (or logs the refusal) and returns the result, as the runner's `input` does. */
  input(input: CabinetInput): CabinetResult {
    const prev: CabinetState = this.rig.state;
    const r = stepCabinet(prev, input, this.rig.env);
    if (!r.ok) {
      this.store.appendLog(r.effects);
      return r;
    }
    // As the runner commits: a hold alone without waiting for the disk.
    if (r.state !== prev)
      this.store.commit(prev, r.state, r.effects, undefined, undefined, syncBeforeShowing(prev, r.state, r.effects));
    this.rig.state = r.state;
    return r;
  }
  wish(wish: unknown): void {
    this.input({ kind: 'wish', counter: this.rig.state.version, wish });
  }
  /** A SAS link at address 1, one cent a credit, in `validation` mode; throws if the cabinet did not take it. */
  linkSas(validation: ValidationMode): void {
    this.input({
      kind: 'sas',
      command: {
        type: 'configure',
        settings: {
          address: 1,
          accountingDenomination: 1,
          allowClockSet: false,
          allowRemoteHandpayReset: false,
          validation,
        },
      },
    });
    const taken = this.rig.state.sas?.settings.validation;
    if (taken !== validation)
      throw new Error(`the SAS link was configured in ${validation} validation, and has ${taken}`);
  }
  insert(value: number): void {
    this.input({ kind: 'device', event: { device: 'acceptor', type: 'escrow', value, denomination: String(value) } });
    this.input({ kind: 'device', event: { device: 'acceptor', type: 'stacked', value, denomination: String(value) } });
  }
  /** Technician key turned and PIN entered, through the store (a PIN already changed from the initial one). */
  technician(pin = '2468'): void {
    this.rig.state = {
      ...this.rig.state,
      access: { ...this.rig.state.access, pinHash: this.rig.env.hashPin(pin), pinChangeRequired: false },
    };
    this.input({ kind: 'device', event: { device: 'deck', type: 'key', key: 'technician', on: true } });
    this.wish({ type: 'technicianPin', pin });
  }
  jacks(): void {
    this.wish({ type: 'deal', bet: 1 });
    this.wish({ type: 'draw' });
  }
}
