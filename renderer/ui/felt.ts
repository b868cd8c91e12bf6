// The table: dark green felt lit from the middle, a gold rail round the edge; a still texture.

import { Graphics } from 'pixi.js';
import type { Design } from './layout';
import { still } from './still';
import { COLORS, radial } from './theme';

export function drawFelt(d: Design): Graphics {
  const g = new Graphics();
  g.rect(0, 0, d.w, d.h).fill(radial(COLORS.feltLight, COLORS.feltDark));
  g.roundRect(10, 10, d.w - 20, d.h - 20, 26).stroke({ width: 4, color: COLORS.gold, alpha: 0.8 });
  g.roundRect(18, 18, d.w - 36, d.h - 36, 20).stroke({ width: 1.5, color: COLORS.goldDark, alpha: 0.8 });
  return still(g);
}
