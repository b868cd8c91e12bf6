// What one commit writes, table by table: the cabinet state and its parts, the meters, the
// settings and their log, the event log, the recall, the vouchers and the identity row. Each
// writer keeps the table digests (table-digests.ts) in step with the rows it writes, and the
// writers together know where the two append-only logs end, which the commit row then signs
// (journal.ts). They run inside the journal's transaction; a commit that fails puts their ends
// back (snapshot, restore).
//
// In a group of commits (`grouped`: group commit, journal.ts) the state row and the meter rows
// are written once, at the group's end (writeGroup): the group is one SQLite transaction, so only
// their last values ever reach the disk, and a game's ten commits would otherwise write the same
// 2 KB row and the same meters ten times over.

import type Database from 'better-sqlite3';
import type {
  CabinetEffect,
  CabinetSettings,
  CabinetState,
  GameRecord,
  LogEntry,
  MeterSet,
  Meters,
  Voucher,
  VoucherStatus,
} from '../cabinet';
import { StoreError } from './database';
import { rowHash } from './event-chain';
import { settingsLogDigest } from './keyed-chain';
import type { Identity } from './records-open';
import { STATE_PARTS, VOUCHER_COLUMNS } from './records-reader';
import { TicketsCredited } from './tickets-credited';
import { RECALL_KEEP } from './schema';
import type { RowValues, TableDigests } from './table-digests';

/** Where the event log and the settings log end: what the next commit row signs of them. */
export interface LogEnds {
  events_to: number;
  events_head: string;
  settings_to: number;
  settings_head: string;
}

/** Just the logs' ends of a commit row (or of another LogEnds). */
const logEndsOf = (c: LogEnds): LogEnds => ({
  events_to: c.events_to,
  events_head: c.events_head,
  settings_to: c.settings_to,
  settings_head: c.settings_head,
});

/** The state without what has tables of its own. */
function stateJson(state: CabinetState): string {
  return JSON.stringify({
    ...state,
    meters: undefined,
    settings: undefined,
    configApplied: undefined,
    installedPayTables: undefined,
    aftHistory: undefined,
  });
}

