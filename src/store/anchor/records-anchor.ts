// The records' anchor outside the files (docs/deploy.md, "The records"): a TPM counter that no
// copy of the disk carries. Every commit records the counter's value it was made at; a commit
// that lets money leave or shows a validation number asks for one advance, and so does one that
// moves money within the cabinet or logs an event when the last advance is ADVANCE_EVERY_MS ago
// (the NV budget, nv-budget.ts: each advance is a write of the TPM's NV memory); the advance is
// made first: the records then stand ahead of the counter until the advance lands, a moment
// later. So a crash between the two leaves records ahead by one or two, which the next start
// finishes by advancing the counter; records behind the counter were put back, and are refused
// naming both values; records further ahead belong to another counter.
//
// The advance is pipelined: it goes out once the commit is on the disk, and the journal returns
// while the TPM works on it. The next commit that asks for an advance records the next value
// without waiting for it, and takes its answer only when its own advance is to go out (one
// command at a time), once it is on the disk itself: so the records are never more than two
// ahead of the counter, the one advance in flight and the one about to go. A commit that asks
// for none records the value the last advance brings. In a batch (group commit: journal.ts), the
// commits that ask share one value, and its one advance goes out when the batch is on the disk.
// A commit that lets money leave or shows a validation number (cabinet/durability.ts,
// paysOutOrShowsIt) has its advance landed at once: nothing such a commit allows is carried out
// or shown before then. A commit that only moves money within the cabinet (a game, a note in)
// may be acted on first: a crash or a copy put back in that moment reads as the crash it is,
// never as credit that can leave twice.
//
// The TPM answers a warning instead (TPM_RC_NV_RATE: its NV's write rate limit; RETRY, YIELDED,
// TESTING, NV_UNAVAILABLE): it ran nothing, the counter is where it was, and the same problem
// follows, saying the TPM is busy, tried again until the advance lands.
// The counter cannot be reached, or the handle holds an index that is not ours: a problem, which
// the cabinet shows as a tilt (C-15) and under which nothing that moves money is carried out,
// tried again until it goes; never a silent start without the anchor.

import type { AnchorMemory, LogData } from '../../cabinet';
import { StoreError } from '../database';
import type { MachineKey } from '../machine-key';
import {
  CounterProblem,
  counterPassword,
  DEFAULT_COUNTER_INDEX,
  hexHandle,
  NvCounter,
  type CounterState,
} from './nv-counter';
import { describeTcti, openTransport, TpmUnreachable, type Tcti } from './transport';
import { ADVANCE_EVERY_MS, NUMBERS_PER_ADVANCE } from './nv-budget';
import { rcName, TPM_RC, TpmError, TpmWireError } from './tpm-wire';

/** What the configuration chose (src/app resolves the default). */
export type AnchorChoice =
  | { kind: 'none'; why: string }
  | {
      kind: 'tpm';
      tcti: Tcti;
      index?: number;
      timeoutMs?: number;
      /** ADVANCE_EVERY_MS unless given (a test's shorter interval, 0 for an advance at every one). */
      advanceEveryMs?: number;
      /** The clock the interval is measured on (a test's). */
      now?: () => number;
    };

/** How far the counter has run ahead of refused records: voucher numbers issued meanwhile are skipped. */
export type { AnchorMemory };

/** What the anchor found of the records: null while it could not look (the counter unreachable). */
export interface AnchorFinding {
  refused: string | null;
  memory: AnchorMemory | null;
}

/** A log row the anchor wants written with the next commit (declared in the cabinet's log vocabulary). */
export type AnchorNote = Extract<LogData<'records'>, { event: 'anchored' | 'anchorCaughtUp' }>;

/** What one commit records, and whether the counter must advance once it is durable. */
export interface AnchorPlan {
  value: number | null;
  advance: boolean;
  /** The commit binds the records to the counter (first anchored commit, or a RAM clear's). */
  binds: boolean;
  /** Its advance lands before the commit is acted on (one that pays, the start's, a block of numbers'). */
  lands?: boolean;
  /** Validation numbers the commit took. */
  numbers?: number;
}

/** A warning the TPM answered instead of running the command (TpmError.transient), by name; else null. */
const transientOf = (e: unknown): string | null => (e instanceof TpmError && e.transient ? rcName(e.rc) : null);

const problemOf = (e: unknown): string | null =>
  e instanceof TpmUnreachable || e instanceof TpmError || e instanceof TpmWireError || e instanceof CounterProblem
    ? e.message
    : null;

