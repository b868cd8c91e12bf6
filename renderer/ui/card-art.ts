// A playing card in vectors: the ivory face with big corner indexes and a centre suit, court
// cards with a double-ended figure (court-faces.ts) and aces with one large pip (ace-faces.ts),
// and the red lattice back. Drawn once per size into a texture (card-textures.ts), never each frame.

import { Container, Graphics } from 'pixi.js';
import { drawAce } from './ace-faces';
import { drawCourt } from './court-faces';
import { drawSuit, SUIT_COLORS } from './suits';
import { COLORS, label } from './theme';

const rankText = (code: string): string => (code.startsWith('T') ? '10' : code.charAt(0));

export function drawFace(w: number, h: number, code: string): Container {
  const c = new Container();
  const g = new Graphics();
  const r = w * 0.07;
  g.roundRect(0, 0, w, h, r)
    .fill(COLORS.cardFace)
    .stroke({ width: Math.max(1.5, w * 0.01), color: COLORS.cardEdge });
  const suit = code.charAt(1);
  const color = SUIT_COLORS[suit] ?? 0;
  const rank = rankText(code);
  const indexSize = h * 0.17;
  const court = 'JQK'.includes(code.charAt(0));
  if (code.startsWith('A')) drawAce(g, suit, w, h);
  else if (!court) drawSuit(g, suit, w * 0.56, h * 0.58, w * 0.44, color);
  // The small suits under the corner indexes.
  drawSuit(g, suit, w * 0.13, h * 0.29, w * 0.13, color);
  c.addChild(g);
  if (court) drawCourt(c, code, w, h);
  const tl = label(
    rank,
    { fontSize: indexSize, fill: color, fontWeight: '700', letterSpacing: rank === '10' ? -indexSize * 0.08 : 0 },
    0.5,
    0,
  );
  tl.position.set(w * 0.13, h * 0.02);
  if (tl.width > w * 0.24) tl.scale.set((w * 0.24) / tl.width);
  c.addChild(tl);
  // The bottom-right index, upside down as on a real card.
  const br = new Container();
  const bg = new Graphics();
  drawSuit(bg, suit, 0, -h * 0.12, w * 0.13, color);
  const bt = label(rank, { fontSize: indexSize, fill: color, fontWeight: '700' }, 0.5, 1);
  bt.position.set(0, h * 0.13);
  if (bt.width > w * 0.24) bt.scale.set((w * 0.24) / bt.width);
  br.addChild(bg, bt);
  br.position.set(w * 0.87, h * 0.85);
  br.rotation = Math.PI;
  c.addChild(br);
  return c;
}

export function drawBack(w: number, h: number): Graphics {
  const g = new Graphics();
  const r = w * 0.07;
  g.roundRect(0, 0, w, h, r)
    .fill(COLORS.cardFace)
    .stroke({ width: Math.max(1.5, w * 0.01), color: COLORS.cardEdge });
  const m = w * 0.07;
  g.roundRect(m, m, w - 2 * m, h - 2 * m, r * 0.6).fill(0x9c1820);
  // Diamond lattice, each line clipped to the inner panel.
  const [x0, y0, x1, y1] = [m, m, w - m, h - m];
  const step = w / 7;
  for (let c = x0 - (y1 - y0); c < x1; c += step) {
    // Rising lines x - y = c - y0 and falling lines x + y = c + y1, clipped to the panel.
    const a = clipDiagonal(c, y0, 1, x0, y0, x1, y1);
    if (a) g.moveTo(a[0], a[1]).lineTo(a[2], a[3]);
    const b = clipDiagonal(c, y1, -1, x0, y0, x1, y1);
    if (b) g.moveTo(b[0], b[1]).lineTo(b[2], b[3]);
  }
  g.stroke({ width: Math.max(1, w * 0.008), color: 0xd94b52, alpha: 0.6 });
  g.roundRect(m, m, w - 2 * m, h - 2 * m, r * 0.6).stroke({ width: Math.max(2, w * 0.018), color: COLORS.gold });
  g.ellipse(w / 2, h / 2, w * 0.22, w * 0.22)
    .fill(0x6e0f14)
    .stroke({ width: Math.max(2, w * 0.015), color: COLORS.gold });
  drawSuit(g, 's', w / 2, h / 2, w * 0.24, COLORS.gold);
  return g;
}

/** The part inside the box of the line through (x, y) with slope `dir` (±1, y grows downward). */
function clipDiagonal(
  x: number,
  y: number,
  dir: 1 | -1,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): [number, number, number, number] | null {
  // Parametrise by t: (x + t, y + dir * t).
  const tx: [number, number] = [x0 - x, x1 - x];
  const ty: [number, number] = dir > 0 ? [y0 - y, y1 - y] : [y - y1, y - y0];
  const lo = Math.max(tx[0], ty[0]);
  const hi = Math.min(tx[1], ty[1]);
  if (hi <= lo) return null;
  return [x + lo, y + dir * lo, x + hi, y + dir * hi];
}
