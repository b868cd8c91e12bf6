// The SAS link's own records (docs/protocols/sas.md): the exceptions raised and not yet taken by
// the casino system, and the vouchers printed for its enhanced validation reads (4D). Both are
// written inside the commit of the transition that raised them, so a crash between the event and
// the report neither loses nor repeats one, and both are covered by the keyed chain's table
// digests like every other table. The queue's rules (capacity, overflow) are the link's
// (src/devices/sas/exception-queue.ts): the store keeps what it is told, in one transaction.

import type Database from 'better-sqlite3';
import type { TableDigests } from './table-digests';

export interface QueuedException {
  /** Increasing in the order raised, never reused. */
  id: number;
  code: number;
  priority: boolean;
  /** The bytes real-time event reporting sends with it, kept beside it (absent for most). */
  data?: readonly number[];
}

/** A voucher as 4D reports it; the store keeps it as the app gives it. */
export interface StoredValidation {
  /** The cabinet's voucher sequence number: unique, increasing. */
  seq: number;
  record: Record<string, unknown>;
  read: boolean;
}

/** What one commit does to the SAS tables. */
export interface SasWrites {
  dropExceptions?: readonly number[];
  addExceptions?: readonly { code: number; priority: boolean; data?: readonly number[] }[];
  validations?: readonly StoredValidation[];
  /** Voucher sequence numbers the host has read with 4D 00. */
  markRead?: readonly number[];
}

/** Read records the 4D buffer keeps (the standard's 31 indexes); unread ones are all kept. */
export const VALIDATIONS_KEPT = 31;

export const isEmptyWrite = (w: SasWrites | undefined): boolean =>
  !w || !(w.dropExceptions?.length || w.addExceptions?.length || w.validations?.length || w.markRead?.length);

export class SasTables {
  private readonly stmt;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      pending: db.prepare(
        'SELECT e.id, e.code, e.priority, d.data FROM sas_exceptions e LEFT JOIN sas_exception_data d ON d.id = e.id ORDER BY e.id',
      ),
      add: db.prepare('INSERT INTO sas_exceptions (code, priority, raised_at) VALUES (?, ?, ?)'),
      drop: db.prepare('DELETE FROM sas_exceptions WHERE id = ?'),
      addData: db.prepare('INSERT INTO sas_exception_data (id, data) VALUES (?, ?)'),
      dropData: db.prepare('DELETE FROM sas_exception_data WHERE id = ?'),
      validations: db.prepare('SELECT seq, record, read FROM sas_validations ORDER BY seq'),
      putValidation: db.prepare(
        'INSERT INTO sas_validations (seq, record, read) VALUES (?, ?, ?) ON CONFLICT (seq) DO UPDATE SET record = excluded.record, read = excluded.read',
      ),
      dropValidation: db.prepare('DELETE FROM sas_validations WHERE seq = ?'),
    };
  }

  pending(): QueuedException[] {
    return (this.stmt.pending.all() as { id: number; code: number; priority: number; data: string | null }[]).map(
      (r) => ({
        id: r.id,
        code: r.code,
        priority: r.priority === 1,
        ...(r.data === null ? {} : { data: [...Buffer.from(r.data, 'hex')] }),
      }),
    );
  }

  validations(): StoredValidation[] {
    return (this.stmt.validations.all() as { seq: number; record: string; read: number }[]).map((r) => ({
      seq: r.seq,
      record: JSON.parse(r.record),
      read: r.read === 1,
    }));
  }

  /** Inside the journal's transaction; every row written or removed goes to the digests too. */
  write(w: SasWrites, digests: TableDigests, at: number): void {
    for (const id of w.dropExceptions ?? []) {
      if (this.stmt.drop.run(id).changes === 1) digests.remove('sas_exceptions', [id]);
      if (this.stmt.dropData.run(id).changes === 1) digests.remove('sas_exception_data', [id]);
    }
    for (const e of w.addExceptions ?? []) {
      const priority = e.priority ? 1 : 0;
      const id = Number(this.stmt.add.run(e.code, priority, at).lastInsertRowid);
      digests.put('sas_exceptions', [id, e.code, priority, at]);
      if (e.data?.length) {
        const data = Buffer.from(e.data).toString('hex');
        this.stmt.addData.run(id, data);
        digests.put('sas_exception_data', [id, data]);
      }
    }
    const put = (v: StoredValidation) => {
      const values = [v.seq, JSON.stringify(v.record), v.read ? 1 : 0] as const;
      this.stmt.putValidation.run(...values);
      digests.put('sas_validations', values);
    };
    for (const v of w.validations ?? []) put(v);
    if (w.markRead?.length) {
      const read = new Set(w.markRead);
      for (const v of this.validations()) if (read.has(v.seq) && !v.read) put({ ...v, read: true });
    }
    if (w.validations?.length || w.markRead?.length) this.prune(digests);
  }

  /** Read records beyond the buffer's 31 go; an unread one stays until the host has it. */
  private prune(digests: TableDigests): void {
    const all = this.validations();
    for (const v of all.slice(0, Math.max(0, all.length - VALIDATIONS_KEPT))) {
      if (!v.read) continue;
      this.stmt.dropValidation.run(v.seq);
      digests.remove('sas_validations', [v.seq]);
    }
  }
}
