// The tickets being validated (C-18): each validation under way, by barcode, with its time-out
// and the signal that tells its validator it is over. Whichever comes first, the verdict or the
// time-out, decides; the other changes nothing.

import type { CabinetInput, TicketVerdict } from '../cabinet';

/**
 * Validates a ticket's barcode: the cabinet's own vouchers, or a casino system. The one door a
 * verdict comes in by. `signal` aborts when the answer is no longer wanted (the operator's time
 * ran out, the cabinet closed): a validator still waiting then settles, refused.
 */
export type TicketValidator = (barcode: string, signal: AbortSignal) => Promise<TicketVerdict>;

export class TicketValidations {
  private readonly underWay = new Map<string, { timer: NodeJS.Timeout; done: AbortController }>();
  private closed = false;

  /** `submit` hands the verdict or the time-out to the cabinet as an input. */
  constructor(private readonly submit: (input: CabinetInput) => void) {}

  /**
   * Asks `validator`, and answers the cabinet with its verdict or, once `withinMs` has passed,
   * with the time-out: whichever comes first decides, the other changes nothing.
   */
  validate(validator: TicketValidator, barcode: string, withinMs: number): void {
    this.end(barcode, 'validated again from the start');
    const done = new AbortController();
    const timer = setTimeout(() => {
      this.end(barcode, 'no validation in time');
      if (!this.closed) this.submit({ kind: 'ticketTimeout', barcode });
    }, withinMs);
    const mine = { timer, done };
    this.underWay.set(barcode, mine);
    const answer = (verdict: TicketVerdict) => {
      if (this.closed || this.underWay.get(barcode) !== mine) return;
      this.underWay.delete(barcode);
      clearTimeout(timer);
      this.submit({ kind: 'ticketVerdict', barcode, verdict });
    };
    // A validator that fails has said nothing: the time-out returns the ticket.
    validator(barcode, done.signal).then(answer, () => {});
  }

  /** The validation of `barcode` is over without its verdict: its time-out is cleared, its validator told. */
  private end(barcode: string, why: string): void {
    const v = this.underWay.get(barcode);
    if (!v) return;
    this.underWay.delete(barcode);
    clearTimeout(v.timer);
    v.done.abort(why);
  }

  /** The cabinet closed: every validation ends, its validator told. */
  close(): void {
    this.closed = true;
    for (const barcode of [...this.underWay.keys()]) this.end(barcode, 'the cabinet closed');
  }
}
