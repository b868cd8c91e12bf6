// What the two bill acceptor drivers (ID-003, EBDS) share around their protocols: the money rules
// in hand (./escrow.ts) and the faults (./faults.ts), the cabinet's commands and its restart
// questions, the currency the notes are read in, the last document for the technician's page,
// and the time limit on a unit that never ends its start-up.

import type { DeviceCommand, DeviceEvent, DeviceRecovery } from '../../cabinet/device-events';
import { DriverBase, type LoopTiming } from '../shared/driver-base';
import type { PortSettings, StatsParser } from '../shared/port-connection';
import { AcceptorEscrow, type EscrowTimes } from './escrow';
import { FaultBook } from './faults';
import { lastDocumentAfter, type AcceptorIdentity, type LastDocument } from './identity';

export interface AcceptorTiming extends EscrowTimes {
  responseTimeoutMs: number;
  /** How long the unit may stay in its start-up before it is a fault (C-15). */
  initializeTimeoutMs: number;
}

export abstract class AcceptorDriverBase<F> extends DriverBase<F> {
  protected readonly escrow: AcceptorEscrow;
  protected readonly faults: FaultBook;
  /** The cabinet's currency; null until it has said (no note is taken before). */
  protected currency: { code: string; minorDigits: number } | null;
  protected lastDocument: LastDocument | null = null;
  private startingSince: number | null = null;

  constructor(
    settings: PortSettings,
    makeParser: () => StatsParser,
    loop: LoopTiming,
    private readonly acceptorTiming: AcceptorTiming,
    currency: { code: string; minorDigits: number } | null,
  ) {
    super('acceptor', settings, makeParser, loop);
    this.currency = currency;
    this.escrow = new AcceptorEscrow(this.say, acceptorTiming);
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
      await this.whenSettled(Math.max(2000, this.acceptorTiming.responseTimeoutMs * 20));
      return this.escrow.noteAnswer();
    },
    acceptorTicket: async () => {
      await this.whenSettled(Math.max(2000, this.acceptorTiming.responseTimeoutMs * 20));
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
    const limit = this.acceptorTiming.initializeTimeoutMs;
    if (now - this.startingSince > limit)
      this.faults.set(
        'initializeTimeout',
        `the acceptor has been initialising for more than ${Math.round(limit / 1000)} s`,
      );
  }
}
