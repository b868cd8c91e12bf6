// The progress of a long command on standard error (issue 44): plain lines at each stage's start
// and end and periodically between when standard error is not a terminal, a line redrawn in
// place on one, nothing with --quiet, and estimates that are never negative whatever the work
// reports and however the clock moves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProgressTracker, type ProgressSnapshot } from '../core';
import { progressLine, reportProgress, stageEndLine, type ProgressStream } from './progress-reporter';

function stream(isTTY: boolean): ProgressStream & { text: () => string } {
  const chunks: string[] = [];
  return { isTTY, columns: 80, write: (t: string) => chunks.push(t), text: () => chunks.join('') };
}

/** A clock the test moves. */
function clock(): { now: () => number; go: (ms: number) => void } {
  let t = 1_000;
  return { now: () => t, go: (ms) => (t += ms) };
}

describe('the progress reporter', () => {
  it('writes plain lines when standard error is not a terminal: at a stage start and end, and every so often', () => {
    const out = stream(false);
    const c = clock();
    const { progress, close } = reportProgress({ stream: out, now: c.now, everyMs: 10_000 });
    progress.stage('play', 1_000, 'rounds');
    for (let i = 1; i <= 10; i++) {
      c.go(3_000);
      progress.done(i * 100);
    }
    progress.finish();
    close();
    const lines = out.text().split('\n');
    expect(lines.pop()).toBe('');
    expect(out.text()).not.toMatch(/[\r\x1b]/);
    expect(lines[0]).toBe('play  0.0%  0 of 1,000 rounds  0:00  estimating');
    // 30 s of work, a line at most every 10 s: at 12, 24 s (the clock moved 3 s a report).
    expect(lines.slice(1, -1)).toEqual([
      'play  40.0%  400 of 1,000 rounds  0:12  about 0:18 left',
      'play  80.0%  800 of 1,000 rounds  0:24  about 0:06 left',
    ]);
    expect(lines.at(-1)).toBe('play: done, 1,000 rounds in 0:30');
  });

  it('redraws one line in place on a terminal, and keeps a stage end and a note on lines of their own', () => {
    const out = stream(true);
    const c = clock();
    const { progress, close } = reportProgress({ stream: out, now: c.now, redrawMs: 100 });
    progress.stage('walk', 50, 'commits');
    c.go(50);
    progress.done(10); // within 100 ms of the last draw: not drawn
    c.go(100);
    progress.done(20);
    progress.note('a line worth keeping');
    progress.finish();
    close();
    const text = out.text();
    expect(text).not.toContain('10 of 50');
    expect(text.split('\r\x1b[2K').filter(Boolean)).toEqual([
      'walk  0.0%  0 of 50 commits  0:00  estimating',
      'walk  40.0%  20 of 50 commits  0:00  about 0:00 left',
      'a line worth keeping\n',
      'walk  40.0%  20 of 50 commits  0:00  about 0:00 left',
      'walk: stopped at 40.0% (20 of 50 commits) in 0:00\n',
    ]);
  });

  it('cuts a terminal line to the terminal width', () => {
    const out = { ...stream(true), columns: 30 };
    const { progress, close } = reportProgress({ stream: out, now: clock().now });
    progress.stage('a stage with a long name that goes on', 10, 'units');
    close();
    for (const part of out.text().split('\r\x1b[2K').filter(Boolean)) expect(part.length).toBeLessThanOrEqual(29);
  });

  it('writes nothing with --quiet, yet still knows where the run was', () => {
    const out = stream(false);
    const { progress, close } = reportProgress({ stream: out, quiet: true, now: clock().now, everyMs: 0 });
    progress.stage('play', 10, 'rounds');
    progress.done(4);
    progress.note('found');
    expect(progress.snapshot()?.done).toBe(4);
    progress.finish();
    close();
    expect(out.text()).toBe('');
    expect(progress.finished.map((s) => s.stage)).toEqual(['play']);
  });

  it('estimates the whole run from the plan: the time the stages took for their weight', () => {
    const c = clock();
    const seen: ProgressSnapshot[] = [];
    const plan = [
      { name: 'a', weight: 1 },
      { name: 'b', weight: 3 },
    ];
    const t = new ProgressTracker({ update: (s) => seen.push(s) }, c.now, plan);
    t.stage('a', 10);
    c.go(10_000);
    t.done(10);
    // a: 10 s for weight 1, so b's weight 3 should take 30 s.
    expect(seen.at(-1)).toMatchObject({ index: 1, stages: 2, stageLeftMs: 0, leftMs: 30_000 });
    t.stage('b', 100);
    c.go(15_000);
    t.done(50);
    expect(seen.at(-1)).toMatchObject({ index: 2, fraction: 0.5, stageLeftMs: 15_000, leftMs: 15_000 });
    expect(progressLine(seen.at(-1)!)).toBe('[2/2] b  50.0%  50 of 100  0:15  about 0:15 left');
  });

  it('gives no estimate on a sliver of the work (the first batch, slowed by the workers starting)', () => {
    const c = clock();
    let last: ProgressSnapshot | null = null;
    const t = new ProgressTracker({ update: (s) => (last = s) }, c.now, [{ name: 'a', weight: 1 }]);
    t.stage('a', 1_000, 'deals');
    c.go(12_000);
    t.done(8);
    expect(last).toMatchObject({ fraction: 0.008, stageLeftMs: null, leftMs: null });
    expect(progressLine(last!)).toBe('[1/1] a  0.8%  8 of 1,000 deals  0:12  estimating');
    c.go(1_000);
    t.done(16);
    expect(last).toMatchObject({ stageLeftMs: 13_000 * (984 / 16), leftMs: 13_000 * (984 / 16) });
  });

  it('passes over a planned stage a resumed run never ran', () => {
    const c = clock();
    let last: ProgressSnapshot | null = null;
    const t = new ProgressTracker({ update: (s) => (last = s) }, c.now, [
      { name: 'a', weight: 5 },
      { name: 'b', weight: 1 },
      { name: 'c', weight: 1 },
    ]);
    t.stage('b', 4);
    c.go(4_000);
    t.done(2);
    // 4 s for half of b's weight 1: its other half 4 s, c (weight 1) 8 s; a (never run) nothing.
    expect(last).toMatchObject({ index: 2, stageLeftMs: 4_000, leftMs: 12_000 });
  });

  it('never gives a negative or endless estimate, whatever the work reports and the clock does', () => {
    const step = fc.record({
      kind: fc.constantFrom('stage', 'done', 'clock'),
      n: fc.oneof(
        fc.integer({ min: -10, max: 2_000 }),
        fc.double({ noNaN: false }),
        fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN, -0),
      ),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let t = 0;
        const seen: ProgressSnapshot[] = [];
        const tracker = new ProgressTracker({ update: (s) => seen.push(s), stageEnd: (s) => seen.push(s) }, () => t, [
          { name: 's0', weight: 2 },
          { name: 's1', weight: 1 },
        ]);
        let stages = 0;
        for (const { kind, n } of steps) {
          if (kind === 'stage') tracker.stage(`s${stages++ % 3}`, n);
          else if (kind === 'done') tracker.done(n);
          else t += Number.isFinite(n) ? n : 0; // backwards too
        }
        tracker.finish();
        for (const s of seen) {
          for (const ms of [s.stageLeftMs, s.leftMs, s.elapsedMs, s.stageElapsedMs])
            if (ms !== null) expect(Number.isFinite(ms) && ms >= 0).toBe(true);
          if (s.fraction !== null) expect(s.fraction >= 0 && s.fraction <= 1).toBe(true);
          expect(progressLine(s)).not.toMatch(/-|NaN|Infinity/);
          expect(stageEndLine(s)).not.toMatch(/-\d|NaN|Infinity/);
        }
      }),
      { numRuns: 400 },
    );
  });
});
