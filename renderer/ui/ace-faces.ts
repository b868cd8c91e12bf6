// Aces drawn in vectors, sharp at every card size: one large pip in the middle, and the ace of
// spades ornate, as on a casino deck.

import type { Graphics } from 'pixi.js';
import { GOLD, GOLD_DARK, WHITE } from './face-inks';
import { drawSuit, SUIT_COLORS } from './suits';

/** An ace: one large pip in the middle; the ace of spades ornate, with a gold medallion and scrolls. */
export function drawAce(g: Graphics, suit: string, w: number, h: number): void {
  const cx = w * 0.5;
  const cy = h * 0.5;
  const color = SUIT_COLORS[suit];
  if (suit !== 's') {
    drawSuit(g, suit, cx, cy, w * 0.6, color);
    return;
  }
  const line = Math.max(1, w * 0.008);
  // Scrolls above and below, and a laurel of gold leaves around the medallion.
  for (const dir of [-1, 1]) {
    g.moveTo(cx - w * 0.2, cy + dir * h * 0.27)
      .bezierCurveTo(
        cx - w * 0.1,
        cy + dir * h * 0.33,
        cx + w * 0.1,
        cy + dir * h * 0.21,
        cx + w * 0.2,
        cy + dir * h * 0.27,
      )
      .stroke({ width: line * 2.2, color: GOLD_DARK, cap: 'round' });
    for (const side of [-1, 1]) g.circle(cx + side * w * 0.21, cy + dir * h * 0.272, w * 0.018).fill(GOLD_DARK);
  }
  const leaves = 20;
  for (let i = 0; i < leaves; i++) {
    const a = (i / leaves) * Math.PI * 2;
    const x = cx + Math.cos(a) * w * 0.36;
    const y = cy + Math.sin(a) * w * 0.375;
    // A leaf along the ring: pointed ends, tangent to it.
    const [tx, ty] = [-Math.sin(a), Math.cos(a)];
    const [nx, ny] = [Math.cos(a), Math.sin(a)];
    const len = w * 0.04;
    const wid = w * 0.016;
    g.moveTo(x - tx * len, y - ty * len)
      .quadraticCurveTo(x + nx * wid * 2, y + ny * wid * 2, x + tx * len, y + ty * len)
      .quadraticCurveTo(x - nx * wid * 2, y - ny * wid * 2, x - tx * len, y - ty * len)
      .fill(i % 2 === 0 ? GOLD : GOLD_DARK);
  }
  g.ellipse(cx, cy, w * 0.33, w * 0.345)
    .fill(0xfff7dc)
    .stroke({ width: line * 2, color: GOLD });
  g.ellipse(cx, cy, w * 0.3, w * 0.315).stroke({ width: line, color: GOLD_DARK });
  // The spade, inlaid: black, a white line, black again, a small gold spade at its heart.
  const size = w * 0.5;
  drawSuit(g, 's', cx, cy, size, color);
  drawSuit(g, 's', cx, cy + w * 0.012, size * 0.8, WHITE);
  drawSuit(g, 's', cx, cy + w * 0.016, size * 0.72, color);
  // The stem stays solid: the inlaid line runs round the blade only.
  g.poly([cx, cy + size * 0.05, cx - size * 0.17, cy + size * 0.5, cx + size * 0.17, cy + size * 0.5]).fill(color);
  drawSuit(g, 's', cx, cy + w * 0.02, w * 0.13, GOLD);
}
