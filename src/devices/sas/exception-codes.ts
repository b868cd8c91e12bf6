// The general poll exception codes the cabinet raises, from the standard's table (Appendix A of
// SAS 6.02; docs/protocols/sas.md gives the sources). `priority` follows the table's P and Q/P
// marks: a priority exception is reported before every queued one and is never dropped when the
// queue is full. 67 and 68 are not raised by the cabinet: the link derives them from the ticket
// in the acceptor (see TicketIn in machine.ts).

export interface ExceptionDef {
  name: string;
  priority: boolean;
  /** Derived by the link from machine state; raising it by hand is refused. */
  derived?: true;
}

const q = (name: string): ExceptionDef => ({ name, priority: false });
const p = (name: string): ExceptionDef => ({ name, priority: true });

export const NO_ACTIVITY = 0x00;

export const EXCEPTIONS: Readonly<Record<number, ExceptionDef>> = {
  0x11: q('slot door was opened'),
  0x12: q('slot door was closed'),
  0x15: q('card cage was opened'),
  0x16: q('card cage was closed'),
  0x17: q('AC power was applied to gaming machine'),
  0x18: q('AC power was lost from gaming machine'),
  0x19: q('cashbox door was opened'),
  0x1a: q('cashbox door was closed'),
  0x20: q('general tilt'),
  0x27: q('cashbox full detected'),
  0x28: q('bill jam'),
  0x3c: q('operator changed options'),
  0x3d: p('a cash out ticket has been printed'),
  0x3f: p('validation ID not configured'),
  0x47: q('$1.00 bill accepted'),
  0x48: q('$5.00 bill accepted'),
  0x49: q('$10.00 bill accepted'),
  0x4a: q('$20.00 bill accepted'),
  0x4b: q('$50.00 bill accepted'),
  0x4c: q('$100.00 bill accepted'),
  0x4d: q('$2.00 bill accepted'),
  0x4e: q('$500.00 bill accepted'),
  0x4f: q('bill accepted'),
  0x50: q('$200.00 bill accepted'),
  0x51: p('handpay is pending'),
  0x52: p('handpay was reset'),
  0x57: p('system validation request'),
  0x60: q('printer communication error'),
  0x61: q('printer paper out error'),
  0x67: { name: 'ticket has been inserted', priority: true, derived: true },
  0x68: { name: 'ticket transfer complete', priority: true, derived: true },
  0x70: p('exception buffer overflow'),
  0x7e: q('game has started'),
  0x7f: q('game has ended'),
};

export const BUFFER_OVERFLOW = 0x70;
export const BILL_ACCEPTED = 0x4f;
export const GAME_STARTED = 0x7e;
export const GAME_ENDED = 0x7f;
export const TICKET_INSERTED = 0x67;
export const TICKET_TRANSFER_COMPLETE = 0x68;

/** Notes (whole units of the currency) with their own bill-accepted exception; any other note is 4F. */
const BILL_EXCEPTIONS: Readonly<Record<number, number>> = {
  1: 0x47,
  2: 0x4d,
  5: 0x48,
  10: 0x49,
  20: 0x4a,
  50: 0x4b,
  100: 0x4c,
  200: 0x50,
  500: 0x4e,
};

/**
 * The exception for a note stacked, outside real-time event reporting (there it is 4F with the
 * note's data). SAS names them in dollars; a note is known by its face value in the cabinet's own
 * currency, as for the bill meters (Table C-7), and the host reads the country from 48.
 */
export function billAcceptedException(value: number, minorDigits: number): number {
  const whole = value / 10 ** minorDigits;
  return (Number.isInteger(whole) && BILL_EXCEPTIONS[whole]) || 0x4f;
}

export const exceptionName = (code: number): string =>
  EXCEPTIONS[code]?.name ?? `exception ${code.toString(16).padStart(2, '0').toUpperCase()}`;

/**
 * Real-time event reporting (0E, the standard's chapter 12): the exceptions that carry data in
 * their event message, and how many bytes. Every note stacked is reported there as 4F with its
 * country, denomination and count, whatever its code outside that mode. The data is made when the
 * exception is raised (event-data.ts), so it tells the host what was true then.
 */
export const EVENT_DATA_BYTES: Readonly<Record<number, number>> = {
  [BILL_ACCEPTED]: 6,
  [GAME_STARTED]: 8,
  [GAME_ENDED]: 4,
};

/** The code an exception is reported under in an event message. */
export const eventCode = (code: number): number =>
  (code >= 0x47 && code <= 0x50) || code === BILL_ACCEPTED ? BILL_ACCEPTED : code;
