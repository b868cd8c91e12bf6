// P-3's upgrade to the original's reading (a second draw action exchanges one card) on a database
// the earlier release wrote itself: test/fixtures/p3-rules-1 (made by its make.ts at the commit
// before), one Poker Plus game whose second action exchanged four cards, recorded, and a round in
// progress after a first exchange. The old game recalls under rules version 1 and replays to its
// recorded result; the round ends under the rule it was dealt with; the next one is dealt under
// today's.

import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runReplay } from '../core';
import { stackedDeck } from '../core/testing/decks';
import { startCabinet } from './cabinet-app';
import { recallCommand } from './commands/recall-command';
import { parseConfig } from './config';
import { snapshotOf } from './screen/snapshot-of';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/p3-rules-1', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cabinet-p3-rules-1-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function recalledFile(db: string, gameId: number): Promise<Record<string, unknown>> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    expect(await recallCommand.run(['--db', db, '--replay', String(gameId)])).toBe(0);
  } finally {
    spy.mockRestore();
  }
  return JSON.parse(out) as Record<string, unknown>;
}

describe('P-3 across the upgrade, on a database the earlier release wrote', () => {
  it('recalls its game under rules version 1, ends its round under it, and deals the next under version 2', async () => {
    cpSync(FIXTURE, dir, { recursive: true });
    // Git keeps no file modes: the key and the mirror are made the cabinet user's alone again.
    chmodSync(join(dir, 'machine.key'), 0o600);
    chmodSync(join(dir, 'data-mirror'), 0o700);
    const data = join(dir, 'data');
    const db = join(data, 'cabinet.db');

    // The game recorded before: its file says nothing of a rules version; read back, it says 1.
    const old = await recalledFile(db, 1);
    expect(old).toMatchObject({ game: 'poker-plus', rulesVersion: 1 });
    expect(old.actions).toEqual([
      { type: 'buySixth', box: 0 },
      { type: 'exchange', box: 0, positions: [2, 3, 4, 5] },
      { type: 'bet', box: 0 },
    ]);
    expect(runReplay(old)).toMatchObject({ net: 65, boxes: [{ hand: 'full-house', staked: 25, returned: 90 }] });
    // Without its version the same file is today's rule, which refuses that second exchange.
    const { rulesVersion: _said, ...unsaid } = old;
    expect(() => runReplay(unsaid)).toThrow('action 1: P-3: a second draw action exchanges one card only');

    const app = await startCabinet({
      config: parseConfig({}),
      dataDir: data,
      database: 'cabinet.db',
      devices: { kind: 'ledger', ledgerPath: join(data, 'sim-devices.jsonl') },
      dealing: {
        kind: 'seeded',
        seed: 'p3-upgrade',
        for: 'test',
        decks: [stackedDeck('2h 9h Kc 5h Jh Qs Qc 8d 3h Kd 7s 4d Ah')],
      },
    });
    try {
      const ledger = app.devices.ledger!;
      ledger.connect();
      await ledger.settled();
      expect(app.journal.records).toMatchObject({ ok: true });
      const session = app.runner.state.game;
      if (session?.game !== 'poker-plus') throw new Error('the fixture holds a Poker Plus round in progress');
      expect(session.core.rulesVersion).toBe(1);
      expect(app.runner.state.balance).toBe(10050);
      // Its second action may still take any number of cards, each for 1A, and the screen says so.
      expect(snapshotOf(app.runner.state, 0).pokerPlus.fees.exchange).toEqual([0, 5, 5, 5, 5, 5]);
      expect(app.runner.wish({ type: 'exchange', positions: [3, 4] })).toMatchObject({ ok: true });
      expect(app.runner.wish({ type: 'bet' })).toMatchObject({ ok: true });
      expect(app.runner.wish({ type: 'reveal' })).toMatchObject({ ok: true });
      // Ante 5, fees 10 and 5, BET 10; a full house against the queens: 5 + 5 + 10 + 10 × 7 back.
      expect(app.runner.state.balance).toBe(10050 - 5 - 10 + 90);
      const ended = app.journal.reader.recallGame(2)!;
      expect(ended.replay).toMatchObject({ rulesVersion: 1 });
      expect(runReplay(ended.replay)).toEqual(ended.result);
      expect(ended.result).toMatchObject({ boxes: [{ hand: 'full-house', staked: 30, returned: 90 }] });
      expect(app.journal.reader.eventsOfKind(['anomaly'], 10)).toEqual([]);

      // The next round is today's: after a sixth card, one card only.
      expect(app.runner.wish({ type: 'deal' })).toMatchObject({ ok: true });
      const next = app.runner.state.game;
      if (next?.game !== 'poker-plus') throw new Error('a Poker Plus round');
      expect(next.core.rulesVersion).toBe(2);
      expect(app.runner.wish({ type: 'buySixth' })).toMatchObject({ ok: true });
      expect(snapshotOf(app.runner.state, 0).pokerPlus.fees.exchange).toEqual([0, 5]);
      expect(app.runner.wish({ type: 'exchange', positions: [2, 5] })).toMatchObject({
        ok: false,
        refusal: { rule: 'P-3', reason: 'a second draw action exchanges one card only (rules version 2), not 2' },
      });
      expect(app.runner.wish({ type: 'exchange', positions: [2] })).toMatchObject({ ok: true });
      expect(app.runner.wish({ type: 'bet' })).toMatchObject({ ok: true });
      expect(app.runner.wish({ type: 'reveal' })).toMatchObject({ ok: true });
      expect(app.journal.reader.recallGame(3)!.replay).toMatchObject({ rulesVersion: 2 });
    } finally {
      await app.close();
    }
    expect(await recalledFile(db, 2)).toMatchObject({ rulesVersion: 1 });
    expect(await recalledFile(db, 3)).toMatchObject({ rulesVersion: 2 });
  }, 60_000);
});