/** How the problem reads: a TPM that does not answer, or one that answers and will not do it. */
const cannot = (e: unknown): string => (e instanceof TpmUnreachable ? 'cannot be reached' : 'cannot be used');

export class RecordsAnchor {
  private counter: NvCounter | null;
  /** The value the records are at (the last commit's), null while they are not anchored. */
  private recordsValue: number | null;
  /** The counter's value as last read or advanced; null while unknown. */
  private counterValue: number | null = null;
  /** The next commit binds the records at this value (the counter is defined and ready). */
  private bindAt: number | null = null;
  private problemText: string | null = null;
  /** An advance failed: whether the TPM made it is not known until the counter is read. */
  private uncertain = false;
  /** settle() sent an advance whose answer finish() takes: to this value. */
  private advancing = false;
  private inFlightValue: number | null = null;
  /** A batch's commit recorded this value: its advance goes out at flushOwed(), once the batch is on the disk. */
  private owedValue: number | null = null;
  /** A group's value whose sync runs now: its advance goes out at flushSealed(). */
  private sealedValue: number | null = null;
  private findingNow: AnchorFinding | null = null;
  private readonly pendingNotes: AnchorNote[] = [];
  /** When the last advance was planned, or the anchor opened: the interval's start. */
  private lastAdvanceAt: number;
  private readonly advanceEveryMs: number;
  private readonly now: () => number;
  /** The TPM's warning the last try of the counter was answered with (TPM_RC_NV_RATE, say), or null. */
  private busyWith: string | null = null;
  private advancesMade = 0;
  private busyAnswers = 0;
  /**
   * The first commit that moves advances at once: a copy kept from before this start (even one
   * taken at an orderly stop, the latest then) is behind the counter once anything was played.
   */
  private startOwed: boolean;
  /** Validation numbers taken at the records' value: NUMBERS_PER_ADVANCE at most. */
  private numbersAtValue = 0;
  /** Said at start and on the technician's Devices page. */
  readonly description: string;

  private constructor(
    readonly choice: AnchorChoice,
    key: MachineKey,
    records: number | null,
  ) {
    this.recordsValue = records;
    this.advanceEveryMs = choice.kind === 'tpm' ? (choice.advanceEveryMs ?? ADVANCE_EVERY_MS) : 0;
    this.now = (choice.kind === 'tpm' ? choice.now : undefined) ?? Date.now;
    // The interval runs from the start: a start is rare, and the counter was just checked.
    this.lastAdvanceAt = this.now();
    this.startOwed = choice.kind === 'tpm';
    if (choice.kind === 'none') {
      this.counter = null;
      this.description = `records not anchored: ${choice.why}`;
      return;
    }
    const index = choice.index ?? DEFAULT_COUNTER_INDEX;
    this.counter = new NvCounter(openTransport(choice.tcti, choice.timeoutMs), index, counterPassword(key));
    this.description = `records anchored to the TPM counter ${hexHandle(index)} (${describeTcti(choice.tcti)})`;
  }

  /** The anchor of records whose last commit is at `records`, checked against the counter now. */
  static open(choice: AnchorChoice, key: MachineKey, records: number | null): RecordsAnchor {
    const a = new RecordsAnchor(choice, key, records);
    a.look();
    return a;
  }

  /** Why the counter cannot be used right now (a tilt), or null. */
  get problem(): string | null {
    return this.problemText;
  }

  /**
   * The TPM's warning the counter was last answered with while it is a problem (the TPM asks to
   * wait: TPM_RC_NV_RATE and the like), or null. The advance is tried again; nothing it covers
   * is carried out meanwhile.
   */
  get busy(): string | null {
    return this.problemText === null ? null : this.busyWith;
  }

  /** Advances sent to the TPM (each one write of its NV memory), and the warnings it answered with, since open. */
  get writes(): { advances: number; busyAnswers: number } {
    return { advances: this.advancesMade, busyAnswers: this.busyAnswers };
  }

  /** What the anchor found of the records, once it could look. */
  get finding(): AnchorFinding | null {
    return this.findingNow;
  }

  get records(): number | null {
    return this.recordsValue;
  }

  /** The counter's value as last read or advanced (null: none, or not known now). */
  get counterAt(): number | null {
    return this.counterValue;
  }

  /** Rows for the next commit's log; settle() says how many it wrote. */
  get notes(): readonly AnchorNote[] {
    return this.pendingNotes;
  }

  /** The records are not anchored yet, and the next commit binds them to the counter. */
  get binding(): boolean {
    return this.bindAt !== null;
  }

  /** The counter's handle as the log names it, or null without one. */
  get handle(): string | null {
    return this.counter ? hexHandle(this.counter.index) : null;
  }

