// Court cards drawn in vectors (no image carries them), so they stay sharp at every card size of
// both layouts (the aces are ./ace-faces.ts). A court card is a framed panel with a crowned or capped bust, drawn once
// for the top half and again turned half a turn for the bottom, as on a double-ended deck: the
// king with a sword and an ermine collar, the queen with a flower and long hair, the jack with a
// halberd and a feathered cap, each robed in the suit's colour with blue and gold.

import { Container, Graphics } from 'pixi.js';
import { BLUE, GOLD, GOLD_DARK, INK, SILVER, SKIN, WHITE } from './face-inks';
import { drawSuit, SUIT_COLORS } from './suits';

/** Where the court panel sits on the card, as shares of its width and height: clear of the corner indexes. */
export const COURT_PANEL = { x: 0.22, y: 0.06, w: 0.56, h: 0.88 } as const;

interface Palette {
  /** The suit's colour: robe and emblem. */
  robe: number;
  /** The panel behind the figure. */
  ground: number;
  hair: number;
  beard: number;
}

const RED_ROBE = 0xc8141e;
const BLACK_ROBE = 0x1d1d24;

function palette(suit: string, rank: string): Palette {
  const red = suit === 'h' || suit === 'd';
  return {
    robe: red ? RED_ROBE : BLACK_ROBE,
    ground: red ? 0xfdf1e2 : 0xeef2fb,
    // Kings grey, queens golden, jacks brown: the ranks read apart at a glance.
    hair: rank === 'K' ? 0x8d8f96 : rank === 'Q' ? 0xd9962b : 0x6b3f17,
    beard: rank === 'K' ? 0xb9bcc4 : 0x6b3f17,
  };
}

/** Maps the half panel's unit square (u across, v down to the middle line) to card pixels. */
type At = (u: number, v: number) => [number, number];

function halfMapper(x0: number, y0: number, w: number, h: number): { at: At; sx: number; sy: number } {
  return { at: (u, v) => [x0 + u * w, y0 + v * h], sx: w, sy: h };
}

/** A closed shape through points, each segment straight or a quadratic curve through a control point. */
type ShapePoint = [number, number] | [number, number, number, number];

function shape(g: Graphics, at: At, points: [ShapePoint, ...ShapePoint[]]): Graphics {
  const [[u0, v0], ...rest] = points;
  g.moveTo(...at(u0, v0));
  for (const p of rest) {
    if (p.length === 4) g.quadraticCurveTo(...at(p[0], p[1]), ...at(p[2], p[3]));
    else g.lineTo(...at(p[0], p[1]));
  }
  return g.closePath();
}

function ellipse(g: Graphics, at: At, sx: number, sy: number, u: number, v: number, ru: number, rv: number): Graphics {
  const [x, y] = at(u, v);
  return g.ellipse(x, y, ru * sx, rv * sy);
}

