// The orderly stop (docs/cabinet.md, C-15, "What a copy put back can still gain"). The records'
// TPM counter advances at every commit a copy put back could pay again, and otherwise at most
// once an interval; so records accepted at a start prove only that no such commit came after
// them, not that nothing did: a copy taken while the cabinet ran, put back, reads the same as the
// records a crash left. The cabinet's last commit when it stops in order (the service stopped, the
// PC shut down) logs the stop, and the first commit after each start advances the counter at once.
// So records whose last commit is that stop, accepted against the counter, are the latest there
// are (anything played after them came after a start, whose advance puts them behind); any other start cannot be told from a copy put back, and the cabinet treats
// the credits it finds as such (src/cabinet/records.ts).

import type Database from 'better-sqlite3';
import type { CommitRow } from './keyed-chain';
import type { RecordsAnchor } from './anchor/records-anchor';
import type { RecordsVerdict } from './records-open';

/** The stop's log row, written by the commit `commit` (the journal's last). */
export const stopRow = (counter: string, commit: number) => ({ event: 'stopped' as const, counter, commit });

/** The last commit, `head`, is an orderly stop's: the last event row is its stop row. */
export function stoppedInOrder(db: Database.Database, head: CommitRow): boolean {
  const row = db.prepare('SELECT seq, kind, data FROM events ORDER BY seq DESC LIMIT 1').get() as
    { seq: number; kind: string; data: string } | undefined;
  if (!row || row.seq !== head.events_to || row.kind !== 'records') return false;
  try {
    const data = JSON.parse(row.data) as { event?: unknown; commit?: unknown };
    return data.event === 'stopped' && data.commit === head.seq;
  } catch {
    return false;
  }
}

/**
 * Why records accepted at this start cannot be proven the latest against the counter, or null:
 * they can (an orderly stop's, or records bound to the counter now), or there is nothing to prove
 * them against (not anchored: docs/deploy.md says what that leaves open), or they are refused.
 */
export function unprovenStart(counter: RecordsAnchor, records: RecordsVerdict, stopped: boolean): string | null {
  if (counter.choice.kind !== 'tpm' || !records.ok || counter.binding) return null;
  const found = counter.finding;
  if (found === null) return 'the TPM counter could not be read at this start';
  if (found.refused !== null || stopped) return null;
  return 'the cabinet did not stop in order before this start (a crash, a power cut, a kill, or a copy of its files put back): the TPM counter cannot prove these records the latest';
}
