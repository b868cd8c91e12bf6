// The one place where the cabinet meets the world: inputs in order, each stepped through the
// pure cabinet, committed (C-13), and only then carried out on the devices and shown. At start
// it reads the last committed state, tells the cabinet what the store found of its records (and
// the mirror's voucher numbers), and settles an interrupted note or voucher by asking the
// devices (C-14) before it listens to anything else. A device that does not answer never stops
// the start: the cabinet comes up tilted (C-15), and an acceptor that did not answer is asked
// again as soon as it does. Then the keyed chain since the latest checkpoint is walked in the
// background (store/records-reader.ts: the full walk is events --verify's); a break it finds,
// or a mirror that cannot be written, reaches the cabinet as an input like any other.
// What a step carries out waits for its commit on the disk (held-acts.ts, with group commit's
// batches); tickets in validation are ticket-validations.ts's; the records' TPM counter is
// watched by anchor-watch.ts.

import {
  ANCHOR_TILT,
  initialState,
  MIRROR_TILT,
  recordsRefused,
  stepCabinet,
  syncBeforeShowing,
  commandMovesMoney,
  type CabinetEnv,
  type CabinetInput,
  type CabinetResult,
  type CabinetSettings,
  type CabinetState,
  type ConfigReturns,
  type DeviceBus,
  type InstalledPayTable,
  type SasSettings,
  ownVoucherVerdict,
} from '../cabinet';
import { VIDEO_POKER_GAMES } from '../core';
import type { Journal } from '../store';
import { installedPayTables, withExactReturns } from './service/installed-pay-tables';
import type { VideoPokerTable } from './service/table-returns';
import { checkConfigReturns } from './service/table-returns';
import type { JournalHook } from './sas/sas-journal';
import { AnchorWatch } from './anchor-watch';
import { HeldActs } from './held-acts';
import { TicketValidations, type TicketValidator } from './ticket-validations';
import type { CabinetWork } from './cabinet-work';

export { ANCHOR_LAND_MS, ANCHOR_RETRY_MS } from './anchor-watch';
export type { TicketValidator } from './ticket-validations';

/** How long start waits for the acceptor's restart answer before it comes up without it. */
export const RECOVERY_WAIT_MS = 4000;

export interface RunnerOptions {
  /** The journal every transition is committed to; the records it found at open. */
  store: Journal;
  bus: DeviceBus;
  env: CabinetEnv;
  settings: CabinetSettings;
  /** The pay tables a technician may choose from; the package's assets/paytables unless given. */
  installed?: InstalledPayTable[];
  /** The return of each table `settings` names (C-24); found (and checked) here unless given. */
  configReturns?: ConfigReturns;
  initialPin: string;
  /** How long start waits for the acceptor's restart answer (default RECOVERY_WAIT_MS). */
  recoveryWaitMs?: number;
  /** The SAS link as configured (null: none), told to the cabinet at start; undefined: not told. */
  sas?: SasSettings | null;
  /** What a commit adds of its own (the SAS link's exceptions and vouchers), in its transaction. */
  journal?: JournalHook;
  /** Who validates a ticket in escrow; by default the cabinet's own vouchers (standalone). */
  validator?: TicketValidator;
  /** Where the records' walk after the start shows its progress (the screens). */
  work?: CabinetWork;
}

