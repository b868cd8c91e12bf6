// Every ticket number credited here, whoever printed it (issue 37): the cabinet asks it of every
// ticket a validator accepts (src/cabinet/ticket-records.ts), so a casino system's 71 replayed,
// forged or sent by a host restored from a backup never credits a number twice. The table takes a
// number once: a second credit of one is refused by the commit itself, the last line of defence.
// Covered by the table digests like the vouchers table; rows are only ever added.

import type Database from 'better-sqlite3';
import { StoreError } from './database';
import { COVERED, type RowValues, type TableDigests } from './table-digests';

/** The table's columns, in the digests' order. */
const COLUMNS = COVERED.tickets_credited.columns.join(', ');

/** A number's credit: its amount (minor units), when (ms), and the ticket's log row that credited it. */
export interface Credit {
  amount: number;
  at: number;
  event: number;
}

export class TicketsCredited {
  private stmtOnce: { insert: Database.Statement; row: Database.Statement } | null = null;

  constructor(private readonly db: Database.Database) {}

  /** Prepared on first use: a database from before the table existed is migrated first. */
  private get stmt() {
    this.stmtOnce ??= {
      insert: this.db.prepare(`INSERT INTO tickets_credited (${COLUMNS}) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`),
      row: this.db.prepare(`SELECT ${COLUMNS} FROM tickets_credited WHERE validation = ?`).raw(),
    };
    return this.stmtOnce;
  }

  /** Writes the credit of `validation` in the commit under way; a number credited before is refused. */
  write(digests: TableDigests, validation: string, amount: number, at: number, event: number): void {
    const values: RowValues = [validation, amount, at, event];
    if (this.stmt.insert.run(...values).changes !== 1)
      throw new StoreError(`ticket ${validation} was credited here before: a number is never credited twice`);
    digests.put('tickets_credited', values);
  }

  /** The row of `validation` as its digest covers it, if there is one. */
  row(validation: string): RowValues | null {
    if (!this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tickets_credited'").get())
      return null;
    return (this.stmt.row.get(validation) as RowValues | undefined) ?? null;
  }
}

export const creditOf = (row: RowValues): Credit => ({
  amount: Number(row[1]),
  at: Number(row[2]),
  event: Number(row[3]),
});
