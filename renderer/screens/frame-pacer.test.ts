import { describe, expect, it } from 'vitest';
import { AMBIENT_MS, FramePacer } from './frame-pacer';

const FRAME = 1000 / 60;

describe('which frames are drawn', () => {
  it('draws the first frame and one after each change, and nothing on a still screen', () => {
    const p = new FramePacer();
    expect(p.due(FRAME, false, false)).toBe(true);
    expect(p.due(FRAME, false, false)).toBe(false);
    p.invalidate();
    expect(p.due(FRAME, false, false)).toBe(true);
    expect(p.due(FRAME, false, false)).toBe(false);
  });

  it('draws every frame while something moves, and one more after it stops', () => {
    const p = new FramePacer();
    p.due(FRAME, false, false);
    expect([true, true, true].map((m) => p.due(FRAME, m, false))).toEqual([true, true, true]);
    expect(p.due(FRAME, false, false)).toBe(true);
    expect(p.due(FRAME, false, false)).toBe(false);
  });

  it('draws ambient effects at their pace, every frame, or not at all', () => {
    const run = (p: FramePacer) => Array.from({ length: 60 }, () => p.due(FRAME, false, true)).filter(Boolean).length;
    const paced = new FramePacer('paced');
    paced.due(FRAME, false, false);
    expect(run(paced)).toBe(Math.floor((60 * FRAME) / (2 * FRAME)));
    expect(AMBIENT_MS).toBeGreaterThan(FRAME);
    const every = new FramePacer('every-frame');
    every.due(FRAME, false, false);
    expect(run(every)).toBe(60);
    const still = new FramePacer('still');
    still.due(FRAME, false, false);
    expect(run(still)).toBe(0);
  });
});