function prepare(db: Database.Database) {
  return {
    insertState: db.prepare('INSERT INTO cabinet_state (id, version, state, updated_at) VALUES (1, ?, ?, ?)'),
    updateState: db.prepare(
      'UPDATE cabinet_state SET version = ?, state = ?, updated_at = ? WHERE id = 1 AND version = ?',
    ),
    upsertMeter: db.prepare(
      'INSERT INTO meters (scope, name, value) VALUES (?, ?, ?) ON CONFLICT (scope, name) DO UPDATE SET value = excluded.value',
    ),
    deleteMeter: db.prepare('DELETE FROM meters WHERE scope = ? AND name = ?'),
    insertEvent: db.prepare('INSERT INTO events (seq, at, kind, data, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?)'),
    insertRecall: db.prepare(
      'INSERT INTO recall (game_id, game, chip_value, started_at, ended_at, staked, paid, handpaid, replay, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    pruneRecall: db.prepare('DELETE FROM recall WHERE game_id <= ?'),
    upsertSetting: db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    logSetting: db.prepare('INSERT INTO settings_log (at, key, old_value, new_value, source) VALUES (?, ?, ?, ?, ?)'),
    upsertPart: db.prepare(
      'INSERT INTO state_parts (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    ),
    updateIdentity: db.prepare(
      'UPDATE identity SET fingerprint = ?, machine = ?, purpose = ?, mirrored = ?, created_at = ? WHERE id = 1',
    ),
  };
}

function prepareVouchers(db: Database.Database) {
  return {
    insert: db.prepare(
      `INSERT INTO vouchers (${VOUCHER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (validation) DO NOTHING`,
    ),
    update: db.prepare(
      'UPDATE vouchers SET status = ?, redeemed_at = ?, redeemed_event = ? WHERE validation = ? AND status IN (SELECT value FROM json_each(?))',
    ),
    row: db.prepare(`SELECT ${VOUCHER_COLUMNS} FROM vouchers WHERE validation = ?`).raw(),
  };
}

type MeterScope = 'lifetime' | 'period';

/** A meter row a group writes at its end; a null value: the row goes. */
interface PendingMeter {
  scope: MeterScope;
  name: string;
  value: number | null;
}

/** What a failed commit puts back (restore). */
export interface WritersSnapshot {
  ends: LogEnds;
  identity: Identity;
  pendingState: { from: number; state: CabinetState; at: number } | null;
  pendingMeters: Map<string, PendingMeter> | null;
}

export class TableWriters {
  private statementsOnce: ReturnType<typeof prepare> | null = null;
  /** Prepared when the first voucher is written, like the SAS tables' (a table of schema 6). */
  private voucherStatementsOnce: ReturnType<typeof prepareVouchers> | null = null;
  private logEnds: LogEnds;
  /** Every ticket number credited here (tickets-credited.ts). */
  readonly credited: TicketsCredited;
  /** The commits being written belong to a group: their state and meter rows wait for its end. */
  grouped = false;
  /** The group's state row to write at its end, and the version the database must be at then. */
  private pendingState: { from: number; state: CabinetState; at: number } | null = null;
  /** The group's meter rows to write at its end, by scope and name. */
  private pendingMeters = new Map<string, PendingMeter>();

  constructor(
    private readonly db: Database.Database,
    /** Swapped by the journal when a failed commit reads the digests back. */
    public digests: TableDigests,
    ends: LogEnds,
    private identityRow: Identity,
  ) {
    this.logEnds = logEndsOf(ends);
    this.credited = new TicketsCredited(db);
  }

  /** Prepared on first use: a database from before a table existed is migrated first. */
  private get stmt(): ReturnType<typeof prepare> {
    this.statementsOnce ??= prepare(this.db);
    return this.statementsOnce;
  }

  private get voucherStmt(): ReturnType<typeof prepareVouchers> {
    this.voucherStatementsOnce ??= prepareVouchers(this.db);
    return this.voucherStatementsOnce;
  }

  get ends(): LogEnds {
    return this.logEnds;
  }

  get identity(): Identity {
    return this.identityRow;
  }

  /** What restore() puts back when the commit they wrote in fails. */
  snapshot(): WritersSnapshot {
    return {
      ends: logEndsOf(this.logEnds),
      identity: this.identityRow,
      pendingState: this.pendingState,
      pendingMeters: this.pendingMeters.size > 0 ? new Map(this.pendingMeters) : null,
    };
  }

  restore(s: WritersSnapshot): void {
    this.logEnds = logEndsOf(s.ends);
    this.identityRow = s.identity;
    this.pendingState = s.pendingState;
    this.pendingMeters = s.pendingMeters ?? new Map();
  }

  /** The group's state and meter rows, as its last commit left them (the group's end). */
  writeGroup(): void {
    const p = this.pendingState;
    if (p) {
      const json = stateJson(p.state);
      if (this.stmt.updateState.run(p.state.version, json, p.at, p.from).changes !== 1)
        throw new StoreError(
          `a group of commits ending at version ${p.state.version} found the database not at version ${p.from}`,
        );
      this.digests.put('cabinet_state', [1, p.state.version, json, p.at]);
      this.pendingState = null;
    }
    for (const { scope, name, value } of this.pendingMeters.values()) this.meterRow(scope, name, value);
    this.pendingMeters.clear();
  }

  /** The first state of a new database. */
  insertState(state: CabinetState, at: number): void {
    const json = stateJson(state);
    this.stmt.insertState.run(state.version, json, at);
    this.digests.put('cabinet_state', [1, state.version, json, at]);
  }

  /** False when the database is not at `prev`'s version (nothing written then). */
  updateState(prev: CabinetState, next: CabinetState, at: number): boolean {
    if (this.grouped) {
      const p = this.pendingState;
      if (p && p.state.version !== prev.version) return false;
      this.pendingState = { from: p?.from ?? prev.version, state: next, at };
      return true;
    }
    const json = stateJson(next);
    if (this.stmt.updateState.run(next.version, json, at, prev.version).changes !== 1) return false;
    this.digests.put('cabinet_state', [1, next.version, json, at]);
    return true;
  }

  writeIdentity(identity: Identity): void {
    this.stmt.updateIdentity.run(
      identity.fingerprint,
      identity.machine,
      identity.purpose,
      identity.mirrored,
      identity.created_at,
    );
    this.digests.put('identity', [
      1,
      identity.fingerprint,
      identity.machine,
      identity.purpose,
      identity.mirrored,
      identity.created_at,
    ]);
    this.identityRow = identity;
  }

  writeParts(prev: CabinetState | undefined, next: CabinetState): void {
    for (const name of STATE_PARTS) {
      if (prev && prev[name] === next[name]) continue;
      const json = JSON.stringify(next[name]);
      this.stmt.upsertPart.run(name, json);
      this.digests.put('state_parts', [name, json]);
    }
  }

  /** The meter rows that changed; true when a lifetime meter did. */
  writeMeters(prev: MeterSet | undefined, next: MeterSet): boolean {
    let lifetime = false;
    for (const scope of ['lifetime', 'period'] as const) {
      const before: Meters = prev?.[scope] ?? {};
      const after = next[scope];
      for (const name in after) {
        const value = after[name]!;
        if (before[name] === value) continue;
        this.meter(scope, name, value);
        if (scope === 'lifetime') lifetime = true;
      }
      for (const name in before) {
        if (name in after) continue;
        this.meter(scope, name, null);
        if (scope === 'lifetime') lifetime = true;
      }
    }
    return lifetime;
  }

  /** A meter row written (null: removed), at once or at the group's end. */
  private meter(scope: MeterScope, name: string, value: number | null): void {
    if (this.grouped) this.pendingMeters.set(`${scope}\t${name}`, { scope, name, value });
    else this.meterRow(scope, name, value);
  }

  private meterRow(scope: MeterScope, name: string, value: number | null): void {
    if (value === null) {
      this.stmt.deleteMeter.run(scope, name);
      this.digests.remove('meters', [scope, name]);
    } else {
      this.stmt.upsertMeter.run(scope, name, value);
      this.digests.put('meters', [scope, name, value]);
    }
  }

  writeSettings(prev: CabinetSettings | undefined, next: CabinetSettings, source: string, at: number): void {
    for (const [key, value] of Object.entries(next)) {
      const json = JSON.stringify(value);
      const old = prev ? JSON.stringify(prev[key as keyof CabinetSettings]) : undefined;
      if (old === json) continue;
      this.stmt.upsertSetting.run(key, json);
      this.digests.put('settings', [key, json]);
      const seq = Number(this.stmt.logSetting.run(at, key, old ?? null, json, source).lastInsertRowid);
      this.logEnds.settings_head = settingsLogDigest(this.logEnds.settings_head, [
        seq,
        at,
        key,
        old ?? null,
        json,
        source,
      ]);
      this.logEnds.settings_to = seq;
    }
  }

  /** The log rows, game records and voucher rows a transition's effects carry. */
  writeEffects(effects: readonly CabinetEffect[]): void {
    let lastAt = Date.now();
    for (const e of effects) {
      if (e.type === 'log') {
        this.appendEvent(e.entry);
        lastAt = e.entry.at;
      } else if (e.type === 'recall') this.writeRecall(e.record);
      else if (e.type === 'voucherIssued') this.writeVoucher(e.voucher);
      else if (e.type === 'voucherStatus') this.markVoucher(e.validation, e.status, lastAt);
      else if (e.type === 'ticketCredited')
        this.credited.write(this.digests, e.validation, e.amount, lastAt, this.logEnds.events_to);
    }
  }

  private appendEvent(entry: LogEntry | { at: number; kind: string; data: Record<string, unknown> }): void {
    const seq = this.logEnds.events_to + 1;
    const data = JSON.stringify(entry.data);
    const hash = rowHash(this.logEnds.events_head, seq, entry.at, entry.kind, data);
    this.stmt.insertEvent.run(seq, entry.at, entry.kind, data, this.logEnds.events_head, hash);
    this.logEnds.events_to = seq;
    this.logEnds.events_head = hash;
  }

  private writeRecall(r: GameRecord): void {
    const values: RowValues = [
      r.gameId,
      r.game,
      r.chipValue,
      r.startedAt,
      r.endedAt,
      r.staked,
      r.paid,
      r.handpaid ? 1 : 0,
      JSON.stringify(r.replay),
      JSON.stringify(r.result),
    ];
    this.stmt.insertRecall.run(...values);
    this.digests.put('recall', values);
    this.stmt.pruneRecall.run(r.gameId - RECALL_KEEP);
    this.digests.removeUpTo('recall', r.gameId - RECALL_KEEP);
  }

  private writeVoucher(v: Voucher): void {
    const values: RowValues = [
      v.validation,
      v.sequence,
      v.amount,
      v.currency,
      Date.parse(v.issuedAt),
      v.expiresAt,
      'printing',
      null,
      null,
    ];
    if (this.voucherStmt.insert.run(...values).changes === 1) this.digests.put('vouchers', values);
    // The cabinet's own numbers, standard validation's and the casino system's under system
    // validation are never issued twice (each is checked first, Journal.unissued): this is the last
    // line of defence. Secure enhanced numbers are the casino system's to keep apart (its ID and
    // sequence), and the first voucher's row stays as it is.
    else if (v.scheme !== 'sas')
      throw new StoreError(`validation number ${v.validation} was issued before: it is never issued again`);
  }

  /** Whether a vouchers row holds `validation`, whoever wrote it: the table takes a number once. */
  holdsVoucher(validation: string): boolean {
    return this.voucherStmt.row.get(validation) !== undefined;
  }

  /** A redeemed voucher names the log row written just before it in the same commit: the ticket's. */
  private markVoucher(validation: string, status: Exclude<VoucherStatus, 'printing'>, at: number): void {
    // Only forwards: printing → issued or voided, issued → redeemed (or voided); never back, never twice.
    const from: VoucherStatus[] = status === 'redeemed' ? ['issued'] : ['printing', 'issued'];
    const redeemed = status === 'redeemed';
    const changed = this.voucherStmt.update.run(
      status,
      redeemed ? at : null,
      redeemed ? this.logEnds.events_to : null,
      validation,
      JSON.stringify(from),
    ).changes;
    if (changed === 0) return;
    this.digests.put('vouchers', this.voucherStmt.row.get(validation) as RowValues);
  }
}
