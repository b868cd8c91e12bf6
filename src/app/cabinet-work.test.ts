import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../contract';
import { dataPath } from '../store/testing/store-rig';
import { startCabinet } from './cabinet-app';
import { CabinetWork, measured, WORK_REDRAW_MS } from './cabinet-work';
import { parseConfig } from './config';

describe('the work under way on a cabinet', () => {
  it('lists a piece from its first stage to its end, and tells its counts at most once a second', () => {
    let now = 1000;
    const work = new CabinetWork(() => now);
    let told = 0;
    work.onChange(() => told++);
    const walk = work.begin('records-walk');
    // Begun but nothing reported: nothing to show, nobody told.
    expect(work.list()).toEqual([]);
    expect(told).toBe(0);
    walk.progress.stage('keyed chain', 1000, 'commits');
    expect(told).toBe(1);
    for (let i = 1; i <= 9; i++) {
      now += 50;
      walk.progress.done(i * 10);
    }
    expect(told).toBe(1);
    now += WORK_REDRAW_MS;
    walk.progress.done(500);
    expect(told).toBe(2);
    const [shown] = work.list();
    expect(shown).toMatchObject({ kind: 'records-walk', subject: null, done: 500, total: 1000, fraction: 0.5 });
    expect(shown!.leftMs).toBeGreaterThan(0);
    walk.end();
    expect(work.list()).toEqual([]);
    expect(told).toBe(3);
    walk.end();
    expect(told).toBe(3);
  });

  it('never estimates a negative time left, and a piece that never began a stage is never told', async () => {
    let now = 0;
    const work = new CabinetWork(() => now);
    let told = 0;
    work.onChange(() => told++);
    await measured(work.begin('table-measure'), async () => 'nothing to measure');
    expect(told).toBe(0);
    const archive = work.begin('archive', 'records-2026.archive');
    archive.progress.stage('commits', 100);
    for (const done of [10, 99, 100, 150]) {
      now += 700;
      archive.progress.done(done);
      for (const w of work.list()) expect(w.leftMs === null || w.leftMs >= 0).toBe(true);
    }
    expect(work.list()[0]).toMatchObject({ kind: 'archive', subject: 'records-2026.archive', fraction: 1, leftMs: 0 });
    await expect(
      measured(work.begin('table-measure'), async (p) => {
        p.stage('deal classes', 10);
        throw new Error('failed');
      }),
    ).rejects.toThrow('failed');
    expect(work.list().map((w) => w.kind)).toEqual(['archive']);
  });
});

describe('a running cabinet shows its long work on the screens', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("the records' walk and the tables' returns appear in the snapshots while they run, and leave when done", async () => {
    dir = mkdtempSync(join(tmpdir(), 'cabinet-work-'));
    const db = dataPath(dir, 'c.db');
    const seen: Snapshot['work'][] = [];
    const config = parseConfig({ access: { initialPin: '1234' } });
    const cabinet = await startCabinet({
      config,
      dataDir: dir,
      database: db.slice(dir.length + 1),
      devices: { kind: 'ledger', ledgerPath: null },
      dealing: { kind: 'crypto' },
      ratePayTables: 'when asked',
    });
    try {
      cabinet.port.onSnapshot((s) => seen.push(s.work));
      await cabinet.payTablesRated();
      const kinds = new Set(seen.flat().map((w) => w.kind));
      expect(kinds.has('table-measure')).toBe(true);
      const measuring = seen.flat().filter((w) => w.kind === 'table-measure');
      expect(measuring.some((w) => w.total > 0 && w.unit === 'classes')).toBe(true);
      // Done: the last snapshot lists no work, and the port's own snapshot agrees.
      expect(seen.at(-1)).toEqual([]);
      expect(cabinet.port.snapshot().work).toEqual([]);
    } finally {
      await cabinet.close();
    }
  });
});
