// The long commands as an operator or a CI job runs them (issue 44), in a process of their own
// with standard error a pipe (not a terminal): their progress comes as plain lines on standard
// error, standard output holds the answer alone, --quiet leaves standard error empty, and a
// Ctrl-C (SIGINT) stops the run with what it had done and exit 130; --best says where to resume.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataPath } from '../src/store/testing/store-rig';
import { runHeadless } from '../src/app/headless';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'long-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/app/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });

/** Runs the command until its standard error shows `when`, then sends SIGINT; what it printed and its exit. */
function interrupted(args: string[], when: RegExp): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/cli.ts', ...args], { cwd: root });
  let out = '';
  let err = '';
  let sent = false;
  child.stdout.on('data', (d: Buffer) => (out += String(d)));
  child.stderr.on('data', (d: Buffer) => {
    err += String(d);
    if (!sent && when.test(err)) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

const ESCAPES = /[\r\x1b]/;

describe('a long command on a pipe', () => {
  it('simulate: plain progress lines on standard error, the JSON alone on standard output', () => {
    const r = cli(['simulate', 'poker-plus', '--rounds', '120000', '--seed', 'pipe', '--json']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ rounds: 120_000, seed: 'pipe' });
    expect(r.stderr).not.toMatch(ESCAPES);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('play  0.0%  0 of 120,000 rounds  0:00  estimating');
    expect(lines.at(-1)).toMatch(/^play: done, 120,000 rounds in \d+:\d\d$/);
  });

  it('--quiet: nothing on standard error, the answer on standard output', () => {
    const r = cli(['rng-report', '--deals', '30000', '--source', 'seeded:quiet', '--json', '--quiet']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ deals: 30_000, source: 'seeded:quiet' });
  });

  it('events --verify: the walk of the keyed chain as it goes, the verdict alone on standard output', async () => {
    const db = dataPath(dir, 'cabinet.db');
    await runHeadless({ dbPath: db, ledgerPath: join(dir, 'devices.jsonl'), seed: 'long', games: 10, write: () => {} });
    // The key is the one the headless run made in the folder holding the data folder.
    const r = cli(['events', '--db', db, '--verify', '--key-file', join(dir, 'machine.key'), '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true });
    expect(r.stderr).toMatch(/^keyed chain  0\.0%  0 of \d+ commits/);
    expect(r.stderr).toMatch(/keyed chain: done, [\d,]+ commits in/);
    expect(r.stderr).toMatch(/tables against their digests: done in/);
  });
});

describe('Ctrl-C', () => {
  it('stops simulate with what it had done, exit 130, nothing on standard output', async () => {
    const r = await interrupted(
      ['simulate', 'poker-plus', '--rounds', '100000000', '--seed', 'stop', '--json'],
      /play/,
    );
    expect(r.code).toBe(130);
    expect(r.out).toBe('');
    expect(r.err).toMatch(
      /simulate poker-plus: stopped \(Ctrl-C\) after \d+:\d\d, in "play" at [\d.]+% \([\d,]+ of 100,000,000 rounds\)\nnothing was written to standard output\n$/,
    );
  });

  it('stops parsheet poker-plus --best in its first stage, the folder kept to resume in', async () => {
    const folder = join(dir, 'best');
    const r = await interrupted(
      ['parsheet', 'poker-plus', '--best', '--json', '--resume', folder],
      /\[1\/9\] derive: exchange table/,
    );
    expect(r.code).toBe(130);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/parsheet poker-plus --best: stopped \(Ctrl-C\) after \d+:\d\d, in "derive: exchange table"/);
    expect(r.err).toMatch(/no stage had finished/);
    expect(existsSync(folder)).toBe(true);
    expect(readdirSync(folder)).toEqual(['settings.json']);
  });
});
