// A test bench for the service queries: the cabinet on a Rig, every transition committed to a
// real store as the runner commits it, and a technician PIN ("1234") to log in with. For tests only.

import { stepCabinet, type CabinetInput, type CabinetResult } from '../../cabinet';
import { Rig, type RigOptions } from '../../cabinet/testing/rig';
import { Journal } from '../../store';
import { testDir, testMachine } from '../../store/testing/store-rig';

export const BENCH_PIN = '1234';

export class StoreBench {
  readonly rig: Rig;
  readonly store: Journal;

  /** `path` in a data folder of the test's own (src/store/testing/store-rig.ts, dataPath), key and mirror beside it. */
  constructor(path: string, options: RigOptions = {}) {
    this.rig = new Rig(options);
    const s = this.rig.state;
    // A PIN already changed from the initial one (which opens nothing but its own change).
    this.rig.state = {
      ...s,
      access: { ...s.access, pinHash: this.rig.env.hashPin(BENCH_PIN), pinChangeRequired: false },
    };
    this.store = Journal.open(path, testMachine(testDir(path)));
    this.store.initialize(this.rig.state, 'test');
  }

  get state() {
    return this.rig.state;
  }

  input(input: CabinetInput): CabinetResult {
    const prev = this.rig.state;
    const r = stepCabinet(prev, input, this.rig.env);
    if (!r.ok) this.store.appendLog(r.effects);
    else if (r.state !== prev) this.store.commit(prev, r.state, r.effects);
    if (r.ok) this.rig.state = r.state;
    return r;
  }

  /** A wish that must be accepted. */
  play(wish: unknown): void {
    const r = this.input({ kind: 'wish', counter: this.rig.state.version, wish });
    if (!r.ok) throw new Error(`refused ${r.refusal.rule}: ${r.refusal.reason}`);
  }

  insert(value: number): void {
    this.input({ kind: 'device', event: { device: 'acceptor', type: 'escrow', value, denomination: String(value) } });
    this.input({ kind: 'device', event: { device: 'acceptor', type: 'stacked', value, denomination: String(value) } });
  }

  key(key: 'attendant' | 'technician', on: boolean): void {
    this.input({ kind: 'device', event: { device: 'deck', type: 'key', key, on } });
  }

  /** Technician key on and the PIN entered. */
  login(): void {
    this.key('technician', true);
    this.play({ type: 'technicianPin', pin: BENCH_PIN });
  }
}
