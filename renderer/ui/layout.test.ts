import { describe, expect, it } from 'vitest';
import {
  CARD_ASPECT,
  SQUARE,
  WIDE,
  chooseDesign,
  fit,
  inside,
  jacksLayout,
  overlaps,
  pokerPlusLayout,
  rect,
  row,
  type Rect,
} from './layout';

const whole = (d: { w: number; h: number }) => rect(0, 0, d.w, d.h);
const noOverlaps = (rects: Rect[]) => {
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) expect(overlaps(rects[i]!, rects[j]!), `${i} vs ${j}`).toBe(false);
};

describe('fitting the design to the window', () => {
  it('picks the design nearest the aspect ratio', () => {
    expect(chooseDesign(1280, 1024)).toBe(SQUARE);
    expect(chooseDesign(1920, 1080)).toBe(WIDE);
    expect(chooseDesign(1024, 768)).toBe(SQUARE);
    expect(chooseDesign(2560, 1080)).toBe(WIDE);
  });
  it('scales uniformly and letterboxes the spare side', () => {
    expect(fit(1280, 1024, SQUARE)).toEqual({ scale: 1, x: 0, y: 0 });
    expect(fit(1920, 1080, WIDE)).toEqual({ scale: 1, x: 0, y: 0 });
    const f = fit(1600, 1024, SQUARE);
    expect(f.scale).toBe(1);
    expect(f.x).toBe(160);
    const g = fit(640, 1024, SQUARE);
    expect(g.scale).toBe(0.5);
    expect(g.y).toBe(256);
  });
  it('divides a row into equal cells', () => {
    const cells = row(rect(0, 0, 100, 10), 4, 4);
    expect(cells.map((c) => c.w)).toEqual([22, 22, 22, 22]);
    expect(cells[3].x + cells[3].w).toBe(100);
  });
});

describe.each([SQUARE, WIDE])('layouts for $name', (d) => {
  it('Jacks or Better: everything on screen, nothing overlapping, cards in proportion', () => {
    const l = jacksLayout(d);
    const all = [
      l.payTable,
      l.message,
      ...l.cards,
      ...l.holds,
      l.meters.credits,
      l.meters.bet,
      l.meters.win,
      ...Object.values(l.buttons),
      l.top.bar,
    ];
    for (const r of all) expect(inside(r, whole(d))).toBe(true);
    noOverlaps(all);
    for (const c of l.cards) expect(c.h / c.w).toBeCloseTo(CARD_ASPECT, 1);
    l.holds.forEach((h, i) => {
      expect(h.y).toBeGreaterThan(l.cards[i]!.y + l.cards[i]!.h);
      expect(h.x).toBe(l.cards[i]!.x);
    });
    for (const b of Object.values(l.buttons)) expect(b.h).toBeGreaterThanOrEqual(80);
  });
  it('Poker Plus: dealer, boxes, meters and buttons fit and keep apart', () => {
    const l = pokerPlusLayout(d);
    for (const boxes of [l.boxes.one, l.boxes.two]) {
      const frames = boxes.map((b) => b.frame);
      const all = [
        ...l.dealer,
        l.dealerText,
        l.payTable,
        ...frames,
        l.message,
        l.meters.credits,
        l.meters.ante,
        l.meters.win,
        l.buttons,
        l.top.bar,
      ];
      for (const r of all) expect(inside(r, whole(d)), JSON.stringify(r)).toBe(true);
      noOverlaps(all);
      for (const b of boxes) {
        for (const c of [...b.cards, b.hand, b.ante, b.bet]) expect(inside(c, b.frame)).toBe(true);
        noOverlaps(b.cards);
      }
    }
    noOverlaps(l.dealer);
    expect(l.buttons.h).toBeGreaterThanOrEqual(80);
    // The player's cards first: never smaller than the dealer's, and no empty felt under the buttons.
    for (const b of [...l.boxes.one, ...l.boxes.two]) expect(b.cards[0].w).toBeGreaterThanOrEqual(l.dealer[0].w);
    expect(d.h - (l.buttons.y + l.buttons.h)).toBeLessThanOrEqual(20);
  });
});
