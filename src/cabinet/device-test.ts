// A technician's device test (C-18, C-19, C-21): play stops, the deck's buttons are recorded and
// act on nothing, its lamps show what the technician sets, the acceptor takes test notes only to
// identify and return them, and the printer prints a specimen voucher that is worth nothing.
// No money moves and no meter counts while it runs; every test action is logged.

import { BUTTONS, type Button, type DeviceEvent, type LampState, type Voucher } from './device-events';
import { technician } from './access';
import { printerProblem } from './printer-ready';
import { gameInProgress, type DeviceTest, type TestNote } from './state';
import { refusal, type Outcome, type Transition } from './transition';

type AcceptorEvent = Extract<DeviceEvent, { device: 'acceptor' }>;
type PrinterEvent = Extract<DeviceEvent, { device: 'printer' }>;

const MAX_TEST_NOTES = 10;
/**
 * Specimens are numbered from here, far above any sequence a machine's real vouchers reach, so
 * a specimen's validation number is never a real voucher's and the real sequence is untouched.
 */
export const SPECIMEN_SEQUENCE_BASE = 9_000_000_000;

const allLamps = (state: LampState): Record<Button, LampState> =>
  Object.fromEntries(BUTTONS.map((b) => [b, state])) as Record<Button, LampState>;

function running(tx: Transition): Outcome {
  const no = technician(tx);
  if (no) return no;
  if (!tx.state.deviceTest) return refusal('C-22', 'no device test is running');
  return null;
}

function update(tx: Transition, patch: Partial<DeviceTest>): void {
  tx.set({ deviceTest: { ...tx.state.deviceTest!, ...patch } });
}

export function deviceTest(tx: Transition, on: boolean): Outcome {
  if (!on) {
    const no = running(tx);
    if (no) return no;
    endDeviceTest(tx, 'requested');
    return null;
  }
  const no = technician(tx);
  if (no) return no;
  const s = tx.state;
  if (s.deviceTest) return refusal('C-22', 'a device test is already running');
  if (gameInProgress(s) || s.note || s.voucher || s.handpay)
    return refusal('C-22', 'a device test needs no game, note, voucher or handpay pending');
  tx.set({
    deviceTest: {
      since: tx.at,
      pressed: [],
      seen: [],
      lamps: allLamps('off'),
      acceptor: { enabled: false, notes: [] },
      printer: { state: 'idle', validation: null, reason: null },
    },
  });
  tx.log('deviceTest', { event: 'start' });
  return null;
}

export function endDeviceTest(tx: Transition, why: string): void {
  const t = tx.state.deviceTest;
  if (!t) return;
  tx.set({ deviceTest: null });
  tx.log('deviceTest', { event: 'end', why, seen: t.seen, notes: t.acceptor.notes.length, printer: t.printer.state });
}

export function testLamps(tx: Transition, lamps: Partial<Record<Button, LampState>>): Outcome {
  const no = running(tx);
  if (no) return no;
  update(tx, { lamps: { ...tx.state.deviceTest!.lamps, ...lamps } });
  tx.log('deviceTest', { event: 'lamps', lamps });
  return null;
}

export function testAcceptor(tx: Transition, enabled: boolean): Outcome {
  const no = running(tx);
  if (no) return no;
  const t = tx.state.deviceTest!;
  update(tx, { acceptor: { ...t.acceptor, enabled } });
  tx.log('deviceTest', { event: 'acceptor', enabled });
  return null;
}

