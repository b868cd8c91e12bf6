// The general poll exception codes the cabinet raises, from the standard's table (Appendix A of
// SAS 6.02; docs/protocols/sas.md gives the sources). `priority` follows the table's P and Q/P
// marks: a priority exception is reported before every queued one and is never dropped when the
// queue is full. 67 and 68 are not raised by the cabinet: the link derives them from the ticket
// in the acceptor (see TicketIn in machine.ts).

export interface ExceptionDef {
  code: number;
  /** As the standard's table words it. */
  name: string;
  priority: boolean;
  /** Derived by the link from machine state; raising it by hand is refused. */
  derived?: true;
  /** A bill-accepted exception of its own: the note's face value in whole units of the currency. */
  note?: number;
}

const q = (code: number, name: string): ExceptionDef => ({ code, name, priority: false });
const p = (code: number, name: string): ExceptionDef => ({ code, name, priority: true });
const bill = (code: number, note: number): ExceptionDef => ({ ...q(code, `$${note}.00 bill accepted`), note });

/** Every exception by the name both ends of the link raise and read it under. */
const DECLARED = {
  slotDoorOpened: q(0x11, 'slot door was opened'),
  slotDoorClosed: q(0x12, 'slot door was closed'),
  cardCageOpened: q(0x15, 'card cage was opened'),
  cardCageClosed: q(0x16, 'card cage was closed'),
  powerApplied: q(0x17, 'AC power was applied to gaming machine'),
  powerLost: q(0x18, 'AC power was lost from gaming machine'),
  cashboxDoorOpened: q(0x19, 'cashbox door was opened'),
  cashboxDoorClosed: q(0x1a, 'cashbox door was closed'),
  generalTilt: q(0x20, 'general tilt'),
  cashboxFull: q(0x27, 'cashbox full detected'),
  billJam: q(0x28, 'bill jam'),
  operatorChangedOptions: q(0x3c, 'operator changed options'),
  cashOutTicketPrinted: p(0x3d, 'a cash out ticket has been printed'),
  validationIdNotConfigured: p(0x3f, 'validation ID not configured'),
  bill1: bill(0x47, 1),
  bill5: bill(0x48, 5),
  bill10: bill(0x49, 10),
  bill20: bill(0x4a, 20),
  bill50: bill(0x4b, 50),
  bill100: bill(0x4c, 100),
  bill2: bill(0x4d, 2),
  bill500: bill(0x4e, 500),
  billAccepted: q(0x4f, 'bill accepted'),
  bill200: bill(0x50, 200),
  handpayPending: p(0x51, 'handpay is pending'),
  handpayReset: p(0x52, 'handpay was reset'),
  systemValidationRequest: p(0x57, 'system validation request'),
  printerCommunicationError: q(0x60, 'printer communication error'),
  printerPaperOut: q(0x61, 'printer paper out error'),
  ticketInserted: { ...p(0x67, 'ticket has been inserted'), derived: true },
  ticketTransferComplete: { ...p(0x68, 'ticket transfer complete'), derived: true },
  aftTransferComplete: p(0x69, 'AFT transfer complete'),
  aftHostCashoutRequest: p(0x6a, 'AFT request for host cashout'),
  aftHostCashoutWinRequest: p(0x6b, 'AFT request for host to cash out win'),
  aftRegisterRequest: p(0x6c, 'AFT request to register'),
  aftRegistrationAcknowledged: p(0x6d, 'AFT registration acknowledged'),
  aftRegistrationCancelled: q(0x6e, 'AFT registration cancelled'),
  gameLocked: p(0x6f, 'game locked'),
  bufferOverflow: p(0x70, 'exception buffer overflow'),
  legacyBonusAwarded: q(0x7c, 'legacy bonus pay awarded and/or a multiplied jackpot occurred'),
  gameStarted: q(0x7e, 'game has started'),
  gameEnded: q(0x7f, 'game has ended'),
} as const satisfies Record<string, ExceptionDef>;
export type ExceptionName = keyof typeof DECLARED;

/** An exception's code by its name. */
export const EXCEPTION = Object.fromEntries(Object.entries(DECLARED).map(([n, d]) => [n, d.code])) as {
  readonly [N in ExceptionName]: number;
};

/** The general poll's answer when nothing is queued. */
export const NO_ACTIVITY = 0x00;

/** Every exception by its code. */
export const EXCEPTIONS: Readonly<Record<number, ExceptionDef>> = Object.fromEntries(
  Object.values(DECLARED).map((d) => [d.code, d]),
);

/** Notes (whole units of the currency) with their own bill-accepted exception; any other note is 4F. */
const BILL_EXCEPTIONS: Readonly<Record<number, number>> = Object.fromEntries(
  Object.values(EXCEPTIONS).flatMap((d) => (d.note === undefined ? [] : [[d.note, d.code]])),
);

/**
 * The exception for a note stacked, outside real-time event reporting (there it is 4F with the
 * note's data). SAS names them in dollars; a note is known by its face value in the cabinet's own
 * currency, as for the bill meters (Table C-7), and the host reads the country from 48.
 */
export function billAcceptedException(value: number, minorDigits: number): number {
  const whole = value / 10 ** minorDigits;
  return (Number.isInteger(whole) && BILL_EXCEPTIONS[whole]) || EXCEPTION.billAccepted;
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
  [EXCEPTION.billAccepted]: 6,
  [EXCEPTION.gameStarted]: 8,
  [EXCEPTION.gameEnded]: 4,
};

/** The code an exception is reported under in an event message. */
export const eventCode = (code: number): number =>
  EXCEPTIONS[code]?.note !== undefined ? EXCEPTION.billAccepted : code;