/** The king's sword, the queen's flower or the jack's halberd: behind the shoulders, held in the hand. */
function drawHeld(g: Graphics, rank: string, p: Palette, at: At, sx: number, sy: number, line: number): void {
  if (rank === 'K') {
    // Sword upright at the left: blade, gold guard and pommel.
    shape(g, at, [
      [0.13, 0.08],
      [0.165, 0.02],
      [0.2, 0.08],
      [0.195, 0.76],
      [0.135, 0.76],
    ])
      .fill(SILVER)
      .stroke({ width: line, color: INK });
    g.moveTo(...at(0.165, 0.1))
      .lineTo(...at(0.165, 0.72))
      .stroke({ width: line * 0.7, color: 0x8a939d });
    shape(g, at, [
      [0.05, 0.76],
      [0.28, 0.76],
      [0.28, 0.81],
      [0.05, 0.81],
    ])
      .fill(GOLD)
      .stroke({ width: line, color: INK });
    shape(g, at, [
      [0.145, 0.81],
      [0.185, 0.81],
      [0.185, 0.93],
      [0.145, 0.93],
    ])
      .fill(0x6b3f17)
      .stroke({ width: line * 0.7, color: INK });
    ellipse(g, at, sx, sy, 0.165, 0.955, 0.035, 0.035).fill(GOLD).stroke({ width: line, color: INK });
  } else if (rank === 'Q') {
    // A flower at the right on a curved stem, with leaves.
    g.moveTo(...at(0.8, 0.86))
      .quadraticCurveTo(...at(0.9, 0.55), ...at(0.83, 0.3))
      .stroke({ width: line * 1.8, color: 0x2f7a32 });
    shape(g, at, [
      [0.865, 0.6],
      [0.98, 0.5, 0.95, 0.66],
    ])
      .fill(0x3f9a42)
      .stroke({ width: line * 0.7, color: INK });
    shape(g, at, [
      [0.85, 0.46],
      [0.72, 0.4, 0.76, 0.52],
    ])
      .fill(0x3f9a42)
      .stroke({ width: line * 0.7, color: INK });
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      ellipse(g, at, sx, sy, 0.83 + Math.cos(a) * 0.065, 0.25 + Math.sin(a) * 0.07, 0.055, 0.06)
        .fill(p.robe)
        .stroke({ width: line * 0.7, color: INK });
    }
    ellipse(g, at, sx, sy, 0.83, 0.25, 0.04, 0.045)
      .fill(GOLD)
      .stroke({ width: line * 0.7, color: INK });
  } else {
    // Halberd at the right: wooden shaft, silver axe head and spike.
    shape(g, at, [
      [0.835, 0.1],
      [0.865, 0.1],
      [0.865, 1],
      [0.835, 1],
    ])
      .fill(0x8a5a26)
      .stroke({ width: line * 0.8, color: INK });
    shape(g, at, [
      [0.85, 0.0],
      [0.885, 0.1],
      [0.815, 0.1],
    ])
      .fill(SILVER)
      .stroke({ width: line, color: INK });
    shape(g, at, [
      [0.865, 0.12],
      [0.97, 0.1, 0.98, 0.2],
      [0.95, 0.3, 0.865, 0.28],
    ])
      .fill(SILVER)
      .stroke({ width: line, color: INK });
    shape(g, at, [
      [0.835, 0.15],
      [0.77, 0.2],
      [0.835, 0.24],
    ])
      .fill(SILVER)
      .stroke({ width: line, color: INK });
  }
}

