// What the SAS link adds to a cabinet commit (C-13): the exceptions the transition raised, put
// in the queue by the link's own rules (capacity, overflow → 70 and the oldest queued one
// dropped, said in the event log), and the vouchers printed for 4D, all in the same transaction.
// The runner is synchronous and so is the store: the queue read here is the queue committed.

import { NEVER_EXPIRES, validationMode, type CabinetEffect, type CabinetInput, type CabinetState } from '../../cabinet';
import { exceptionName } from '../../devices/sas/exception-codes';
import {
  DEFAULT_QUEUE_CAPACITY,
  planRaise,
  type NewException,
  type PendingException,
} from '../../devices/sas/exception-queue';
import type { SasDate, ValidationRecord } from '../../devices/sas/machine';
import { VALIDATIONS_KEPT, type Journal, type SasWrites } from '../../store';
import { sasDateTime } from './cabinet-machine';
import { sasFacts, type RaisedException } from './sas-facts';

export interface JournalExtra {
  writes: SasWrites;
  log: CabinetEffect[];
}

export type JournalHook = (
  prev: CabinetState,
  next: CabinetState,
  effects: readonly CabinetEffect[],
  input: CabinetInput,
) => JournalExtra | null;

/** A voucher's "YYYY-MM-DD" expiry as SAS reports it; one that is not a whole date is reported as none. */
function expiryDate(iso: string): SasDate | 'never' | null {
  if (iso === NEVER_EXPIRES) return 'never';
  const [year, month, day] = iso.split('-').map(Number);
  return year && month && day ? { year, month, day } : null;
}

/** Raising `codes` on top of `pending`: what to drop and add, and who was dropped. */
export function planQueue(
  pending: readonly PendingException[],
  raised: readonly (number | RaisedException)[],
  capacity = DEFAULT_QUEUE_CAPACITY,
) {
  let queue = [...pending];
  const drop: number[] = [];
  let add: (NewException & { id: number })[] = [];
  const dropped: PendingException[] = [];
  let fresh = 0;
  for (const r of raised) {
    const { code, data } = typeof r === 'number' ? { code: r, data: undefined } : r;
    const plan = planRaise(queue, code, capacity, data);
    for (const id of plan.drop) {
      // One raised in this same commit is simply not added; a stored one is deleted.
      if (id < 0) add = add.filter((e) => e.id !== id);
      else drop.push(id);
      dropped.push(plan.dropped!);
    }
    queue = queue.filter((e) => !plan.drop.includes(e.id));
    for (const e of plan.add) {
      const n = { ...e, id: --fresh };
      add.push(n);
      queue.push(n);
    }
  }
  return { drop, add: add.map(({ id: _id, ...e }) => e), dropped };
}

export function sasJournal(store: Journal, capacity = DEFAULT_QUEUE_CAPACITY): JournalHook {
  return (prev, next, effects, input) => {
    const sas = next.sas;
    if (!sas) return null;
    const facts = sasFacts(prev, next, effects, input);
    if (facts.exceptions.length === 0 && facts.printed.length === 0) return null;
    const { drop, add, dropped } = planQueue(store.sasExceptions(), facts.exceptions, capacity);
    const at = effects.find((e) => e.type === 'log')?.entry.at ?? Date.now();
    const log: CabinetEffect[] = dropped.map((d) => ({
      type: 'log',
      entry: {
        at,
        kind: 'sas',
        data: {
          event: 'exceptionDropped',
          code: d.code,
          name: exceptionName(d.code),
          reason: 'the exception queue was full (70 raised)',
        },
      },
    }));
    // Standard validation has no 4D: the host reads the last voucher's number with 3D.
    const records = validationMode(sas) === 'standard' ? [] : facts.printed;
    const validations = records.map((v) => {
      const record: ValidationRecord = {
        index: ((v.sequence - 1) % VALIDATIONS_KEPT) + 1,
        type: 0x00,
        at: sasDateTime(v.at + sas.clockOffsetMs),
        barcode: v.validation,
        amount: v.amount,
        ticketNumber: v.sequence % 10000,
        expires: expiryDate(v.expiresAt),
      };
      return { seq: v.sequence, record: record as unknown as Record<string, unknown>, read: false };
    });
    return { writes: { dropExceptions: drop, addExceptions: add, validations }, log };
  };
}
