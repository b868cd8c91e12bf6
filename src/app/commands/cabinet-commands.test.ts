import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runReplay } from '../../core';
import type { CabinetEffect } from '../../cabinet';
import { CHECKPOINT_EVERY, createMachineKey } from '../../store';
import { Bench, dataPath, testMachine } from '../../store/testing/store-rig';
import { runHeadless } from '../headless';
import { CliError, type Command } from './command';
import { eventsCommand } from './events-command';
import { metersCommand } from './meters-command';
import { recallCommand } from './recall-command';
import { runCommand } from './run-command';

let dir: string;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-cli-'));
  // No config file: the key goes in the folder holding the data folder, the mirror beside it.
  db = dataPath(dir, 'cabinet.db');
  await runHeadless({ dbPath: db, ledgerPath: join(dir, 'devices.jsonl'), seed: 'cli', games: 40, write: () => {} });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(command: Command, args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await command.run(args), out };
  } finally {
    spy.mockRestore();
  }
}

describe('meters, recall, events', () => {
  it('meters --json shows the meters with SAS codes and a balanced C-9 check', async () => {
    const { code, out } = await run(metersCommand, ['--db', db, '--json']);
    expect(code).toBe(0);
    const m = JSON.parse(out);
    expect(m.balanceCheck.ok).toBe(true);
    expect(m.meters.find((r: { name: string }) => r.name === 'gamesPlayed')).toMatchObject({
      code: '0005',
      lifetime: 40,
    });
    expect(m.derived.currentCredits).toMatchObject({ code: '000C', value: m.balance });
    const text = await run(metersCommand, ['--db', db]);
    expect(text.out).toMatch(/C-9 balance check: ok/);
  });

  it('recall lists the games, and --replay gives a file that replays to the stored result', async () => {
    const list = JSON.parse((await run(recallCommand, ['--db', db, '--last', '5', '--json'])).out);
    expect(list).toHaveLength(5);
    expect(list[0].gameId).toBe(40);
    const { out } = await run(recallCommand, ['--db', db, '--replay', String(list[2].gameId)]);
    expect(runReplay(JSON.parse(out))).toEqual(list[2].result);
    await expect(run(recallCommand, ['--db', db, '--replay', '9999'])).rejects.toThrow(/not in the recall/);
  });

  it('events --verify checks the keyed records with the machine key, and the mirror; then finds an edit', async () => {
    const key = join(dir, 'machine.key');
    const mirror = join(dir, 'data-mirror');
    const intact = await run(eventsCommand, ['--db', db, '--verify', '--key-file', key, '--mirror', mirror]);
    expect(intact.out).toMatch(
      /^records intact: \d+ event rows, every commit signed by this machine's key\nmirror: agrees with the database\n$/,
    );
    expect(intact.code).toBe(0);
    await expect(run(eventsCommand, ['--db', db, '--verify'])).rejects.toThrow(/--verify needs --key-file/);
    const otherKey = join(dir, 'other.key');
    createMachineKey(otherKey);
    const foreign = await run(eventsCommand, ['--db', db, '--verify', '--key-file', otherKey]);
    expect(foreign.code).toBe(1);
    expect(foreign.out).toMatch(/bound to the key with fingerprint/);
    const copy = join(dir, 'data', 'tampered.db');
    const src = new Database(db);
    await src.backup(copy);
    src.close();
    const t = new Database(copy);
    t.exec("DROP TRIGGER events_no_update; UPDATE events SET data = '{}' WHERE seq = 2");
    t.close();
    const r = await run(eventsCommand, ['--db', copy, '--verify', '--key-file', key]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/BROKEN at event row 2/);
    const json = await run(eventsCommand, ['--db', copy, '--verify', '--key-file', key, '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, seq: 2 });
  });

  it('events --verify --incremental walks from the latest keyed checkpoint, says from where, and finds a forged one', async () => {
    await expect(run(eventsCommand, ['--db', db, '--incremental'])).rejects.toThrow(/--incremental goes with --verify/);
    const logged = dataPath(join(dir, 'logged'));
    const b = new Bench(logged);
    b.store.db.pragma('synchronous = OFF');
    const door = (open: boolean): CabinetEffect => ({
      type: 'log',
      entry: { at: 1, kind: 'door', data: { door: 'main', open } },
    });
    while (b.store.eventCount() < CHECKPOINT_EVERY) b.store.appendLog([door(true), door(false)]);
    b.store.close();
    const key = testMachine(join(dir, 'logged')).keyFile;
    const verify = ['--db', logged, '--verify', '--key-file', key];
    const whole = JSON.parse((await run(eventsCommand, [...verify, '--json'])).out);
    const since = await run(eventsCommand, [...verify, '--incremental', '--json']);
    expect(since.code).toBe(0);
    const found = JSON.parse(since.out);
    expect(whole).toMatchObject({ ok: true, walked: 'whole' });
    expect(found).toMatchObject({
      ok: true,
      walked: { from: expect.any(Number), by: expect.stringMatching(/^checkpoint/) },
    });
    expect(found.rows).toBeLessThan(whole.rows / 2);
    const text = await run(eventsCommand, [...verify, '--incremental']);
    expect(text.out).toMatch(/^records intact since commit \d+ \(checkpoint \d+\): \d+ event rows walked/);
    const t = new Database(logged);
    t.prepare("INSERT INTO checkpoints (kind, commit_seq, at, mac) VALUES ('verified', ?, 0, ?)").run(
      found.walked.from + 5,
      '0'.repeat(64),
    );
    t.close();
    const forged = await run(eventsCommand, [...verify, '--incremental']);
    expect(forged.code).toBe(1);
    expect(forged.out).toMatch(/BROKEN .*checkpoint \d+ does not verify under this machine's key/);
  });

  it('refuses a missing --db, a missing file and a file that is not a database', async () => {
    await expect(run(metersCommand, [])).rejects.toThrow(CliError);
    await expect(run(metersCommand, ['--db', join(dir, 'nope.db')])).rejects.toThrow(/does not exist/);
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'x'.repeat(5000));
    await expect(run(recallCommand, ['--db', junk])).rejects.toThrow(/not an SQLite database/);
    await expect(
      run(eventsCommand, ['--db', junk, '--verify', '--key-file', join(dir, 'machine.key')]),
    ).rejects.toThrow(/not an SQLite database/);
  });

  it('run refuses a broken config and a bad database with a one-line message, and needs --headless and --bot', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ limits: { ticketLimit: 'lots' } }));
    await expect(
      run(runCommand, ['--headless', '--db', join(dir, 'data', 'x.db'), '--bot', '1', '--config', bad]),
    ).rejects.toThrow(/config: limits\.ticketLimit must be a whole number of minor units/);
    const junk = join(dir, 'data', 'junk2.db');
    writeFileSync(junk, 'y'.repeat(4096));
    await expect(run(runCommand, ['--headless', '--db', junk, '--bot', '1'])).rejects.toThrow(/not an SQLite database/);
    await expect(run(runCommand, ['--db', db, '--bot', '1'])).rejects.toThrow(/--headless/);
    await expect(run(runCommand, ['--headless', '--db', db])).rejects.toThrow(/--bot SEED is required/);
  });

  it('a session that stays up keeps the cabinet open after its games, until told to stop', async () => {
    const lines: string[] = [];
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let ended = false;
    const session = runHeadless({
      // A machine of its own (key and mirror beside its data folder), apart from the one above.
      dbPath: dataPath(join(dir, 'stay')),
      ledgerPath: join(dir, 'stay', 'devices.jsonl'),
      seed: 'stay',
      games: 2,
      stayUntil: stopped,
      write: (line) => lines.push(line),
    }).then((summary) => {
      ended = true;
      return summary;
    });
    await vi.waitFor(() => expect(lines.some((l) => JSON.parse(l).type === 'done')).toBe(true), { timeout: 20_000 });
    // The bot is done and the session has not ended: it waits for the stop.
    await new Promise((r) => setTimeout(r, 200));
    expect(ended).toBe(false);
    stop();
    const summary = await session;
    expect(ended).toBe(true);
    expect(summary.games).toBe(2);
  });
});