function drawRobe(g: Graphics, rank: string, p: Palette, at: At, sx: number, sy: number, line: number): void {
  // Shoulders and robe in the suit's colour, down to the middle line.
  shape(g, at, [
    [0.07, 1],
    [0.07, 0.8],
    [0.08, 0.665, 0.26, 0.64],
    [0.74, 0.64],
    [0.92, 0.665, 0.93, 0.8],
    [0.93, 1],
  ])
    .fill(p.robe)
    .stroke({ width: line, color: INK });
  // A blue front panel edged in gold, with gold buttons.
  shape(g, at, [
    [0.39, 1],
    [0.41, 0.68],
    [0.59, 0.68],
    [0.61, 1],
  ])
    .fill(BLUE)
    .stroke({ width: line * 1.2, color: GOLD });
  for (const v of [0.77, 0.87, 0.97])
    ellipse(g, at, sx, sy, 0.5, v, 0.024, 0.026)
      .fill(GOLD)
      .stroke({ width: line * 0.6, color: INK });
  // Gold bands down the sleeves, patterned with the suit's colour (blue on a jack).
  for (const side of [-1, 1]) {
    const u = 0.5 + side * 0.3;
    shape(g, at, [
      [u - 0.055, 0.7],
      [u + 0.055, 0.7],
      [u + 0.06, 1],
      [u - 0.06, 1],
    ])
      .fill(GOLD)
      .stroke({ width: line * 0.7, color: INK });
    for (const v of [0.77, 0.87, 0.97])
      shape(g, at, [
        [u, v - 0.035],
        [u + 0.03, v],
        [u, v + 0.035],
        [u - 0.03, v],
      ]).fill(rank === 'J' ? BLUE : p.robe);
  }
  if (rank === 'K') {
    // Ermine collar: white with black tails.
    shape(g, at, [
      [0.24, 0.665],
      [0.5, 0.6, 0.76, 0.665],
      [0.74, 0.75],
      [0.5, 0.69, 0.26, 0.75],
    ])
      .fill(WHITE)
      .stroke({ width: line, color: INK });
    for (const u of [0.31, 0.41, 0.59, 0.69])
      shape(g, at, [
        [u, 0.675],
        [u + 0.016, 0.725],
        [u - 0.016, 0.725],
      ]).fill(INK);
  } else if (rank === 'Q') {
    // A necklace of gold with a jewel in the suit's colour.
    g.moveTo(...at(0.38, 0.64))
      .quadraticCurveTo(...at(0.5, 0.8), ...at(0.62, 0.64))
      .stroke({ width: line * 1.5, color: GOLD });
    ellipse(g, at, sx, sy, 0.5, 0.725, 0.032, 0.036)
      .fill(p.robe)
      .stroke({ width: line * 0.7, color: GOLD_DARK });
  } else {
    // A scalloped gold collar.
    shape(g, at, [
      [0.28, 0.66],
      [0.5, 0.58, 0.72, 0.66],
      [0.68, 0.735, 0.61, 0.7],
      [0.555, 0.76, 0.5, 0.71],
      [0.445, 0.76, 0.39, 0.7],
      [0.32, 0.735, 0.28, 0.66],
    ])
      .fill(GOLD)
      .stroke({ width: line, color: INK });
  }
}

function drawHead(g: Graphics, rank: string, p: Palette, at: At, sx: number, sy: number, line: number): void {
  if (rank === 'Q') {
    // Long hair falling behind the shoulders.
    shape(g, at, [
      [0.33, 0.3],
      [0.28, 0.55, 0.24, 0.74],
      [0.5, 0.77, 0.76, 0.74],
      [0.72, 0.55, 0.67, 0.3],
      [0.5, 0.1, 0.33, 0.3],
    ])
      .fill(p.hair)
      .stroke({ width: line, color: INK });
  }
  // Neck and face.
  shape(g, at, [
    [0.445, 0.5],
    [0.555, 0.5],
    [0.565, 0.66],
    [0.435, 0.66],
  ])
    .fill(SKIN)
    .stroke({ width: line * 0.8, color: INK });
  ellipse(g, at, sx, sy, 0.5, 0.385, 0.15, 0.175).fill(SKIN).stroke({ width: line, color: INK });
  // Eyes, brows, nose and mouth.
  for (const side of [-1, 1]) {
    ellipse(g, at, sx, sy, 0.5 + side * 0.058, 0.365, 0.022, 0.019)
      .fill(WHITE)
      .stroke({ width: line * 0.4, color: INK });
    ellipse(g, at, sx, sy, 0.5 + side * 0.058, 0.367, 0.011, 0.014).fill(0x2a3f7a);
    g.moveTo(...at(0.5 + side * 0.025, 0.325))
      .lineTo(...at(0.5 + side * 0.09, 0.318))
      .stroke({ width: line * 0.9, color: rank === 'K' ? 0x6d6f76 : 0x4a2a10 });
  }
  g.moveTo(...at(0.5, 0.375))
    .lineTo(...at(0.488, 0.43))
    .lineTo(...at(0.507, 0.435))
    .stroke({ width: line * 0.8, color: 0xb07850 });
  if (rank !== 'K')
    shape(g, at, [
      [0.465, 0.475],
      [0.5, 0.465, 0.535, 0.475],
      [0.5, 0.5, 0.465, 0.475],
    ]).fill(0xc0303a);
  if (rank === 'Q')
    for (const side of [-1, 1])
      ellipse(g, at, sx, sy, 0.5 + side * 0.085, 0.43, 0.026, 0.02).fill({ color: 0xf08080, alpha: 0.55 });
  if (rank === 'K') {
    // Beard and moustache, grey hair at the temples.
    shape(g, at, [
      [0.36, 0.4],
      [0.38, 0.54, 0.5, 0.63],
      [0.62, 0.54, 0.64, 0.4],
      [0.6, 0.5, 0.5, 0.5],
      [0.4, 0.5, 0.36, 0.4],
    ])
      .fill(p.beard)
      .stroke({ width: line * 0.8, color: INK });
    shape(g, at, [
      [0.43, 0.46],
      [0.5, 0.42, 0.57, 0.46],
      [0.5, 0.45],
    ]).fill(p.hair);
    for (const side of [-1, 1])
      shape(g, at, [
        [0.5 + side * 0.135, 0.26],
        [0.5 + side * 0.18, 0.36, 0.5 + side * 0.145, 0.45],
        [0.5 + side * 0.12, 0.32],
      ])
        .fill(p.hair)
        .stroke({ width: line * 0.6, color: INK });
  } else if (rank === 'J') {
    // Short curls at the sides.
    for (const side of [-1, 1])
      for (const v of [0.32, 0.41])
        ellipse(g, at, sx, sy, 0.5 + side * 0.14, v, 0.04, 0.05)
          .fill(p.hair)
          .stroke({ width: line * 0.6, color: INK });
  }
}

