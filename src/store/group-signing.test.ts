// A group of commits signs the tables once, at its end (keyed-chain.ts, IN_GROUP): what reaches
// the disk is whole and verifies, a group cut short is refused, and the trigger lets no signed
// commit change.

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CabinetState } from '../cabinet';
import { IN_GROUP } from './keyed-chain';
import { readMachineKey } from './machine-key';
import { RecordsReader } from './records-reader';
import type { RecordsCheck } from './records-walk';
import { combinedDigest } from './table-digests';
import { Bench, dataPath, testMachine } from './testing/store-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-group-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ended = (b: Bench) => new Promise<void>((resolve) => b.store.endBatchSoon(resolve));

/** Two games in one group, as the runner's batch makes them. */
async function twoGamesInOneGroup(b: Bench): Promise<{ from: number; to: number }> {
  const from = b.store.headSeq + 1;
  b.store.beginBatch();
  for (let game = 0; game < 2; game++) {
    b.wish({ type: 'deal', bet: 1 });
    b.wish({ type: 'toggleHold', position: 1 });
    b.wish({ type: 'draw' });
  }
  await ended(b);
  return { from, to: b.store.headSeq };
}

/** A database whose last group held two games, closed; `to` its last commit. */
async function closedAfterTwoGames(): Promise<{ path: string; to: number }> {
  const path = dataPath(dir);
  const b = new Bench(path);
  b.insert(1000);
  const { to } = await twoGamesInOneGroup(b);
  b.store.close();
  return { path, to };
}

/** Closed and opened again as a start opens it: the records verify, and `state` is what loads. */
function startsAgainWith(b: Bench, state: CabinetState): Bench {
  b.store.close();
  const again = new Bench(b.path);
  expect(again.store.records.ok).toBe(true);
  expect(again.rig.state).toEqual(state);
  return again;
}

/**
 * The test's own switch: once turned on, SQLite refuses any new recall row, aborting the
 * statement or (`ROLLBACK`, as a full disk may) rolling the whole transaction back.
 */
function recallRowsRefused(b: Bench, raise: 'ABORT' | 'ROLLBACK', message: string): (on: boolean) => void {
  b.store.db.exec(`
    CREATE TEMP TABLE fail (on_ INTEGER);
    CREATE TEMP TRIGGER fail_recall BEFORE INSERT ON main.recall WHEN (SELECT count(*) FROM temp.fail) > 0
      BEGIN SELECT RAISE(${raise}, '${message}'); END;
  `);
  return (on) => b.store.db.exec(on ? 'INSERT INTO temp.fail VALUES (1)' : 'DELETE FROM temp.fail');
}

/**
 * A walk in slices given the loop back on an open group's last commit (IN_GROUP): a slice of
 * exactly `head` commits ends there, as one of 250 does when a slice happens to end on the head.
 */
function walkPausedOnOpenGroup(b: Bench): { head: number; walk: Promise<RecordsCheck> } {
  b.insert(1000);
  b.store.beginBatch();
  b.wish({ type: 'deal', bet: 1 });
  const head = b.store.headSeq;
  return { head, walk: b.store.reader.walkRecordsInBackground(head, 'full') };
}

interface Row {
  seq: number;
  tables: string;
}