/** The device's answer, or null when it gave none in time (or failed to give one). */
async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([answer.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
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
  /** The acceptor did not answer the restart question: ask it again when it comes online. */
  private acceptorUnanswered = false;
  private closed = false;
  private readonly validations = new TicketValidations((input) => this.submit(input));
  private validator: TicketValidator;
  private readonly anchorWatch: AnchorWatch;
  private readonly held: HeldActs;

  private constructor(
    private readonly store: Journal,
    private readonly bus: DeviceBus,
    private readonly env: CabinetEnv,
    state: CabinetState,
    /** The settings input as at start, handed in again when the installed tables' returns grow. */
    private readonly config: Extract<CabinetInput, { kind: 'settings' }>,
    private readonly journal: JournalHook | undefined,
  ) {
    this.current = state;
    this.anchorWatch = new AnchorWatch(
      store,
      () => this.heedStore(),
      () => this.busy,
    );
    this.held = new HeldActs(store, () => {
      if (this.ready && !this.busy) this.drain();
    });
    this.validator = async (barcode) =>
      ownVoucherVerdict(this.store.voucher(barcode), this.env.now(), this.current.settings.currency);
  }

  /** Reads (or creates) the committed state, powers up, recovers, then starts listening. */
  static async start(options: RunnerOptions): Promise<CabinetRunner> {
    const { store, bus, env, settings, initialPin } = options;
    // Read before anything is stepped: a broken pay-table file refuses the start, naming the file.
    let installed = options.installed ?? installedPayTables().installed;
    // C-24 before anything is stepped or stored: a table outside the range refuses the start.
    const configReturns = options.configReturns ?? checkConfigReturns(settings, {}, installed);
    let state = store.load();
    if (!state) {
      const fresh = initialState(settings);
      state = { ...fresh, access: { ...fresh.access, pinHash: env.hashPin(initialPin) } };
      store.initialize(state, 'first start');
    }
    // The video-poker tables in play now (the file's and a technician's choice) with their exact
    // returns; the rest are worked out when the technician asks for them (rateInstalled). Settings
    // kept before a family was installed have no table for it yet: the file's is applied below.
    const kept = state.settings.payTables as Partial<CabinetSettings['payTables']>;
    const offered = new Set([...settings.games, ...(state.settings.games ?? [])]);
    const inPlay = VIDEO_POKER_GAMES.filter((g) => offered.has(g.id)).flatMap((g) => [
      settings.payTables[g.settingsKey],
      kept[g.settingsKey],
    ]);
    installed = withExactReturns(
      installed,
      inPlay.filter((t): t is VideoPokerTable => t !== undefined),
    );
    const settingsInput = { kind: 'settings' as const, settings, source: 'config file', installed, configReturns };
    const runner = new CabinetRunner(store, bus, env, state, settingsInput, options.journal);
    if (options.validator) runner.validator = options.validator;
    // Events that arrive while the devices are asked are held until recovery is done.
    runner.unsubscribe = bus.onEvent((event) => {
      runner.submit({ kind: 'device', event });
      if (event.device === 'acceptor' && event.type === 'online' && runner.acceptorUnanswered)
        void runner.askAcceptorAgain();
    });
    // The settings first: stored ones that fail their check are replaced (and tilt) before
    // anything reads them.
    const applied = runner.apply(settingsInput);
    if (!applied.ok) {
      runner.unsubscribe?.();
      throw new Error(`config: ${applied.refusal.reason} (${applied.refusal.rule})`);
    }
    if (options.sas !== undefined) runner.apply({ kind: 'sas', command: { type: 'configure', settings: options.sas } });
    const records = store.records;
    runner.apply({
      kind: 'records',
      refused: records.ok ? null : records.reason,
      mirror: records.mirror,
      anchor: records.ok ? null : (records.anchor ?? null),
      unproven: store.unproven,
    });
    if (store.anchorProblem !== null) runner.apply({ kind: 'anchor', problem: store.anchorProblem });
    runner.apply({ kind: 'powerUp' });
    const wait = options.recoveryWaitMs ?? RECOVERY_WAIT_MS;
    const [acceptor, ticket, voucher] = await Promise.all([
      answerWithin(bus.recovery.acceptorNote(), wait),
      answerWithin(bus.recovery.acceptorTicket(), wait),
      runner.current.voucher ? bus.recovery.voucherPrinted(runner.current.voucher.validation) : null,
    ]);
    runner.acceptorUnanswered = acceptor === null || ticket === null;
    runner.apply({ kind: 'recovered', acceptor, voucher, ticket });
    bus.recovery.committed();
    runner.ready = true;
    runner.drain();
    runner.walkInBackground(options.work);
    return runner;
  }

  /** The acceptor is back after a start it missed: its answer settles what the start left open. */
  private async askAcceptorAgain(): Promise<void> {
    this.acceptorUnanswered = false;
    const [acceptor, ticket] = await Promise.all([
      answerWithin(this.bus.recovery.acceptorNote(), RECOVERY_WAIT_MS),
      answerWithin(this.bus.recovery.acceptorTicket(), RECOVERY_WAIT_MS),
    ]);
    if (this.closed) return;
    if (acceptor === null || ticket === null) {
      this.acceptorUnanswered = true;
      return;
    }
    this.submit({ kind: 'recovered', acceptor, voucher: null, ticket });
    this.bus.recovery.committed();
  }

  /** The chain since the latest keyed checkpoint, in slices; a break found reaches the cabinet as refused records. */
  private walkInBackground(work?: CabinetWork): void {
    const shown = work?.begin('records-walk');
    this.store.reader.walkRecordsInBackground(undefined, undefined, shown?.progress).then(
      () => {
        shown?.end();
        if (this.ready) this.heedStore();
      },
      // Closed before the walk was done: the next start walks again.
      () => shown?.end(),
    );
  }

  /** The cabinet's state as on the disk: whatever a batch left waiting for it is synced first. */
  get state(): CabinetState {
    this.held.settleNow();
    return this.current;
  }

  /** The state as the steps made it, ahead of the disk while a batch's sync runs (the bot's view). */
  get ahead(): CabinetState {
    return this.current;
  }

  /** The installed tables again, with more of their returns known (C-24): the config file's settings re-applied, which changes nothing else. */
  rateInstalled(installed: InstalledPayTable[]): void {
    this.submit({ ...this.config, installed });
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

  /**
   * A wish from the screen, made against the state version it showed (C-22: stale is refused).
   * Its refusal is not logged here: the screen port logs it, at most once a second a connection.
   */
  wishAgainst(counter: number, wish: unknown): CabinetResult {
    return this.apply({ kind: 'wish', counter, wish }, false);
  }

  /** An input from the app's own side (the SAS link): stepped and committed now; a refusal is logged. */
  input(input: CabinetInput): CabinetResult {
    return this.apply(input);
  }

  /** A wish made against the state as it is now (the bot and tests: never stale). */
  wish(wish: unknown): CabinetResult {
    return this.apply({ kind: 'wish', counter: this.current.version, wish });
  }

  /**
   * Group commit: the inputs `inputs` steps (wishes, as the bot makes a game's in one turn) are
   * committed without each waiting for the disk, then reach it in one sync on libuv's threads
   * while the cabinet goes on; only then is anything they do carried out or shown, in their
   * order (C-13 as for one input). A step that lets money leave or shows a validation number is
   * whole where it stands (its sync and its counter's advance first). Until the sync is done the
   * state is ahead of the disk: a crash loses the steps that had not reached it, and nothing of
   * them was seen. `ahead` reads that state; `state`, and every input from elsewhere, waits for
   * the disk first.
   */
  batch<T>(inputs: () => T): T {
    return this.held.batch(inputs);
  }

  private drain(): void {
    if (this.busy || this.held.running) return;
    // Inputs that arrived within one turn of the loop (presses read from the deck in one chunk,
    // a device's answers together) share one sync, as the bot's batches do (C-13): nothing of
    // any is carried out or shown before it, and one that lets money leave is whole where it stands.
    if (this.queue.length > 1) this.held.batch(() => this.stepQueued());
    else this.stepQueued();
  }

  private stepQueued(): void {
    while (this.queue.length > 0) {
      this.step(this.queue.shift()!);
      this.held.release();
    }
  }

  private apply(input: CabinetInput, logRefusal = true): CabinetResult {
    const result = this.step(input, logRefusal);
    this.held.release();
    // A device that answered synchronously queued its event behind this input.
    if (this.ready) this.drain();
    return result;
  }

  /** Step, commit, then act: the order C-13 asks for. */
  private step(input: CabinetInput, logRefusal = true): CabinetResult {
    if (this.busy) throw new Error('CabinetRunner: an input arrived while another was being stepped');
    this.busy = true;
    try {
      const prev = this.current;
      const result = stepCabinet(prev, input, this.env);
      let committed = false;
      let synced = true;
      const logged = !result.ok && logRefusal;
      if (!result.ok) {
        if (logRefusal) this.store.appendLog(result.effects);
      } else if (result.state !== prev) {
        committed = true;
        const extra = this.journal?.(prev, result.state, result.effects, input) ?? null;
        synced = extra !== null || syncBeforeShowing(prev, result.state, result.effects);
        this.store.commit(
          prev,
          result.state,
          extra ? [...result.effects, ...extra.log] : result.effects,
          undefined,
          extra?.writes,
          synced,
        );
        this.current = result.state;
      }
      const state = this.current;
      const act = (): void => {
        if (result.ok && state !== prev) this.carryOut(result.effects);
        for (const l of this.listeners) l(state, result, input);
      };
      // A hold or a refusal waits for the disk only behind what does (cabinet/durability.ts).
      const waits = committed ? (synced || this.held.batching) && this.store.durableSeq < this.store.headSeq : logged;
      this.held.hold(waits ? this.store.headSeq : null, act);
      this.heedStore();
      this.anchorWatch.landSoon();
      return result;
    } catch (e) {
      // A commit that failed may have found the records broken: queued (not stepped, since the
      // database may still refuse commits), the cabinet hears it at the next input or read.
      this.heedStore();
      throw e;
    } finally {
      this.busy = false;
    }
  }

  /** A committed step's commands and validations, once its commit is on the disk. */
  private carryOut(effects: CabinetResult['effects']): void {
    // Critical memory not mirrored, or the records' counter not advanced: no money moves on
    // it (a voucher waits for the restart's recovery). A commit that moves money has its
    // advance landed by the journal before it returns (cabinet/durability.ts).
    const held = this.store.mirrorProblem !== null || this.store.anchorProblem !== null;
    for (const e of effects) {
      if (e.type === 'command' && !(held && commandMovesMoney(e.command))) this.bus.send(e.command);
      else if (e.type === 'validateTicket') this.validations.validate(this.validator, e.barcode, e.withinMs);
    }
  }

  /** What the store found since (a mirror it cannot write, a break in the chain) goes to the cabinet next. */
  private heedStore(): void {
    const problem = this.store.mirrorProblem;
    const tilted = this.current.tilts.some((t) => t.code === MIRROR_TILT);
    const pending = (kind: CabinetInput['kind']) => this.queue.some((i) => i.kind === kind);
    if ((problem !== null) !== tilted && !pending('mirror')) this.queue.push({ kind: 'mirror', problem });
    const broken = this.store.reader.recordsBroken;
    if (broken && !recordsRefused(this.current) && !pending('records'))
      this.queue.push({ kind: 'records', refused: broken, mirror: null });
    this.heedAnchor(pending);
    if (this.ready && !this.busy) this.drain();
  }

  /** The records' counter: its problem as a tilt, tried again until it goes; a late refusal as refused records. */
  private heedAnchor(pending: (kind: CabinetInput['kind']) => boolean): void {
    const problem = this.store.anchorProblem;
    const tilted = this.current.tilts.some((t) => t.code === ANCHOR_TILT);
    if ((problem !== null) !== tilted && !pending('anchor')) this.queue.push({ kind: 'anchor', problem });
    const refusal = this.store.anchorRefusal;
    if (refusal && !recordsRefused(this.current) && !pending('records'))
      this.queue.push({ kind: 'records', refused: refusal.reason, mirror: null, anchor: refusal.anchor });
    this.anchorWatch.retryWhileProblem();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.anchorWatch.close();
    this.validations.close();
    this.queue.length = 0;
    this.unsubscribe?.();
    this.ready = false;
    await this.bus.close();
  }
}