function drawHeadwear(g: Graphics, rank: string, p: Palette, at: At, sx: number, sy: number, line: number): void {
  if (rank === 'K') {
    // A five-pointed crown with jewels.
    shape(g, at, [
      [0.33, 0.25],
      [0.32, 0.08],
      [0.385, 0.16],
      [0.44, 0.03],
      [0.5, 0.15],
      [0.56, 0.03],
      [0.615, 0.16],
      [0.68, 0.08],
      [0.67, 0.25],
    ])
      .fill(GOLD)
      .stroke({ width: line, color: INK });
    shape(g, at, [
      [0.33, 0.195],
      [0.67, 0.195],
      [0.67, 0.25],
      [0.33, 0.25],
    ])
      .fill(GOLD_DARK)
      .stroke({ width: line * 0.6, color: INK });
    ellipse(g, at, sx, sy, 0.5, 0.222, 0.028, 0.024).fill(p.robe);
    for (const side of [-1, 1]) ellipse(g, at, sx, sy, 0.5 + side * 0.1, 0.222, 0.022, 0.022).fill(BLUE);
    for (const u of [0.32, 0.44, 0.56, 0.68])
      ellipse(g, at, sx, sy, u, u === 0.32 || u === 0.68 ? 0.08 : 0.03, 0.02, 0.02)
        .fill(WHITE)
        .stroke({ width: line * 0.5, color: INK });
  } else if (rank === 'Q') {
    // A tiara: a gold band with three rounded peaks.
    shape(g, at, [
      [0.36, 0.25],
      [0.37, 0.13],
      [0.44, 0.17, 0.5, 0.06],
      [0.56, 0.17, 0.63, 0.13],
      [0.64, 0.25],
      [0.5, 0.21],
    ])
      .fill(GOLD)
      .stroke({ width: line, color: INK });
    ellipse(g, at, sx, sy, 0.5, 0.145, 0.026, 0.028)
      .fill(p.robe)
      .stroke({ width: line * 0.5, color: INK });
    for (const side of [-1, 1]) ellipse(g, at, sx, sy, 0.5 + side * 0.09, 0.195, 0.018, 0.018).fill(BLUE);
  } else {
    // A blue cap with a gold band and a feather in the suit's colour.
    shape(g, at, [
      [0.33, 0.27],
      [0.28, 0.11, 0.5, 0.07],
      [0.74, 0.09, 0.71, 0.25],
      [0.5, 0.21],
    ])
      .fill(BLUE)
      .stroke({ width: line, color: INK });
    shape(g, at, [
      [0.34, 0.25],
      [0.5, 0.2, 0.7, 0.24],
      [0.7, 0.285],
      [0.5, 0.245, 0.34, 0.29],
    ])
      .fill(GOLD)
      .stroke({ width: line * 0.7, color: INK });
    shape(g, at, [
      [0.62, 0.14],
      [0.78, -0.02, 0.98, 0.02],
      [0.82, 0.08, 0.66, 0.18],
    ])
      .fill(p.robe)
      .stroke({ width: line * 0.8, color: INK });
    g.moveTo(...at(0.64, 0.16))
      .quadraticCurveTo(...at(0.8, 0.04), ...at(0.96, 0.03))
      .stroke({ width: line * 0.6, color: WHITE });
  }
}

