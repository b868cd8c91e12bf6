// What the two bill acceptor drivers (ID-003, EBDS) share around their protocols: the money rules
// in hand (./escrow.ts) and the faults (./faults.ts), the cabinet's commands and its restart
// questions, the currency the notes are read in, the last document for the technician's page,
// the time limit on a unit that never ends its start-up, and the options and line both take
// (only the data bits differ: ID-003 sends 8, EBDS 7).

import type { DeviceCommand, DeviceEvent, DeviceRecovery } from '../../cabinet/device-events';
import { DriverBase } from '../shared/driver-base';
import type { Binding, StatsParser } from '../shared/port-connection';
import { AcceptorEscrow } from './escrow';
import { FaultBook } from './faults';
import { lastDocumentAfter, type AcceptorIdentity, type LastDocument } from './identity';

/** What either family's driver is told: its port, the notes it takes, its timing. */
export interface AcceptorOptions {
  path: string;
  binding?: Binding;
  /** Line speed; both families are 9600 baud, even parity, 1 stop bit. */
  baudRate?: number;
  /** The currency to read notes in until the cabinet says (tests); without it no note is taken until then. */
  currency?: string;
  minorDigits?: number;
  /** Note values (minor units) the cabinet takes; the unit refuses the rest. Default: all. */
  acceptValues?: number[];
  pollMs?: number;
  responseTimeoutMs?: number;
  retries?: number;
  reconnectMs?: number;
  /** How long a note may wait in escrow for the cabinet's word before it is returned. */
  escrowDecisionMs?: number;
  /**
   * The same for a ticket, whose word may need a casino system's answer: a safety net that must
   * exceed the cabinet's own validation time limit, which returns the ticket first.
   */
  ticketDecisionMs?: number;
  /** How long the unit may stay in its start-up before it is a fault (C-15). */
  initializeTimeoutMs?: number;
}

const DEFAULTS = {
  baudRate: 9600,
  pollMs: 100,
  responseTimeoutMs: 200,
  retries: 2,
  reconnectMs: 500,
  escrowDecisionMs: 10_000,
  ticketDecisionMs: 30_000,
  initializeTimeoutMs: 20_000,
};

/** The options with the defaults filled in. */
export type AcceptorTuned = typeof DEFAULTS & { path: string; acceptValues?: number[] };

export abstract class AcceptorDriverBase<F> extends DriverBase<F> {
  protected readonly escrow: AcceptorEscrow;
  protected readonly faults: FaultBook;
  /** The cabinet's currency; null until it has said (no note is taken before). */
  protected currency: { code: string; minorDigits: number } | null;
  protected lastDocument: LastDocument | null = null;
  protected readonly opts: AcceptorTuned;
  private startingSince: number | null = null;

  constructor(options: AcceptorOptions, dataBits: 7 | 8, makeParser: () => StatsParser) {
    const opts = { ...DEFAULTS, ...options };
    super(
      'acceptor',
      {
        path: opts.path,
        binding: options.binding,
        baudRate: opts.baudRate,
        dataBits,
        parity: 'even',
        stopBits: 1,
        reconnectMs: opts.reconnectMs,
      },
      makeParser,
      { pollMs: opts.pollMs, recycleAfter: 2 },
    );
    this.opts = opts;
    this.currency =
      options.currency !== undefined ? { code: options.currency, minorDigits: options.minorDigits ?? 2 } : null;
    this.escrow = new AcceptorEscrow(this.say, opts);
    this.faults = new FaultBook(this.say);
  }

  /** What a technician reads of the unit. */
  abstract get identity(): AcceptorIdentity;
  /** Resolves once the unit has said what became of a document in its path (or throws past the limit). */
  protected abstract whenSettled(timeoutMs: number): Promise<void>;
  /** The notes in the cabinet's currency, again: the currency or the unit's table changed. */
  protected abstract readValues(): void;
  /** The cabinet has committed its restart answers. */
  protected onCommitted(): void {}

  /** Every event to the cabinet goes through here, so the technician's page sees the last document. */
  protected readonly say = (e: DeviceEvent): void => {
    this.lastDocument = lastDocumentAfter(this.lastDocument, e, Date.now());
    this.emitEvent(e);
  };

  send(command: DeviceCommand): void {
    if (command.device !== 'acceptor') return;
    if (command.type === 'currency') {
      this.currency = { code: command.currency, minorDigits: command.minorDigits };
      this.readValues();
    } else this.escrow.command(command);
    this.poke();
  }

  readonly recovery: Pick<DeviceRecovery, 'acceptorNote' | 'acceptorTicket' | 'committed'> = {
    acceptorNote: async () => {
      await this.whenSettled(Math.max(2000, this.opts.responseTimeoutMs * 20));
      return this.escrow.noteAnswer();
    },
    acceptorTicket: async () => {
      await this.whenSettled(Math.max(2000, this.opts.responseTimeoutMs * 20));
      return this.escrow.ticketAnswer();
    },
    committed: () => {
      this.escrow.recoveryCommitted = true;
      this.onCommitted();
      this.poke();
    },
  };

  /** A start-up (ID-003: INITIALIZE; EBDS: the power-up bit) longer than the limit: the unit takes no note, a fault. */
  protected watchStartUp(starting: boolean): void {
    if (!starting) {
      this.startingSince = null;
      this.faults.set('initializeTimeout', null);
      return;
    }
    const now = Date.now();
    this.startingSince ??= now;
    const limit = this.opts.initializeTimeoutMs;
    if (now - this.startingSince > limit)
      this.faults.set(
        'initializeTimeout',
        `the acceptor has been initialising for more than ${Math.round(limit / 1000)} s`,
      );
  }
}
