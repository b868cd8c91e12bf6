// The money rules of a bill acceptor, whatever its protocol (C-3, C-14): one note or ticket in
// hand at a time, asked about once, moved only on the cabinet's word for that very document, and
// reported stacked exactly once; a document that goes back unasked is said to be so. Pure: the
// drivers (ID-003, EBDS) tell it what their acceptor reports, it tells the cabinet through `emit`
// and the driver through its answers. No port, no timer: time comes in as `now`.

import type { DeviceCommand, DeviceEvent, DeviceRecovery } from '../../cabinet/device-events';
import { readTicketBarcode, showBarcode } from './barcode';

/** A note as its acceptor reports it, already valued in the cabinet's currency (C-16). */
export interface EscrowNote {
  /** What tells this note from another while it is held (the acceptor's own naming of it). */
  key: string;
  /** Minor units of the cabinet's currency. */
  value: number;
  denomination: string;
}

export type Phase = 'escrow' | 'stacking' | 'stacked' | 'returned';

interface InEscrow {
  phase: Phase;
  decision: 'stack' | 'return' | null;
  escrowSince: number;
}

/**
 * A ticket in the acceptor: `offered` to the cabinet (its 18-digit `barcode`), or refused by the
 * driver (`barcode` is then the bytes shown safely; `raw` is what the acceptor sent).
 */
interface HeldTicket extends InEscrow {
  kind: 'ticket';
  raw: string;
  barcode: string;
  offered: boolean;
}

/** What the acceptor holds or last held: one escrow, for a note or a ticket. */
export type Held = (InEscrow & EscrowNote & { kind: 'note' }) | HeldTicket;

export interface EscrowTimes {
  /** How long a note may wait in escrow for the cabinet's word before it is returned. */
  escrowDecisionMs: number;
  /** The same for a ticket, whose word may wait on a casino system. */
  ticketDecisionMs: number;
}

type Answers = Pick<DeviceRecovery, 'acceptorNote' | 'acceptorTicket'>;
type NoteAnswer = Awaited<ReturnType<Answers['acceptorNote']>>;
type TicketAnswer = Awaited<ReturnType<Answers['acceptorTicket']>>;

/** In escrow or on its way to the cash box: not yet stacked or returned. */
export const pending = (h: Held): boolean => h.phase === 'escrow' || h.phase === 'stacking';

export class AcceptorEscrow {
  held: Held | null = null;
  /** The cabinet's last word on taking money; null until it has said anything (after a restart). */
  wantEnabled: boolean | null = null;
  /** A stacked document nobody here could name (found after a restart): the journal names it. */
  unknownStacked = false;
  /** The cabinet has committed its restart answers: a stack nobody can name may now be reported. */
  recoveryCommitted = false;

  constructor(
    private readonly emit: (e: DeviceEvent) => void,
    private readonly times: EscrowTimes,
  ) {}

  /** The cabinet's word; `currency` is the driver's own business. */
  command(command: DeviceCommand): void {
    if (command.device !== 'acceptor') return;
    const h = this.held;
    const undecided = h && h.phase === 'escrow' && !h.decision ? h : null;
    switch (command.type) {
      case 'enable':
        this.wantEnabled = command.enabled;
        // A ticket waiting for its word keeps waiting: the cabinet may disable the acceptor
        // while it validates, and returns the ticket itself if it must.
        if (!command.enabled && undecided?.kind === 'note') undecided.decision = 'return';
        return;
      case 'stack':
      case 'return':
        // A note's word never moves a ticket, whatever is in escrow when it arrives.
        if (undecided?.kind === 'note') undecided.decision = command.type;
        return;
      case 'stackTicket':
      case 'returnTicket':
        if (undecided?.kind === 'ticket' && undecided.offered && undecided.barcode === command.barcode)
          undecided.decision = command.type === 'stackTicket' ? 'stack' : 'return';
        return;
    }
  }

  /** The word to carry out now for the document in escrow; one past its time goes back. */
  decisionDue(now: number): 'stack' | 'return' | null {
    const h = this.held;
    if (h?.phase !== 'escrow') return null;
    const limit = h.kind === 'ticket' ? this.times.ticketDecisionMs : this.times.escrowDecisionMs;
    if (!h.decision && now - h.escrowSince > limit) h.decision = 'return';
    return h.decision;
  }

  /** The acceptor took the word to stack (ID-003's ACK): the document is on its way. */
  stackAccepted(): void {
    if (this.held) this.held.phase = 'stacking';
  }

  /** The acceptor took the word to return it. */
  returnAccepted(): void {
    if (this.held) this.held.decision = 'return';
  }

  /** The note the driver could not value stays out; one the cabinet has not decided goes back. */
  returnUndecidedNote(): void {
    const h = this.held;
    if (h?.kind === 'note' && h.phase === 'escrow' && !h.decision) h.decision = 'return';
  }

  /** A note the driver cannot value is in escrow (the driver returns it): a ticket held before is out. */
  unreadableNote(): void {
    const h = this.held;
    if (h?.kind === 'ticket' && pending(h)) this.settleReturned(h);
  }

