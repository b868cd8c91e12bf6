// The one place where the cabinet meets the world: inputs in order, each stepped through the
// pure cabinet, committed (C-13), and only then carried out on the devices and shown. At start
// it reads the last committed state, and settles an interrupted note or voucher by asking the
// devices (C-14) before it listens to anything else.

import {
  initialState,
  stepCabinet,
  type CabinetEnv,
  type CabinetInput,
  type CabinetResult,
  type CabinetSettings,
  type CabinetState,
  type DeviceBus,
  type InstalledPayTable,
} from '../cabinet';
import type { CabinetStore } from '../store';
import { installedPayTables } from './service/installed-pay-tables';

export interface RunnerOptions {
  store: CabinetStore;
  bus: DeviceBus;
  env: CabinetEnv;
  settings: CabinetSettings;
  /** The pay tables a technician may choose from; the package's assets/paytables unless given. */
  installed?: InstalledPayTable[];
  initialPin: string;
}

/** Called after every input stepped, taken (and committed) or refused, with the input itself. */
export type StateListener = (state: CabinetState, result: CabinetResult, input: CabinetInput) => void;

export class CabinetRunner {
  private current: CabinetState;
  private readonly queue: CabinetInput[] = [];
  private busy = false;
  private ready = false;
  private readonly listeners = new Set<StateListener>();
  private unsubscribe: (() => void) | null = null;

  private constructor(
    private readonly store: CabinetStore,
    private readonly bus: DeviceBus,
    private readonly env: CabinetEnv,
    state: CabinetState,
  ) {
    this.current = state;
  }

  /** Reads (or creates) the committed state, powers up, recovers, then starts listening. */
  static async start(options: RunnerOptions): Promise<CabinetRunner> {
    const { store, bus, env, settings, initialPin } = options;
    // Read before anything is stepped: a broken pay-table file refuses the start, naming the file.
    const installed = options.installed ?? installedPayTables().installed;
    let state = store.load();
    if (!state) {
      const fresh = initialState(settings);
      state = { ...fresh, access: { ...fresh.access, pinHash: env.hashPin(initialPin) } };
      store.initialize(state, 'first start');
    }
    const runner = new CabinetRunner(store, bus, env, state);
    // Events that arrive while the devices are asked are held until recovery is done.
    runner.unsubscribe = bus.onEvent((event) => runner.submit({ kind: 'device', event }));
    runner.apply({ kind: 'settings', settings, source: 'config file', installed });
    runner.apply({ kind: 'powerUp' });
    const acceptor = await bus.recovery.acceptorNote();
    const voucher = runner.current.voucher ? await bus.recovery.voucherPrinted(runner.current.voucher.validation) : null;
    runner.apply({ kind: 'recovered', acceptor, voucher });
    runner.ready = true;
    runner.drain();
    return runner;
  }

  get state(): CabinetState {
    return this.current;
  }

  onState(listener: StateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Queues an input; it is stepped at once unless another is being stepped or start is not done. */
  submit(input: CabinetInput): void {
    this.queue.push(input);
    if (this.ready) this.drain();
  }

  /** A wish from the screen, made against the state version it showed (C-22: stale is refused). */
  wishAgainst(counter: number, wish: unknown): CabinetResult {
    return this.apply({ kind: 'wish', counter, wish });
  }

  /** A wish made against the state as it is now (the bot and tests: never stale). */
  wish(wish: unknown): CabinetResult {
    return this.apply({ kind: 'wish', counter: this.current.version, wish });
  }

  private drain(): void {
    if (this.busy) return;
    while (this.queue.length > 0) this.step(this.queue.shift()!);
  }

  private apply(input: CabinetInput): CabinetResult {
    const result = this.step(input);
    // A device that answered synchronously queued its event behind this input.
    if (this.ready) this.drain();
    return result;
  }

  /** Step, commit, then act: the order C-13 asks for. */
  private step(input: CabinetInput): CabinetResult {
    if (this.busy) throw new Error('CabinetRunner: an input arrived while another was being stepped');
    this.busy = true;
    try {
      const prev = this.current;
      const result = stepCabinet(prev, input, this.env);
      if (!result.ok) {
        this.store.appendLog(result.effects);
      } else if (result.state !== prev) {
        this.store.commit(prev, result.state, result.effects);
        this.current = result.state;
        for (const e of result.effects) if (e.type === 'command') this.bus.send(e.command);
      }
      for (const l of this.listeners) l(this.current, result, input);
      return result;
    } finally {
      this.busy = false;
    }
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.ready = false;
    await this.bus.close();
  }
}
