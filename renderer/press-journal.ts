// Every touch that lands on a button, and what became of each press: acted on (a wish the cabinet
// answered, or a change of the screen's own page) or refused, shown and heard (a dimmed button,
// or the cabinet's refusal). A press that ends in neither is a press lost (C-20, C-22); the test
// hook reports the counts so a test can tap at any moment and see none lost.

import type { WishOutcome } from './transport/store';

export interface PressEntry {
  name: string;
  /** `wish`: sent to the cabinet, its answer in the store's outcomes under `wishId`. */
  outcome: 'ui' | 'refused' | 'wish';
  wishId: number | null;
}

export interface PressCount {
  /** Pointer downs that landed on a button (Pixi's hit test, before any press handling). */
  touched: number;
  /** Presses the buttons took (touches, and the test hook's own presses). */
  pressed: number;
  acted: number;
  refused: number;
  /** Wishes still waiting for the cabinet's answer. */
  waiting: number;
  /** Wishes that never got an answer, or were dropped with the line: lost. */
  lost: number;
  byName: Record<string, { pressed: number; acted: number; refused: number }>;
}

const KEEP = 5000;

export class PressJournal {
  private touches = 0;
  private readonly entries: PressEntry[] = [];

  touched(): void {
    this.touches++;
  }

  record(entry: PressEntry): void {
    this.entries.push(entry);
    if (this.entries.length > KEEP) this.entries.shift();
  }

  count(outcomes: ReadonlyMap<number, WishOutcome>): PressCount {
    const c: PressCount = { touched: this.touches, pressed: 0, acted: 0, refused: 0, waiting: 0, lost: 0, byName: {} };
    for (const e of this.entries) {
      const mine = (c.byName[e.name] ??= { pressed: 0, acted: 0, refused: 0 });
      c.pressed++;
      mine.pressed++;
      const result =
        e.outcome !== 'wish' ? e.outcome : e.wishId === null ? 'refused' : (outcomes.get(e.wishId) ?? 'waiting');
      if (result === 'ui' || result === 'accepted') {
        c.acted++;
        mine.acted++;
      } else if (result === 'refused') {
        c.refused++;
        mine.refused++;
      } else if (result === 'waiting') c.waiting++;
      else c.lost++;
    }
    return c;
  }
}