  /** A note in escrow. The same note seen again changes nothing; over a pending ticket it goes back. */
  noteInEscrow(note: EscrowNote, now: number): void {
    const h = this.held;
    if (h?.kind === 'ticket' && pending(h)) {
      // The ticket is out of escrow, whatever the cabinet was doing with it; the note waits for nothing.
      this.settleReturned(h);
      this.refuseNote(note, 'a ticket was still pending', now);
      return;
    }
    if (h?.kind === 'note' && h.phase === 'escrow' && h.key === note.key) return;
    this.unknownStacked = false;
    const held: Held = { kind: 'note', ...note, phase: 'escrow', decision: null, escrowSince: now };
    this.held = held;
    if (this.wantEnabled === false) {
      // Taken in while the cabinet was disabling us: hand it back without asking.
      held.decision = 'return';
      return;
    }
    this.emit({ device: 'acceptor', type: 'escrow', value: note.value, denomination: note.denomination });
  }

  /** A note that goes back unasked; reported as rejected, then returned. */
  private refuseNote(note: EscrowNote, reason: string, now: number): void {
    this.unknownStacked = false;
    this.held = { kind: 'note', ...note, phase: 'escrow', decision: 'return', escrowSince: now };
    this.emit({ device: 'acceptor', type: 'rejected', reason: `${note.denomination} returned: ${reason}` });
  }

  /**
   * A barcode coupon in escrow. The same ticket seen again changes nothing; anything else pending
   * is out of escrow (returned) and the new ticket goes back unasked, as does one whose barcode
   * is not 18 digits or that came in while the cabinet was disabling the acceptor. Only an
   * 18-digit barcode is ever offered to the cabinet.
   */
  ticketInEscrow(raw: string, now: number): void {
    const h = this.held;
    if (h?.kind === 'ticket' && h.raw === raw && pending(h)) {
      // Back in escrow after a stack the acceptor did not carry out: the word stands.
      h.phase = 'escrow';
      return;
    }
    this.unknownStacked = false;
    let refusal: { shown: string; reason: string } | null = null;
    if (h && pending(h)) {
      this.settleReturned(h);
      refusal = {
        shown: showBarcode(raw),
        reason: h.kind === 'ticket' ? 'another ticket was still pending' : 'a note was still pending',
      };
    } else if (this.wantEnabled === false) {
      refusal = { shown: showBarcode(raw), reason: 'the acceptor was being disabled' };
    } else {
      const reading = readTicketBarcode(raw);
      if (!reading.ok) refusal = reading;
    }
    if (refusal) {
      this.held = {
        kind: 'ticket',
        raw,
        barcode: refusal.shown,
        offered: false,
        phase: 'escrow',
        decision: 'return',
        escrowSince: now,
      };
      this.emit({ device: 'acceptor', type: 'ticketRejected', barcode: refusal.shown, reason: refusal.reason });
      return;
    }
    this.held = { kind: 'ticket', raw, barcode: raw, offered: true, phase: 'escrow', decision: null, escrowSince: now };
    this.emit({ device: 'acceptor', type: 'ticket', barcode: raw });
  }

  /** The acceptor reports it is stacking: the document in escrow is on its way to the box. */
  stacking(): void {
    if (this.held?.phase === 'escrow') this.held.phase = 'stacking';
  }

  /** The acceptor is handing the document back. */
  returned(): void {
    const h = this.held;
    if (h && pending(h)) this.settleReturned(h);
  }

  /** The acceptor is idle again with the document gone from escrow, no return reported (taken back by hand). */
  vanished(): void {
    const h = this.held;
    if (h && h.phase === 'escrow') this.settleReturned(h);
  }

  /** Out of escrow without reaching the cash box; reported unless it was a ticket the cabinet never heard of. */
  private settleReturned(h: Held): void {
    h.phase = 'returned';
    if (h.kind === 'note') this.emit({ device: 'acceptor', type: 'returned', value: h.value });
    else if (h.offered) this.emit({ device: 'acceptor', type: 'ticketReturned', barcode: h.barcode });
  }

  /**
   * The one place a credit is reported: the document is in the cash box. Guarded, so no report
   * seen twice can report it again. One this driver never saw (the cabinet restarted mid-stack)
   * is reported with value 0 only after the cabinet has committed its restart answers; the
   * journal, which holds at most one pending note or ticket, says which it was.
   */
  stacked(): void {
    const n = this.held;
    if (n && pending(n)) {
      n.phase = 'stacked';
      // A refused ticket stacked all the same is reported too: the cabinet logs it and credits nothing.
      if (n.kind === 'note')
        this.emit({ device: 'acceptor', type: 'stacked', value: n.value, denomination: n.denomination });
      else this.emit({ device: 'acceptor', type: 'ticketStacked', barcode: n.barcode });
    } else if (!n || n.phase === 'returned') {
      if (!this.unknownStacked && this.recoveryCommitted)
        this.emit({ device: 'acceptor', type: 'stacked', value: 0, denomination: 'unknown note' });
      this.unknownStacked = true;
      this.held = null;
    }
  }

  /** The restart answer about a note (C-14); a note stacking is still the cabinet's to wait for. */
  noteAnswer(): NoteAnswer {
    const n = this.held;
    if (n?.kind !== 'note') return { state: this.unknownStacked ? 'stacked' : 'none', value: 0 };
    return { state: n.phase === 'stacking' ? 'escrow' : n.phase, value: n.value };
  }

  /** The same for a ticket; one the driver refused was never the cabinet's. */
  ticketAnswer(): TicketAnswer {
    const t = this.held;
    if (t?.kind !== 'ticket' || !t.offered) return { state: this.unknownStacked ? 'stacked' : 'none', barcode: null };
    return { state: t.phase === 'stacking' ? 'escrow' : t.phase, barcode: t.barcode };
  }
}
