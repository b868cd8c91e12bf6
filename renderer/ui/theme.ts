// The cabinet's look in one place: dark felt, gold trims, ivory cards, amber meters.

import { FillGradient, Text, TextStyle, type Container, type TextStyleOptions } from 'pixi.js';

export const FONT = 'Noto Sans';

export const COLORS = {
  backdrop: 0x020403,
  felt: 0x0e5e3b,
  feltLight: 0x17794d,
  feltDark: 0x053220,
  gold: 0xd8b45a,
  goldLight: 0xf7e4a0,
  goldDark: 0x7d5e1e,
  panel: 0x07100c,
  panelBlue: 0x0b1f5c,
  ink: 0x161616,
  red: 0xc62229,
  redDark: 0x6e0f14,
  cardFace: 0xfcfbf5,
  cardEdge: 0xb9b4a4,
  white: 0xffffff,
  dim: 0x8a968f,
  amber: 0xffc531,
  win: 0xffd84a,
  lose: 0xe0574c,
  info: 0x9fd3ff,
  blue: 0x1d4fb0,
} as const;

export function style(options: TextStyleOptions): TextStyle {
  return new TextStyle({ fontFamily: [FONT, 'sans-serif'], fontWeight: '700', fill: COLORS.white, ...options });
}

export function label(text: string, options: TextStyleOptions, anchorX = 0.5, anchorY = 0.5): Text {
  const t = new Text({ text, style: style(options) });
  t.anchor.set(anchorX, anchorY);
  return t;
}

/**
 * How far a text may be shrunk to fit its box and still read as its design size: below this it
 * was written too long for its place (the test hook reports it, and the screens' tests fail).
 */
export const LEAST_FIT = 0.85;

/** What could not be drawn whole where it stands (a table's rows cut at its foot), for the test hook. */
export const overflowed = new WeakMap<Container, string>();

/** Each fitted text's box and the scale it needed (the test hook's). */
export const fitted = new WeakMap<Text, { maxW: number; maxH: number; k: number }>();

/** Shrinks a text uniformly until it fits the box (never grows it). */
export function fitText(t: Text, maxW: number, maxH: number): void {
  t.scale.set(1);
  const k = Math.min(1, maxW / Math.max(1, t.width), maxH / Math.max(1, t.height));
  t.scale.set(k);
  fitted.set(t, { maxW, maxH, k });
}

export function vertical(top: number, bottom: number): FillGradient {
  return new FillGradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: [
      { offset: 0, color: top },
      { offset: 1, color: bottom },
    ],
    textureSpace: 'local',
  });
}

export function radial(inner: number, outer: number): FillGradient {
  return new FillGradient({
    type: 'radial',
    center: { x: 0.5, y: 0.45 },
    innerRadius: 0,
    outerCenter: { x: 0.5, y: 0.45 },
    outerRadius: 0.75,
    colorStops: [
      { offset: 0, color: inner },
      { offset: 1, color: outer },
    ],
    textureSpace: 'local',
  });
}

export const goldGradient = (): FillGradient => vertical(COLORS.goldLight, COLORS.goldDark);
