// `parsheet poker-plus --best` stopped and resumed (issue 44): a small run stopped after its first
// stage and resumed from its folder prints the JSON an uninterrupted run prints, but for the
// times; a folder that is damaged, left by a run of other settings, or not a run's is refused
// by name. The default sizes are the command's; these are small enough for a test.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DEFAULT_POKER_PLUS_CONFIG, NO_PROGRESS, type Progress } from '../../core';
import { StageFolder } from './best-stage-folder';
import { CliError } from './command';
import { runBest, type BestSettings } from './poker-plus-best-command';

const SMALL: BestSettings = {
  config: DEFAULT_POKER_PLUS_CONFIG,
  name: 'best play, small',
  seed: 'resume-test',
  rounds: 20_000,
  halfWidth: 0.05,
  derive: { exchange: 16, second: 400, worth: 2000, final: 2000 },
  audit: 12,
  samples: { derive: 4, audit: 6 },
};
const root = mkdtempSync(join(tmpdir(), 'best-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = (name: string, settings = SMALL): StageFolder => new StageFolder(join(root, name), settings);

let written: string[];
let spy: MockInstance;
beforeEach(() => {
  written = [];
  spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});
afterEach(() => spy.mockRestore());

/** The printed JSON without what differs from run to run: the times and the load. */
async function printed(stages: StageFolder, progress: Progress = NO_PROGRESS, signal?: AbortSignal): Promise<string> {
  written = [];
  await runBest(true, undefined, { ...SMALL, threads: 2, stages, progress, ...(signal ? { signal } : {}) });
  const out = JSON.parse(written.join('')) as Record<string, unknown>;
  expect(Array.isArray(out.profile)).toBe(true);
  for (const key of ['seconds', 'cpuSeconds', 'loadAverage', 'profile']) delete out[key];
  return JSON.stringify(out);
}

describe('parsheet poker-plus --best, stopped and resumed', () => {
  it('gives the same JSON resumed after its first stage as uninterrupted', async () => {
    const whole = await printed(folder('whole'));

    // Stopped as the second stage begins: the first is saved, nothing printed.
    const stopped = folder('stopped');
    const controller = new AbortController();
    const stopAtSecond: Progress = {
      ...NO_PROGRESS,
      stage: (name) => {
        if (name === 'derive: worth table') controller.abort(new Error('stopped by the test'));
      },
    };
    await expect(printed(stopped, stopAtSecond, controller.signal)).rejects.toThrow('stopped by the test');
    expect(written).toEqual([]);
    expect(stopped.finished).toEqual(['exchange']);

    // Resumed from the folder (opened again, as a new command would).
    const notes: string[] = [];
    const resumed = await printed(folder('stopped'), { ...NO_PROGRESS, note: (line) => notes.push(line) });
    expect(notes[0]).toBe('derive: exchange table: taken from the run resumed');
    expect(resumed).toBe(whole);
    expect(JSON.parse(resumed).rtp).toBeGreaterThan(0.9);
    // Every stage was kept: a run resumed once more takes all of them and prints it again.
    expect(readdirSync(join(root, 'stopped')).sort()).toEqual(
      [
        'settings.json',
        'exchange.json',
        'worth.json',
        'second.json',
        'final.json',
        'pilot.json',
        'play.json',
        'audit-final.json',
        'audit-second.json',
        'audit-first.json',
      ].sort(),
    );
    expect(await printed(folder('stopped'))).toBe(whole);
  });

  it('refuses a stage file damaged, a run of other settings, and a folder that is not a run', () => {
    const f = folder('refusals');
    f.save('exchange', { table: { all: {} }, method: { deals: 1, decisions: 1 } });
    const file = join(root, 'refusals', 'exchange.json');
    const text = readFileSync(file, 'utf8');

    writeFileSync(file, text.replace('"deals":1', '"deals":2'));
    expect(() => folder('refusals')).toThrow(CliError);
    expect(() => folder('refusals')).toThrow(/exchange\.json is damaged \(its digest does not match/);
    writeFileSync(file, text.slice(0, 20));
    expect(() => folder('refusals')).toThrow(/exchange\.json is damaged/);
    writeFileSync(file, text);
    expect(folder('refusals').finished).toEqual(['exchange']);

    expect(() => folder('refusals', { ...SMALL, seed: 'another' })).toThrow(
      /other settings \(seed: "resume-test" there, "another" here\)/,
    );
    const stray = mkdtempSync(join(root, 'stray-'));
    writeFileSync(join(stray, 'notes.txt'), 'mine');
    expect(() => new StageFolder(stray, SMALL)).toThrow(/holds files but no settings\.json/);
    expect(() => new StageFolder(join(stray, 'notes.txt'), SMALL)).toThrow(/not a folder/);
  });

  it('refuses a saved stage that does not hold what the stage saves, naming it', async () => {
    const f = folder('wrong-shape');
    f.save('exchange', { table: { all: {}, unpaired: {} }, method: { deals: 24, decisions: 24 } });
    await expect(printed(folder('wrong-shape'))).rejects.toThrow(
      /--resume .*wrong-shape: the saved "exchange" stage does not hold what that stage saves \(exchange\.all\.royal-flush: expected 13 worths/,
    );
  });
});
