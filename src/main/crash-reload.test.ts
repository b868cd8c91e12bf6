import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrashBackoff, watchRenderer, type WatchedContents } from './crash-reload';

describe('crash back-off', () => {
  it('doubles the wait after each crash in a row, up to the cap', () => {
    const backoff = new CrashBackoff({ firstMs: 1000, maxMs: 10_000, calmMs: 60_000 });
    expect([0, 1, 2, 3, 4, 5].map((i) => backoff.next(i * 100))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('starts again after a calm period', () => {
    const backoff = new CrashBackoff({ firstMs: 1000, maxMs: 10_000, calmMs: 60_000 });
    backoff.next(0);
    backoff.next(1000);
    expect(backoff.next(2000)).toBe(4000);
    expect(backoff.next(62_000)).toBe(1000);
    expect(backoff.next(62_500)).toBe(2000);
  });
});

describe('renderer watcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(alive = () => true) {
    const contents = Object.assign(new EventEmitter(), { forcefullyCrashRenderer: vi.fn() });
    const reload = vi.fn();
    const logs: string[] = [];
    let now = 0;
    watchRenderer(contents as unknown as WatchedContents, {
      reload,
      alive,
      log: (line) => logs.push(line),
      now: () => now,
      backoff: new CrashBackoff({ firstMs: 1000, maxMs: 8000, calmMs: 60_000 }),
      hangMs: 5000,
    });
    return { contents, reload, logs, advance: (ms: number) => ((now += ms), vi.advanceTimersByTime(ms)) };
  }

  it('reloads a crashed renderer after the back-off, longer each time, and logs why', () => {
    const t = setup();
    t.contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    t.advance(999);
    expect(t.reload).not.toHaveBeenCalled();
    t.advance(1);
    expect(t.reload).toHaveBeenCalledTimes(1);
    t.contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 });
    t.advance(1999);
    expect(t.reload).toHaveBeenCalledTimes(1);
    t.advance(1);
    expect(t.reload).toHaveBeenCalledTimes(2);
    expect(t.logs).toEqual([
      'renderer gone (crashed, exit code 139); reloading in 1000 ms',
      'renderer gone (oom, exit code 0); reloading in 2000 ms',
    ]);
  });

  it('reloads nothing while the app is closing', () => {
    let alive = true;
    const t = setup(() => alive);
    t.contents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 9 });
    alive = false;
    t.advance(10_000);
    t.contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    t.advance(10_000);
    expect(t.reload).not.toHaveBeenCalled();
    expect(t.logs[1]).toContain('while closing');
  });

  it('crashes a renderer that stays unresponsive, but not one that recovers', () => {
    const t = setup();
    t.contents.emit('unresponsive');
    t.advance(4000);
    t.contents.emit('responsive');
    t.advance(10_000);
    expect(t.contents.forcefullyCrashRenderer).not.toHaveBeenCalled();
    t.contents.emit('unresponsive');
    t.advance(5000);
    expect(t.contents.forcefullyCrashRenderer).toHaveBeenCalledTimes(1);
  });
});