  /** The first commit that moves since the start has yet to advance the counter (at once, never in a batch). */
  get owesStart(): boolean {
    return this.startOwed && this.counter !== null && this.findingNow?.refused === null;
  }

  /** An advance went out whose answer finish() has yet to take. */
  get inFlight(): boolean {
    return this.advancing;
  }

  /** Tries again what failed: the look at start, or an advance that did not land. */
  retry(): void {
    this.finish();
    if (this.problemText === null) return;
    if (this.findingNow === null) this.look();
    else if (this.findingNow.refused === null) this.advance();
  }

  private refuse(reason: string, memory: AnchorMemory | null = null): void {
    this.findingNow = { refused: `records refused: ${reason}`, memory };
  }

  private accept(): void {
    this.findingNow = { refused: null, memory: null };
  }

  /** The records against the counter: accepted, refused, or (unreachable, foreign) not yet known. */
  private look(): void {
    const r = this.recordsValue;
    const counter = this.counter;
    if (!counter) {
      if (r === null) this.accept();
      else
        this.refuse(
          `the records are anchored to a TPM counter (at value ${r}) and this start has none (${this.description})`,
          { records: r, counter: null },
        );
      return;
    }
    const at = hexHandle(counter.index);
    try {
      const state: CounterState = counter.state();
      switch (state.found) {
        case 'foreign':
          this.problemText = `the TPM's NV index ${at} is not this cabinet's counter: ${state.why}`;
          return;
        case 'missing':
          if (r !== null) {
            // A counter defined again starts past every deleted one: the probe's value bounds
            // how far the missing one can have gone.
            this.refuse(
              `the records are at counter value ${r}, and their TPM counter ${at} is missing (deleted, the TPM cleared, or another TPM)`,
              { records: r, counter: counter.probe() },
            );
          } else {
            counter.define();
            this.prepareBind('defined');
          }
          break;
        case 'unwritten':
          if (r === null) this.prepareBind('found unused');
          // The records bound it and the first advance did not land: finish it, and it must come to r.
          else this.catchUp(r, null);
          break;
        case 'value': {
          const c = state.value;
          this.counterValue = c;
          if (r === null)
            this.refuse(
              `the records are not anchored, and this machine's TPM counter ${at} is at value ${c} (a copy from before the anchor, or a new database on a used counter)`,
              { records: null, counter: c },
            );
          else if (r === c) this.accept();
          else if (r === c + 1 || r === c + 2) this.catchUp(r, c);
          else if (r < c)
            this.refuse(
              `rolled back: the records are at counter value ${r}, the TPM counter ${at} at ${c} (an older copy put back)`,
              { records: r, counter: c },
            );
          else
            this.refuse(
              `the records are at counter value ${r}, the TPM counter ${at} at ${c}: ahead of it by more than two advances (another TPM's counter, or its state put back)`,
              { records: r, counter: null },
            );
        }
      }
      this.problemText = null;
      this.busyWith = null;
    } catch (e) {
      const problem = problemOf(e);
      if (problem === null) throw e;
      this.busyWith = transientOf(e);
      if (this.busyWith !== null) this.busyAnswers++;
      this.problemText = `the TPM counter ${at} ${cannot(e)}: ${problem}${this.busyWith !== null ? ' (the TPM asks for it again later: tried again until it answers)' : ''}`;
    }
  }

  /** The records' last commits were made and their advances (one or two) did not land: they land now. */
  private catchUp(r: number, c: number | null): void {
    const counter = this.counter!;
    for (let i = c === null ? r - 1 : c; i < r; i++) counter.increment();
    const now = counter.read();
    this.counterValue = now;
    if (now !== r) {
      this.refuse(
        `the records are at counter value ${r}, and the TPM counter ${hexHandle(counter.index)} came to ${now} when advanced from ${c ?? 'its first value'}`,
        { records: r, counter: now > r ? now : null },
      );
      return;
    }
    this.pendingNotes.push({ event: 'anchorCaughtUp', counter: hexHandle(counter.index), from: c, to: now });
    this.accept();
  }

  /** The counter is ready for records that are not anchored yet: the next commit binds them. */
  private prepareBind(how: string): void {
    const counter = this.counter!;
    const before = counter.probe();
    this.bindAt = before + 1;
    this.counterValue = before;
    this.pendingNotes.push({ event: 'anchored', counter: hexHandle(counter.index), how, value: this.bindAt });
    this.accept();
  }

