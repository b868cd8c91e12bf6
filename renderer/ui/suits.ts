// Suit glyphs drawn as vector shapes (no font or image carries them), in a unit box scaled to
// `size` and centred on (cx, cy).

import type { Graphics } from 'pixi.js';

export const SUIT_COLORS: Record<string, number> = { c: 0x141414, s: 0x141414, d: 0xc8141e, h: 0xc8141e };

export function drawSuit(
  g: Graphics,
  suit: string,
  cx: number,
  cy: number,
  size: number,
  color = SUIT_COLORS[suit] ?? 0,
): void {
  const p = (x: number, y: number): [number, number] => [cx + x * size, cy + y * size];
  const circle = (x: number, y: number, r: number) => g.circle(...p(x, y), r * size).fill(color);
  const tri = (a: [number, number], b: [number, number], c: [number, number]) =>
    g.poly([...p(...a), ...p(...b), ...p(...c)]).fill(color);
  switch (suit) {
    case 'd':
      g.poly([...p(0, -0.5), ...p(0.38, 0), ...p(0, 0.5), ...p(-0.38, 0)]).fill(color);
      break;
    case 'h':
      circle(-0.245, -0.2, 0.26);
      circle(0.245, -0.2, 0.26);
      tri([-0.49, -0.12], [0.49, -0.12], [0, 0.5]);
      break;
    case 's':
      circle(-0.245, 0.08, 0.25);
      circle(0.245, 0.08, 0.25);
      tri([-0.48, 0.0], [0.48, 0.0], [0, -0.5]);
      tri([0, 0.05], [-0.17, 0.5], [0.17, 0.5]);
      break;
    case 'c':
      circle(0, -0.25, 0.22);
      circle(-0.25, 0.09, 0.22);
      circle(0.25, 0.09, 0.22);
      circle(0, 0.02, 0.12);
      tri([0, -0.02], [-0.16, 0.5], [0.16, 0.5]);
      break;
  }
}
