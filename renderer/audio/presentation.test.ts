import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/contract';
import * as fx from '../../test/renderer/fixtures';
import { heldBack } from '../model/play/rollup';
import { initialUi, type UiState } from '../model/ui-state';
import { Presentation } from './presentation';
import { SoundBoard } from './sound-board';

/** A presentation on a silent board (no audio context: every sound is logged, none heard) and a clock the test moves. */
function bench() {
  let now = 1000;
  const sounds = new SoundBoard(
    () => null,
    () => now,
  );
  const p = new Presentation(sounds, () => now);
  let ui: UiState = initialUi(now);
  return {
    snapshot(s: Snapshot) {
      ui = p.onSnapshot(s, ui);
      return ui;
    },
    /** Frames every 50 ms for `ms`. */
    run(ms: number) {
      for (const end = now + ms; now < end;) {
        now += 50;
        ui = p.onFrame(ui, false).ui;
      }
      return ui;
    },
    ticks: () => sounds.played().filter((x) => x.name === 'tick').length,
    get now() {
      return now;
    },
  };
}

const validating = (): Snapshot => ({ ...fx.baseSnapshot(), ticket: { validating: true, last: null } });
function credited(amount: number, at = 5000): Snapshot {
  const s = validating();
  const balance = s.balance + amount;
  return {
    ...s,
    version: s.version + 1,
    balance,
    credits: Math.floor(balance / s.chipValue),
    ticket: { validating: false, last: { outcome: 'credited', amount, reason: null, at, until: at + 5000 } },
  };
}

describe("a ticket's credit on the player's screen", () => {
  it('counts up once, a tick a step, to the new balance', () => {
    const b = bench();
    b.snapshot(validating());
    const s = credited(1500);
    const ui = b.snapshot(s);
    expect(ui.rollUp).toMatchObject({ credited: 60, size: null, finished: false });
    const counting = b.run(500);
    expect(heldBack(counting.rollUp, b.now)).toBeGreaterThan(0);
    expect(heldBack(counting.rollUp, b.now)).toBeLessThan(60);
    const done = b.run(5000);
    expect(heldBack(done.rollUp, b.now)).toBe(0);
    const ticks = b.ticks();
    expect(ticks).toBeGreaterThan(10);
    // The same acceptance again (a reconnect's snapshot, another change): no second count.
    const again = b.snapshot({ ...s, version: s.version + 1 });
    expect(again.rollUp).toBe(done.rollUp);
    b.run(5000);
    expect(b.ticks()).toBe(ticks);
  });

  it('adds a note at once, as real cabinets do', () => {
    const b = bench();
    const s = fx.baseSnapshot();
    b.snapshot(s);
    const note = b.snapshot({
      ...s,
      version: s.version + 1,
      balance: s.balance + 2000,
      credits: Math.floor((s.balance + 2000) / s.chipValue),
      activity: { seq: 1, kind: 'noteCredited' },
    });
    expect(note.rollUp).toBeNull();
    b.run(2000);
    expect(b.ticks()).toBe(0);
  });

  it('counts nothing for a returned ticket, nor for one already credited when the page opened', () => {
    const b = bench();
    b.snapshot(validating());
    const returned = b.snapshot({
      ...validating(),
      version: 20,
      ticket: {
        validating: false,
        last: { outcome: 'returned', amount: null, reason: 'expired', at: 5000, until: 15_000 },
      },
    });
    expect(returned.rollUp).toBeNull();
    const fresh = bench();
    expect(fresh.snapshot(credited(1500)).rollUp).toBeNull();
    fresh.run(2000);
    expect(fresh.ticks()).toBe(0);
  });
});
