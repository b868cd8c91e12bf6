// Cards laid out in slots, animated from the model: a new deal flies the cards in from the
// shoe, a changed card turns over in place; the first drawing after start-up just shows them.

import type { Container } from 'pixi.js';
import type { Rect } from '../ui/layout';
import type { CardSpot } from '../model/parts';
import { CardView, type CardMarks } from '../ui/card-view';
import { placeOnPixel } from '../ui/still';

export class CardSlots {
  readonly views: CardView[];
  private dealKey: string | null = null;

  constructor(parent: Container, rects: Rect[], shoe: { x: number; y: number }) {
    this.views = rects.map((r) => {
      const v = new CardView(r.w, r.h);
      placeOnPixel(v, r.x, r.y);
      v.dealFrom = { x: shoe.x - v.x, y: shoe.y - v.y };
      parent.addChild(v);
      return v;
    });
  }

  /**
   * Shows the spots (by position); slots without a spot are hidden. `order` staggers the
   * motions: a deal goes left to right; a reveal turns the cards one after another.
   */
  show(
    spots: (CardSpot | null)[],
    dealKey: string,
    marks: (spot: CardSpot) => Partial<CardMarks>,
    stagger: { baseMs: number; stepMs: number },
  ): void {
    const first = this.dealKey === null;
    const newDeal = !first && dealKey !== this.dealKey;
    this.dealKey = dealKey;
    let order = 0;
    this.views.forEach((v, i) => {
      const spot = spots[i] ?? null;
      const wasVisible = v.visible;
      v.visible = spot !== null;
      if (!spot) return;
      const delay = stagger.baseMs + order * stagger.stepMs;
      if (first) v.setCard(spot.code, 'none');
      else if (newDeal || !wasVisible) {
        v.setCard(spot.code, 'deal', delay);
        order++;
      } else if (spot.code !== v.code) {
        v.setCard(spot.code, 'flip', delay);
        order++;
      }
      v.setMarks(marks(spot));
    });
  }

  update(dt: number): void {
    for (const v of this.views) if (v.visible) v.update(dt);
  }

  get animating(): boolean {
    return this.views.some((v) => v.visible && v.animating);
  }
}
