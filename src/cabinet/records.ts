// The cabinet's side of trusting its records (C-8, C-12 to C-15). The store checks the database
// against the machine's key and the mirror of critical memory; what it cannot vouch for arrives
// here as refused records. The cabinet then comes up locked with a tilt that says why (both
// commit numbers for a rolled-back or swapped database), and no money moves on those records:
// no game, no cash-out, no note credited or voucher printed, no handpay or credit clear. A
// technician sees it and does the one thing that clears it, a logged RAM clear, which discards
// what the refused records held and starts them afresh.

import type { AnchorMemory, PlayerWish, MirrorMemory } from './inputs';
import { EMPTY_METERS } from './meters';
import type { CabinetState } from './state';
import { addTilt, removeTilt } from './tilts';
import { refusal, type Outcome, type Transition } from './transition';
import { METER_TILT, RECORDS_TILT } from './vocabulary/tilts';
import { ON_REFUSED_RECORDS } from './vocabulary/wish-schema';
import { NUMBERS_PER_ADVANCE } from './numbers-per-advance';

export const recordsRefused = (s: CabinetState): boolean => s.tilts.some((t) => t.code === RECORDS_TILT);

/** Null when the wish may go on, otherwise the refusal: nothing else moves while records are refused. */
export function lockedByRecords(s: CabinetState, wish: PlayerWish['type']): Outcome {
  // What a technician may still do on refused records is tagged on the wishes' declaration.
  if (!recordsRefused(s) || ON_REFUSED_RECORDS.has(wish)) return null;
  return refusal('C-15', 'the records are refused (see the tilt): nothing moves until a technician RAM clears them');
}

/**
 * The `records` input: the voucher numbers the mirror saw, and as many as the TPM counter has
 * advanced past the records, are skipped; refused records lock the cabinet.
 */
export function recordsReport(
  tx: Transition,
  refused: string | null,
  mirror: MirrorMemory | null,
  anchor: AnchorMemory | null = null,
  unproven: string | null = null,
): void {
  const s = tx.state;
  if (mirror && mirror.voucherSequence > s.voucherSequence) {
    // C-17: a number the mirror saw issued is never issued again, even by an older database.
    tx.log('records', {
      event: 'voucherSequence',
      from: s.voucherSequence,
      to: mirror.voucherSequence,
      reason: 'the mirror has seen later voucher numbers',
    });
    tx.set({ voucherSequence: mirror.voucherSequence });
  }
  if (anchor) skipVoucherNumbers(tx, anchor);
  // The mirror's own memory goes into the log, so what it held outlives the RAM clear.
  if (refused) addTilt(tx, { kind: 'records' }, refused, mirror ? { mirror } : {});
  else if (unproven) unprovenStart(tx, unproven);
}

/**
 * C-15: records the TPM counter cannot prove the latest (no orderly stop before this start) may
 * be a copy put back at the counter's value, as far behind the last records as the commits since
 * its last advance: games lost, vouchers printed, notes in. So the credits found leave by the
 * attendant's handpay only (cashout.ts), until they have been played down to nothing; and the
 * validation numbers a block of them may have taken since (at most NUMBERS_PER_ADVANCE between
 * two advances: store/anchor/nv-budget.ts) are passed over, the cabinet's and the casino
 * system's, so that none is issued twice.
 */
function unprovenStart(tx: Transition, reason: string): void {
  const s = tx.state;
  tx.log('records', { event: 'unproven', balance: s.balance, reason });
  skipNumbers(tx, NUMBERS_PER_ADVANCE, `${reason}: the numbers a block may have taken since are passed over`);
  if (s.balance > 0) tx.set({ unproven: { amount: s.balance, since: tx.at, reason } });
}

/** Unproven credits played down to nothing (or paid by hand) are unproven no longer. */
export function unprovenSpent(tx: Transition): void {
  const s = tx.state;
  if (s.unproven && s.balance <= 0 && !s.handpay && !s.voucher) tx.set({ unproven: null });
}

/**
 * Voucher numbers passed over on refused records when how many were issued since is not known
 * (no counter to compare, or another TPM's): more than a cabinet prints in decades, a ten
 * thousandth of the numbering.
 */
export const UNKNOWN_VOUCHER_SKIP = 1_000_000;

/**
 * C-17 whatever files were put back: records behind the TPM counter by some advances may have
 * missed as many vouchers (each was an advance), so as many sequence numbers are passed over,
 * the cabinet's own and the casino system's (SAS secure enhanced validation), before any other.
 */
function skipVoucherNumbers(tx: Transition, anchor: AnchorMemory): void {
  const advances = anchor.counter === null ? null : anchor.counter - (anchor.records ?? 0);
  if (advances !== null && advances <= 0) return;
  // Each advance may have covered a block of numbers, and the value the records are at one more.
  const gap = advances === null ? UNKNOWN_VOUCHER_SKIP : (advances + 1) * NUMBERS_PER_ADVANCE;
  skipNumbers(
    tx,
    gap,
    advances === null
      ? `the records were anchored at counter value ${anchor.records}, and how far the counter went since is not known: ${gap} numbers passed over`
      : `the TPM counter is at ${anchor.counter}, ${advances} advances past the records (${anchor.records ?? 'not anchored'}): up to ${NUMBERS_PER_ADVANCE} voucher numbers may have been issued at each value since`,
  );
}

/** `gap` sequence numbers passed over, the cabinet's own and the casino system's, logged with `reason`. */
function skipNumbers(tx: Transition, gap: number, reason: string): void {
  const s = tx.state;
  const to = s.voucherSequence + gap;
  tx.log('records', { event: 'voucherSequence', from: s.voucherSequence, to, reason });
  tx.set({ voucherSequence: to });
  const current = s.sas?.validation.current;
  if (s.sas && current) {
    const next = { ...current, sequence: (current.sequence + gap) & 0xffffff };
    tx.set({ sas: { ...s.sas, validation: { ...s.sas.validation, current: next } } });
  }
}

export function anchorReport(tx: Transition, problem: string | null): void {
  if (problem) addTilt(tx, { kind: 'anchor' }, problem);
  else removeTilt(tx, { kind: 'anchor' });
}

export function mirrorReport(tx: Transition, problem: string | null): void {
  if (problem) addTilt(tx, { kind: 'mirror' }, `the mirror of critical memory cannot be written: ${problem}`);
  else removeTilt(tx, { kind: 'mirror' });
}

/**
 * C-8 on refused records: the RAM clear takes whatever they hold (balance, a note, a voucher, a
 * handpay, a game), since none of it can be trusted; the log keeps all of it for the venue's
 * paper procedure, and the store vouches for the records again from this commit on.
 */
export function clearRefusedRecords(tx: Transition): void {
  const s = tx.state;
  const reason = s.tilts.find((t) => t.code === RECORDS_TILT)?.reason ?? null;
  tx.log('meterClear', {
    scope: 'ram',
    lifetime: s.meters.lifetime,
    records: reason,
    discarded: {
      balance: s.balance,
      note: s.note,
      voucher: s.voucher,
      handpay: s.handpay,
      game: s.game && !s.game.outcome ? s.game.id : null,
    },
  });
  tx.set({
    meters: EMPTY_METERS,
    balance: 0,
    unproven: null,
    note: null,
    voucher: null,
    handpay: null,
    game: null,
    tilts: s.tilts.filter((t) => t.code !== RECORDS_TILT && t.code !== METER_TILT),
  });
  tx.log('tilt', { event: 'off', code: RECORDS_TILT, by: 'RAM clear' });
  tx.recordsCleared();
}