  /**
   * What the commit being written records. `moves`: it moves money, issues a validation number
   * or logs an event. `pays`: it lets money leave or shows a validation number, and advances at
   * once; any other that moves advances only when the last advance is advanceEveryMs ago (the NV
   * budget). `rebind`: it is the RAM clear of refused records, which starts them afresh on the
   * counter as it is (made ready here first; throws when the counter cannot be).
   */
  plan(moves: boolean, rebind = false, pays = true, numbers = 0): AnchorPlan {
    const planned = this.planFor(moves, rebind, pays, numbers);
    return numbers > 0 ? { ...planned, numbers } : planned;
  }

  private planFor(moves: boolean, rebind: boolean, paysOut: boolean, numbers: number): AnchorPlan {
    // Binding the records (or binding them afresh) is whole: the advance still out lands first.
    if (rebind || this.bindAt !== null) this.finish();
    const r = this.recordsValue;
    if (rebind) return this.planRebind();
    if (!this.counter || this.findingNow?.refused || this.findingNow === null)
      return { value: r, advance: false, binds: false };
    if (this.bindAt !== null) return { value: this.bindAt, advance: true, binds: true, lands: true };
    if (!(moves || numbers > 0) || r === null) return { value: r, advance: false, binds: false };
    // At once: what pays, the first commit after a start, and the number past the value's block.
    const lands = this.startOwed || this.numbersAtValue + numbers > NUMBERS_PER_ADVANCE;
    const pays = paysOut || lands;
    const plan = this.planMoving(r, pays);
    return lands && plan.advance ? { ...plan, lands } : plan;
  }

  private planMoving(r: number, pays: boolean): AnchorPlan {
    // A batch's commit after one that asked: the same value, and the one advance at its end.
    if (this.owedValue === r) return { value: r, advance: true, binds: false };
    // Within the interval, a commit that lets nothing leave records the value the last advance
    // brings (landed, in flight, or a group's on its way to the disk): no write of the TPM's NV.
    if (!pays && this.now() - this.lastAdvanceAt < this.advanceEveryMs)
      return { value: r, advance: false, binds: false };
    // The group before is syncing, its advance not yet out: the next value, two ahead at most.
    if (this.sealedValue === r) return { value: r + 1, advance: true, binds: false };
    // Ahead already with nothing in flight (an advance that did not land): the same advance.
    if (!this.advancing && this.counterValue !== r) return { value: r, advance: true, binds: false };
    // The next value, while the advance before it may still be out: two ahead at most.
    return { value: r + 1, advance: true, binds: false };
  }

  private planRebind(): AnchorPlan {
    const counter = this.counter;
    if (!counter) return { value: null, advance: false, binds: true };
    const at = hexHandle(counter.index);
    try {
      const state = counter.state();
      if (state.found === 'foreign')
        throw new StoreError(`the TPM's NV index ${at} is not this cabinet's counter: ${state.why}`);
      if (state.found === 'missing') counter.define();
      const before = state.found === 'value' ? state.value : counter.probe();
      this.counterValue = before;
      return { value: before + 1, advance: true, binds: true };
    } catch (e) {
      const problem = problemOf(e);
      if (problem === null) throw e;
      throw new StoreError(`the records cannot be started afresh on the TPM counter ${at}: ${problem}`);
    }
  }

  /**
   * The commit of `plan` is durable, with the first `notes` of the notes: the counter follows.
   * The plain advance goes out now and finish() takes its answer (before the next plan, or at
   * once when the commit pays out), so that the cabinet goes on while the TPM works; anything
   * else (a first advance, one after a failure) is whole here.
   */
  settle(plan: AnchorPlan, notes = 0, owed = false): void {
    this.pendingNotes.splice(0, notes);
    const ahead = plan.value !== this.recordsValue;
    this.recordsValue = plan.value;
    if (plan.binds) {
      this.bindAt = null;
      this.accept();
    }
    // Numbers count against the value the commit recorded: a new value starts a new block.
    this.numbersAtValue = (ahead || plan.binds ? 0 : this.numbersAtValue) + (plan.numbers ?? 0);
    if (!plan.advance) return;
    this.startOwed = false;
    this.lastAdvanceAt = this.now();
    // A batch's commit, not on the disk yet: its advance waits for flushOwed().
    if (owed && !plan.binds) {
      this.owedValue = plan.value;
      return;
    }
    this.owedValue = null;
    this.post(plan.value!, plan.binds);
  }

  /**
   * seal() would wait for the TPM: the open group recorded a value and the advance before it is
   * still out. The journal seals once it has landed (whenLanded), and goes on meanwhile.
   */
  get sealWaits(): boolean {
    return this.owedValue !== null && this.advancing;
  }

