// Replay files pinned down (docs/replay.md): every fixture in test/replays runs to its expected
// output, every refused file fails with the expected one-line error, and the command line keeps
// its contract (stdout JSON and exit 0, or one stderr line and exit 2 with nothing on stdout).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplayError, runReplay, type ReplayStep } from '../src/core';

const dir = join(import.meta.dirname, 'replays');
const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.replay.json'));
const errors = read('errors.json') as { why: string; file: unknown; error: string }[];

function cli(args: string[], input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/app/cli.ts', ...args], {
    cwd: join(import.meta.dirname, '..'),
    input,
    encoding: 'utf8',
  });
}

describe('replay fixtures', () => {
  it.each(fixtures)('%s gives its expected output', (name) => {
    const expected = read(name.replace('.replay.json', '.expected.json'));
    expect(runReplay(read(name))).toEqual(expected);
  });

  it.each(errors.map((e) => [e.why, e] as const))('refuses %s', (_why, c) => {
    expect(() => runReplay(c.file)).toThrow(ReplayError);
    try {
      runReplay(c.file);
    } catch (e) {
      expect((e as Error).message).toContain(c.error);
      expect((e as Error).message).not.toContain('\n');
    }
  });

  it.each(fixtures)('%s shows every step to an observer: the deal, each action, the reveal', (name) => {
    const file = read(name) as { actions: unknown[] };
    const steps: ReplayStep[] = [];
    const output = runReplay(file, (step) => steps.push(step));
    expect(steps[0]!.action).toBeNull();
    expect(steps.slice(1, file.actions.length + 1).map((s) => s.action)).toEqual(file.actions);
    const last = steps[steps.length - 1]!;
    expect(last.state.phase).toBe('over');
    // Poker Plus adds the dealer's reveal unless the actions already ended the round.
    expect(steps.length - file.actions.length - 1).toBe(last.action?.type === 'reveal' ? 1 : 0);
    expect(output.game).toBe(last.game);
  });

  it.each([
    ['poker-plus-second-exchange-after-sixth', [10, 10], 'flush'],
    ['poker-plus-second-exchange-after-exchange', [20, 10], 'full-house'],
  ] as const)("%s: a one-card second exchange costs 1A after the first action's fee", (name, fees, hand) => {
    const steps: ReplayStep[] = [];
    const output = runReplay(read(`${name}.replay.json`), (step) => steps.push(step));
    const last = steps.at(-1)!;
    if (last.game !== 'poker-plus') throw new Error('a Poker Plus fixture');
    const box = last.state.boxes[0]!;
    expect(last.state.rulesVersion).toBe(2);
    expect(box.draws.map((d) => d.fee)).toEqual(fees);
    expect(box.draws[1]).toMatchObject({ kind: 'exchange', positions: [expect.any(Number)] });
    // Ante 10, the two fees and the BET of 20 staked.
    expect(output).toMatchObject({ boxes: [{ hand, outcome: 'win', staked: 10 + fees[0] + fees[1] + 20 }] });
  });

  it('is deterministic: the same file gives the same result twice', () => {
    for (const name of fixtures) expect(runReplay(read(name))).toEqual(runReplay(read(name)));
  });
});

describe('replay command line', () => {
  it('prints one JSON object and exits 0', () => {
    const r = cli(['replay', join(dir, 'poker-plus-worked-example.replay.json')]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(read('poker-plus-worked-example.expected.json'));
  });

  it("prints rules.md's worked example byte for byte: full house paid 20 × 7, net +130", () => {
    const r = cli(['replay', join(dir, 'poker-plus-worked-example.replay.json')]);
    expect(r.stdout).toBe(readFileSync(join(dir, 'poker-plus-worked-example.expected.json'), 'utf8'));
    expect(r.stdout).toBe(
      '{"game":"poker-plus","dealer":{"cards":["Qs","Qc","8d","3h","Kd"],"hand":"pair","game":true,"bought":null},' +
        '"boxes":[{"cards":["Ah","Ad","Ac","9d","9s"],"best":["Ah","Ad","Ac","9d","9s"],"hand":"full-house",' +
        '"outcome":"win","staked":50,"returned":180,"net":130}],"net":130}\n',
    );
  });

  it('reads standard input for "-"', () => {
    const r = cli(['replay', '-'], readFileSync(join(dir, 'jacks-royal.replay.json'), 'utf8'));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ hand: 'royal-flush', win: 1250 });
  });

  it('exits 2 with one line naming the action, nothing on stdout', () => {
    const bad = errors.find((e) => e.why === 'a third draw action')!;
    const r = cli(['replay', '-'], JSON.stringify(bad.file));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('action 2');
  });

  it('exits 2 for a second exchange of two cards, with one line naming P-3 and the action', () => {
    const bad = errors.find((e) => e.why === 'a second exchange of two cards')!;
    const r = cli(['replay', '-'], JSON.stringify(bad.file));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'replay: action 1: P-3: a second draw action exchanges one card only (rules version 2), not 2\n',
    );
  });

  it("plays a file that does not say its rules version under today's P-3, and one that says 1 under the old", () => {
    const old = read('poker-plus-rules-version-1.replay.json') as Record<string, unknown>;
    expect(runReplay(old)).toEqual(read('poker-plus-rules-version-1.expected.json'));
    const { rulesVersion, ...unsaid } = old;
    expect(rulesVersion).toBe(1);
    const today = 'action 1: P-3: a second draw action exchanges one card only (rules version 2), not 4';
    expect(() => runReplay(unsaid)).toThrow(today);
    expect(() => runReplay({ ...unsaid, rulesVersion: 2 })).toThrow(today);
  });

  it('exits 2 for a file that is not JSON or does not exist', () => {
    const notJson = cli(['replay', '-'], '{"game":');
    expect(notJson.status).toBe(2);
    expect(notJson.stderr).toContain('not valid JSON');
    const missing = cli(['replay', join(dir, 'no-such-file.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read');
  });
});