/** Prints a specimen: amount zero, marked VOID by the printer's layout, never a debit. */
export function testVoucher(tx: Transition): Outcome {
  const no = running(tx);
  if (no) return no;
  const s = tx.state;
  if (s.deviceTest!.printer.state === 'printing') return refusal('C-22', 'a specimen voucher is already printing');
  const problem = printerProblem(tx);
  if (problem) {
    update(tx, { printer: { state: 'failed', validation: null, reason: problem } });
    tx.log('deviceTest', { event: 'voucher', result: 'failed', reason: problem });
    return null;
  }
  const count = (s.specimenCount ?? 0) + 1;
  const sequence = SPECIMEN_SEQUENCE_BASE + count;
  const issued = new Date(tx.at).toISOString();
  const voucher: Voucher = {
    validation: tx.env.newValidation(s.settings.voucher.machine, sequence),
    amount: 0,
    currency: s.settings.currency,
    minorDigits: s.settings.minorDigits,
    venue: s.settings.voucher.venue,
    machine: s.settings.voucher.machine,
    issuedAt: issued,
    expiresAt: issued.slice(0, 10),
    sequence,
    specimen: true,
  };
  tx.set({ specimenCount: count });
  update(tx, { printer: { state: 'printing', validation: voucher.validation, reason: null } });
  tx.log('deviceTest', { event: 'voucher', result: 'printing', validation: voucher.validation });
  tx.send({ device: 'printer', type: 'print', voucher });
  return null;
}

/** A deck button during the test: seen and shown, acted on never. */
export function testButton(tx: Transition, button: Button, pressed: boolean): void {
  const t = tx.state.deviceTest!;
  const held = t.pressed.includes(button);
  if (held === pressed) return;
  update(tx, {
    pressed: pressed ? [...t.pressed, button] : t.pressed.filter((b) => b !== button),
    seen: pressed && !t.seen.includes(button) ? [...t.seen, button] : t.seen,
  });
  tx.log('deviceTest', { event: 'button', button, pressed });
}

/** The acceptor during the test: a note is identified, handed back and listed, never stacked. */
export function testAcceptorEvent(tx: Transition, event: AcceptorEvent): boolean {
  let note: TestNote;
  switch (event.type) {
    case 'escrow':
      note = { value: event.value, denomination: event.denomination, at: tx.at, result: 'returned', reason: null };
      tx.send({ device: 'acceptor', type: 'return' });
      break;
    case 'rejected':
      note = { value: 0, denomination: '', at: tx.at, result: 'rejected', reason: event.reason };
      break;
    case 'returned':
      tx.log('deviceTest', { event: 'note', result: 'handed back', value: event.value });
      return true;
    default:
      // A stack the cabinet never asked for goes the normal way: logged as an anomaly, never credited.
      return false;
  }
  const t = tx.state.deviceTest!;
  update(tx, { acceptor: { ...t.acceptor, notes: [note, ...t.acceptor.notes].slice(0, MAX_TEST_NOTES) } });
  tx.log('deviceTest', {
    event: 'note',
    value: note.value,
    denomination: note.denomination,
    result: note.result,
    reason: note.reason,
  });
  return true;
}

/** The printer's report on the specimen, if it is about the specimen; money is never touched. */
export function testPrinterEvent(tx: Transition, event: PrinterEvent): boolean {
  const t = tx.state.deviceTest;
  if (!t || (event.type !== 'printed' && event.type !== 'printFailed') || t.printer.validation !== event.validation)
    return false;
  const reason = event.type === 'printFailed' ? event.reason : null;
  update(tx, {
    printer: { state: event.type === 'printed' ? 'printed' : 'failed', validation: event.validation, reason },
  });
  tx.log('deviceTest', { event: 'voucher', result: event.type, validation: event.validation, reason });
  return true;
}

/** A printer going offline or faulting while the specimen prints: the test shows it failed. */
export function testPrinterTrouble(tx: Transition): void {
  const t = tx.state.deviceTest;
  if (!t || t.printer.state !== 'printing') return;
  const problem = printerProblem(tx);
  if (!problem) return;
  update(tx, { printer: { ...t.printer, state: 'failed', reason: problem } });
  tx.log('deviceTest', { event: 'voucher', result: 'failed', validation: t.printer.validation, reason: problem });
}