describe('group commit signs the tables at the group end', () => {
  it("only the group's last commit signs the tables' digests, and its rows are the last commit's state and meters", async () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(1000);
    const { from, to } = await twoGamesInOneGroup(b);
    expect(to - from).toBeGreaterThanOrEqual(3);
    const db = new Database(path, { readonly: true });
    const rows = db.prepare('SELECT seq, tables FROM commits WHERE seq >= ? ORDER BY seq').all(from) as Row[];
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
    expect(rows.slice(0, -1).every((r) => r.tables === IN_GROUP)).toBe(true);
    const digests = Object.fromEntries(
      (db.prepare('SELECT name, digest FROM table_digests').all() as { name: string; digest: string }[]).map((r) => [
        r.name,
        r.digest,
      ]),
    );
    expect(rows.at(-1)!.tables).toBe(combinedDigest(digests));
    const state = db.prepare('SELECT version FROM cabinet_state').pluck().get();
    expect(state).toBe(b.rig.state.version);
    const lifetime = Object.fromEntries(
      (
        db.prepare("SELECT name, value FROM meters WHERE scope = 'lifetime'").all() as { name: string; value: number }[]
      ).map((r) => [r.name, r.value]),
    );
    expect(lifetime).toEqual(b.rig.state.meters.lifetime);
    db.close();
    startsAgainWith(b, b.rig.state).store.close();
  });

  it('a commit that fails within a group puts back the rows it left for the group end: the group ends whole, as its last good commit left it', async () => {
    const path = dataPath(dir);
    const b = new Bench(path);
    b.insert(1000);
    const refuse = recallRowsRefused(b, 'ABORT', 'refused by the test');
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    const dealt = b.rig.state;
    refuse(true);
    // The draw ends the game: its meters are left for the group's end, then its recall row fails.
    expect(() => b.wish({ type: 'draw' })).toThrow(/refused by the test/);
    expect(b.rig.state).toBe(dealt);
    refuse(false);
    // The group ends at the deal: the meters written are the deal's, not the failed draw's.
    await ended(b);
    const again = startsAgainWith(b, dealt);
    again.wish({ type: 'draw' });
    expect(again.rig.state.meters.lifetime).not.toEqual(dealt.meters.lifetime);
    startsAgainWith(again, again.rig.state).store.close();
  });

  it('a commit that SQLite rolls back with its whole group (a full disk) stops the journal: nothing of the group reaches the disk, and nothing is chained on what it lost', () => {
    const path = dataPath(dir);
    const stops: string[] = [];
    const b = new Bench(path, {}, { failed: (problem) => stops.push(problem) });
    b.insert(1000);
    const before = b.rig.state;
    const onDisk = b.store.headSeq;
    const refuse = recallRowsRefused(b, 'ROLLBACK', 'database or disk is full (the test)');
    b.store.beginBatch();
    b.wish({ type: 'deal', bet: 1 });
    refuse(true);
    expect(() => b.wish({ type: 'draw' })).toThrow(
      /a group of commits could not be committed \(database or disk is full/,
    );
    expect(b.store.db.inTransaction).toBe(false);
    refuse(false);
    // The runner goes on in the same batch: the journal takes nothing more.
    expect(() => b.wish({ type: 'draw' })).toThrow(/a group of commits could not be committed/);
    expect(() => b.store.endBatch()).toThrow(/a group of commits could not be committed/);
    expect(stops).toHaveLength(1);
    b.store.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT max(seq) FROM commits').pluck().get()).toBe(onDisk);
    db.close();
    startsAgainWith(b, before).store.close();
  });

  it("a walk in slices paused on an open group's last commit goes on when the group's end signs that commit again", async () => {
    const b = new Bench(dataPath(dir));
    const { head, walk } = walkPausedOnOpenGroup(b);
    // Meanwhile the group ends (that commit signed again) and a commit is chained on it.
    b.store.endBatch();
    b.wish({ type: 'draw' });
    const walked = await walk;
    expect(walked.ok ? walked.commits : walked.problem).toBe(head + 1);
    expect(b.store.reader.recordsBroken).toBeNull();
    b.store.close();
  });

  it('a walk paused on that commit finds it changed in any other way (the trigger lets an in-group row take other tables and a MAC, once)', async () => {
    const stops: string[] = [];
    const b = new Bench(dataPath(dir), {}, { failed: (problem) => stops.push(problem) });
    const { head, walk } = walkPausedOnOpenGroup(b);
    b.store.db.prepare("UPDATE commits SET tables = 'made up', mac = 'made up' WHERE seq = ?").run(head);
    const walked = await walk;
    expect(walked.ok ? walked.commits : walked.problem).toBe(
      `commit ${head} changed while the walk was paused on it, not as its group's end signs it`,
    );
    expect(b.store.reader.recordsBroken).toMatch(/changed while the walk was paused on it/);
    // And the group's end cannot sign it any more: the cabinet stops.
    expect(() => b.store.endBatch()).toThrow(/could not be committed \(the commit chain is append only\)/);
    expect(stops).toHaveLength(1);
    b.store.close();
  });

  it('records cut short inside a group (its last commits removed by someone who dropped the triggers) are refused, naming the cut', async () => {
    const { path, to } = await closedAfterTwoGames();
    const db = new Database(path);
    const kept = db
      .prepare('SELECT events_to FROM commits WHERE seq = ?')
      .pluck()
      .get(to - 1) as number;
    db.exec('DROP TRIGGER commits_no_delete; DROP TRIGGER events_no_delete;');
    db.prepare('DELETE FROM commits WHERE seq = ?').run(to);
    db.prepare('DELETE FROM events WHERE seq > ?').run(kept);
    db.close();
    const reader = RecordsReader.open(path, {
      requireIntactChain: false,
      key: readMachineKey(testMachine(dir).keyFile),
    });
    expect(reader.chain.ok).toBe(false);
    expect(!reader.chain.ok && reader.chain.problem).toMatch(
      new RegExp(`commit ${to - 1} is not the last of its group, and the commits after it are missing`),
    );
    reader.close();
  });

  it('the trigger lets only an unsigned group commit get its digests and MAC, nothing else of any commit', async () => {
    const { path, to } = await closedAfterTwoGames();
    const db = new Database(path);
    const update = (sql: string, seq: number) => () => db.prepare(sql).run(seq);
    // A signed commit: nothing of it changes.
    expect(update("UPDATE commits SET tables = 'x', mac = 'y' WHERE seq = ?", to)).toThrow(/append only/);
    expect(update("UPDATE commits SET tables = 'in-group' WHERE seq = ?", to)).toThrow(/append only/);
    // One of a group before its last: its tables and MAC stay, and so does everything else.
    expect(update('UPDATE commits SET at = at + 1 WHERE seq = ?', to - 1)).toThrow(/append only/);
    expect(update("UPDATE commits SET anchor = 7, tables = 'x' WHERE seq = ?", to - 1)).toThrow(/append only/);
    expect(update("UPDATE commits SET events_head = 'x', tables = 'x' WHERE seq = ?", to - 1)).toThrow(/append only/);
    // What the journal does at a group's end goes through (here on the group's commit before its last).
    expect(update("UPDATE commits SET tables = 'signed', mac = 'new' WHERE seq = ?", to - 1)()).toMatchObject({
      changes: 1,
    });
    db.close();
  });
});
