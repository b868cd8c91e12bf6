// Which commits must be on the disk before anything shows them (C-13). Every change of money,
// meters or a game's course is; a HOLD changed on a dealt video-poker hand is not: it moves
// no money, deals no card, and the draw that uses it is itself synced, taking the hold with it.
// A power cut in the milliseconds before such a commit reaches the disk can only undo the hold,
// as if the cut had come just before the press: the game resumes with the same cards (C-14).
// And which commits let money leave: their anchor lands before anything acts on them; of those,
// which advance the records' TPM counter at once (a ticket credited, a handpay), and how many
// validation numbers a commit takes (a block of them shares one advance: store/anchor).

import type { DeviceCommand } from './device-events';
import type { CabinetEffect } from './effects';
import { HANDPAID_METERS } from './meters';
import { isVideoPokerSession, type CabinetState, type GameSession } from './state';

/** What a hold may change of the whole state; anything else changed needs the sync first. */
const HOLD_CHANGES: ReadonlySet<string> = new Set(['version', 'shownVersion', 'game', 'lamps']);

/** Every field but `except` the same (a field one of them lacks reads as undefined). */
const sameExcept = (a: object, b: object, except: ReadonlySet<string>): boolean => {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k in x) if (!except.has(k) && x[k] !== y[k]) return false;
  for (const k in y) if (!(k in x) && !except.has(k) && y[k] !== undefined) return false;
  return true;
};

const SESSION_HOLD_CHANGES: ReadonlySet<string> = new Set(['core', 'actions']);
const CORE_HOLD_CHANGES: ReadonlySet<string> = new Set(['held']);

/** The same video-poker game, still holding, with only its held cards (and their recall entry) changed. */
function holdOnly(prev: GameSession | null, next: GameSession | null): boolean {
  if (!prev || !next || !isVideoPokerSession(prev) || !isVideoPokerSession(next)) return false;
  if (prev.outcome !== null || next.outcome !== null || next.core.phase !== 'holding') return false;
  if (!sameExcept(prev, next, SESSION_HOLD_CHANGES)) return false;
  if (!sameExcept(prev.core, next.core, CORE_HOLD_CHANGES)) return false;
  const added = next.actions.slice(prev.actions.length);
  return added.length === 1 && added[0]!.type === 'hold' && prev.actions.every((a, i) => next.actions[i] === a);
}

/**
 * True unless the transition only changed the held cards of a video-poker hand (and the
 * deck's lamps that follow them): the journal may then commit it without waiting for the disk.
 */
export function syncBeforeShowing(prev: CabinetState, next: CabinetState, effects: readonly CabinetEffect[]): boolean {
  if (!sameExcept(prev, next, HOLD_CHANGES) || !holdOnly(prev.game, next.game)) return true;
  return !effects.every((e) => e.type === 'command' && e.command.device === 'deck' && e.command.type === 'lamps');
}

/** A device command that lets money move: a voucher printed, a note or ticket stacked (C-13). */
export function commandMovesMoney(c: DeviceCommand): boolean {
  return (
    (c.device === 'printer' && c.type === 'print') ||
    (c.device === 'acceptor' && (c.type === 'stack' || c.type === 'stackTicket'))
  );
}

/**
 * True when the transition lets money leave or shows what could: a validation number taken (a
 * voucher's, the casino system's), a voucher written or its status changed, a handpay locked or
 * paid, or a command that moves money. Its records' anchor (the TPM counter's advance, store/anchor)
 * must have landed before the runner acts on it; any other commit's advance may still be on its
 * way, since a crash meanwhile only leaves the records one ahead of the counter.
 */
export function paysOutOrShowsIt(
  prev: CabinetState | null,
  next: CabinetState | null,
  effects: readonly CabinetEffect[],
): boolean {
  if (!prev || !next) return prev !== next;
  if (prev.voucherSequence !== next.voucherSequence || prev.handpay !== next.handpay) return true;
  if (prev.sas?.validation !== next.sas?.validation) return true;
  if (HANDPAID_METERS.some((m) => (next.meters.lifetime[m] ?? 0) !== (prev.meters.lifetime[m] ?? 0))) return true;
  return effects.some(
    (e) =>
      e.type === 'voucherIssued' ||
      e.type === 'voucherStatus' ||
      (e.type === 'command' && commandMovesMoney(e.command)),
  );
}

/**
 * True when a copy of the records from before the transition, put back, could pay again what it
 * paid: a ticket credited (its number would be credited a second time), an AFT transfer to the
 * machine (its transaction ID likewise) or a handpay locked or paid (it would be asked again). The records' TPM counter advances at once for it. What else
 * lets money leave (a voucher printed, a note stacked) advances with the interval, and a copy put
 * back across it comes up as a start the counter cannot prove the latest, whose credits go out
 * only by the attendant's handpay (docs/cabinet.md, C-15).
 */
export function advancesAtOnce(
  prev: CabinetState | null,
  next: CabinetState | null,
  effects: readonly CabinetEffect[],
): boolean {
  if (!prev || !next) return prev !== next;
  if (prev.handpay !== next.handpay) return true;
  if (HANDPAID_METERS.some((m) => (next.meters.lifetime[m] ?? 0) !== (prev.meters.lifetime[m] ?? 0))) return true;
  // An AFT transfer to the machine: a copy from before it forgets its transaction ID, which a
  // 72 replayed on the wire would then credit again (one to the host is money leaving: C-15's).
  if (prev.aftHistory !== next.aftHistory && next.balance >= prev.balance) return true;
  return effects.some((e) => e.type === 'ticketCredited' || (e.type === 'voucherStatus' && e.status === 'redeemed'));
}

/** Validation numbers the transition took: the cabinet's own voucher's, the casino system's. */
export function numbersTaken(prev: CabinetState | null, next: CabinetState | null): number {
  if (!prev || !next) return 0;
  return (
    (next.voucherSequence > prev.voucherSequence ? 1 : 0) + (prev.sas?.validation !== next.sas?.validation ? 1 : 0)
  );
}
