// The inks the drawn card faces share (./court-faces.ts, ./ace-faces.ts): gold and its shadow, the
// line ink, the blue of the robes' trim, skin, silver and white.

export const INK = 0x20160c;
export const GOLD = 0xe2b23c;
export const GOLD_DARK = 0x9a6b12;
export const BLUE = 0x2455b0;
export const SKIN = 0xf7d6b5;
export const SILVER = 0xd5dbe3;
export const WHITE = 0xffffff;