  /** `done` from the event loop once the advance in flight (if any) can be taken without waiting. */
  whenLanded(done: () => void): void {
    if (this.advancing && this.counter) this.counter.onceIncremented(done);
    else setImmediate(done);
  }

  /**
   * The open group goes to its sync: the advance before it lands first, so that the next group,
   * recording the next value, stands two ahead of the counter at most.
   */
  seal(): void {
    if (this.owedValue === null) return;
    this.finish();
    this.sealedValue = this.owedValue;
    this.owedValue = null;
  }

  /** The sealed group is on the disk: its advance goes out. */
  flushSealed(): void {
    const value = this.sealedValue;
    if (value === null) return;
    this.sealedValue = null;
    this.post(value, false);
  }

  /** The batch whose commits recorded the owed value is on the disk: its advance goes out. */
  flushOwed(): void {
    const value = this.owedValue;
    if (value === null) return;
    this.owedValue = null;
    this.post(value, false);
  }

  private post(value: number, binds: boolean): void {
    // One command at a time: the advance before this one (to the value below it) lands first.
    this.finish();
    if (binds || this.uncertain || this.counterValue !== value - 1) {
      this.advance(binds, value);
      return;
    }
    try {
      this.counter!.beginIncrement();
      this.advancesMade++;
      this.advancing = true;
      this.inFlightValue = value;
    } catch (e) {
      this.failed(e);
    }
  }

  /** Takes the answer of the advance settle() sent, if it sent one. */
  finish(): void {
    if (!this.advancing) return;
    this.advancing = false;
    try {
      this.counter!.endIncrement();
      this.counterValue = this.inFlightValue;
      this.problemText = null;
      this.busyWith = null;
    } catch (e) {
      this.failed(e);
    }
  }

  /**
   * An advance that did not land: the records stay one ahead, and the TPM may or may not have
   * made it; unless the TPM answered a warning (it ran nothing), when the counter is where it was.
   */
  private failed(e: unknown): void {
    const problem = problemOf(e);
    if (problem === null) throw e;
    const at = hexHandle(this.counter!.index);
    const busy = transientOf(e);
    if (busy !== null) {
      this.busyAnswers++;
      this.busyWith = busy;
      this.problemText = `the TPM counter ${at} is busy (${busy}: the TPM asks for the advance again later): tried again until it lands, and nothing it covers moves money meanwhile`;
      return;
    }
    this.busyWith = null;
    this.uncertain = true;
    this.problemText = `the TPM counter ${at} cannot be advanced: ${problem}`;
  }

  /**
   * Brings the counter to `target`: the value of commits on the disk (never a later group's,
   * which may still be only in the page cache).
   */
  private advance(verify = false, target = this.recordsValue): void {
    const counter = this.counter!;
    const r = target!;
    try {
      // After an advance that failed, the TPM may have made it and lost only its answer: look first.
      if (this.uncertain) {
        const now = this.readIfWritten();
        this.uncertain = false;
        if (now === r) {
          this.counterValue = r;
          this.problemText = null;
          return;
        }
        // Never advanced at all (the binding's first advance): it stands just before r.
        this.counterValue = now ?? r - 1;
      }
      // One advance, or two where the one before this did not land either (the records stand
      // two ahead at most); anything else is found by the read.
      const from = this.counterValue;
      const steps = from !== null && r - from === 2 ? 2 : 1;
      for (let i = 0; i < steps; i++) {
        counter.increment();
        this.advancesMade++;
        // Landed: a warning on the next one finds the counter one further on.
        if (from !== null) this.counterValue = from + i + 1;
      }
      this.counterValue = verify || from !== r - 1 ? counter.read() : r;
      this.problemText = null;
      this.busyWith = null;
      if (this.counterValue !== r)
        this.refuse(
          `the records are at counter value ${r}, and the TPM counter ${hexHandle(counter.index)} came to ${this.counterValue} when advanced`,
          { records: r, counter: this.counterValue > r ? this.counterValue : null },
        );
    } catch (e) {
      // The records stay one ahead; the next commit that moves money waits on the same advance.
      this.failed(e);
    }
  }

  /** The counter's value; null while it has none (defined, never advanced). */
  private readIfWritten(): number | null {
    try {
      return this.counter!.read();
    } catch (e) {
      if (e instanceof TpmError && e.is(TPM_RC.NV_UNINITIALIZED)) return null;
      throw e;
    }
  }

  close(): void {
    this.finish();
    this.counter?.close();
    this.counter = null;
  }
}