/** The hand holding the item, over the robe. */
function drawHand(g: Graphics, rank: string, at: At, sx: number, sy: number, line: number): void {
  const [u, v] = rank === 'K' ? [0.165, 0.87] : rank === 'Q' ? [0.8, 0.86] : [0.85, 0.8];
  ellipse(g, at, sx, sy, u, v, 0.06, 0.06).fill(SKIN).stroke({ width: line, color: INK });
}

/** One half of a court figure, in a Graphics laid over the top half of the panel. */
function courtHalf(rank: string, suit: string, x0: number, y0: number, w: number, h: number, line: number): Graphics {
  const g = new Graphics();
  const p = palette(suit, rank);
  const { at, sx, sy } = halfMapper(x0, y0, w, h);
  drawRobe(g, rank, p, at, sx, sy, line);
  drawHead(g, rank, p, at, sx, sy, line);
  drawHeld(g, rank, p, at, sx, sy, line);
  drawHeadwear(g, rank, p, at, sx, sy, line);
  drawHand(g, rank, at, sx, sy, line);
  // The suit's emblem in the upper corner, away from what the figure holds.
  const [eu, ev] = rank === 'K' ? [0.84, 0.12] : [0.16, 0.12];
  drawSuit(g, suit, ...at(eu, ev), w * 0.2, SUIT_COLORS[suit]);
  return g;
}

/** Draws a court card's framed, double-ended figure onto the face container. */
export function drawCourt(face: Container, code: string, w: number, h: number): void {
  const rank = code.charAt(0);
  const suit = code.charAt(1);
  const p = palette(suit, rank);
  const px = w * COURT_PANEL.x;
  const py = h * COURT_PANEL.y;
  const pw = w * COURT_PANEL.w;
  const ph = h * COURT_PANEL.h;
  const line = Math.max(0.8, w * 0.006);
  const frame = new Graphics();
  frame.rect(px, py, pw, ph).fill(p.ground);
  face.addChild(frame);
  // The two halves: the figure is drawn inside the top half, and again turned about the centre.
  for (const turn of [0, Math.PI]) {
    const half = courtHalf(rank, suit, px, py, pw, ph / 2, line);
    const holder = new Container();
    holder.addChild(half);
    holder.pivot.set(w / 2, h / 2);
    holder.position.set(w / 2, h / 2);
    holder.rotation = turn;
    face.addChild(holder);
  }
  const border = new Graphics();
  border
    .moveTo(px, py + ph / 2)
    .lineTo(px + pw, py + ph / 2)
    .stroke({ width: line * 1.5, color: GOLD_DARK });
  border.rect(px, py, pw, ph).stroke({ width: Math.max(1.5, w * 0.014), color: GOLD });
  border
    .rect(px + w * 0.018, py + w * 0.018, pw - w * 0.036, ph - w * 0.036)
    .stroke({ width: line, color: p.robe, alpha: 0.8 });
  face.addChild(border);
}
