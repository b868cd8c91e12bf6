// Casino chips on the felt: a stack made from the amount's denominations, edge spots and an
// inlay on the top chip, the amount written beneath.

import { Container, Graphics } from 'pixi.js';
import { redraw, still } from './still';
import { COLORS, label } from './theme';

interface Denomination {
  value: number;
  color: number;
  edge: number;
}
/** The smallest chip, also drawn for a value no chip has. */
const ONE: Denomination = { value: 1, color: 0xf1efe6, edge: 0x2456b8 };
const DENOMINATIONS: Denomination[] = [
  { value: 1000, color: 0xe08a1e, edge: 0xffffff },
  { value: 500, color: 0x6b2fa0, edge: 0xffffff },
  { value: 100, color: 0x1b1b1b, edge: 0xf2d16b },
  { value: 25, color: 0x1e8a3c, edge: 0xffffff },
  { value: 5, color: 0xc0262d, edge: 0xffffff },
  ONE,
];

/** The chips a stack of `amount` is made of, largest first, at most `max` of them. */
export function chipsFor(amount: number, max = 8): number[] {
  const out: number[] = [];
  let left = amount;
  for (const d of DENOMINATIONS) {
    while (left >= d.value && out.length < max) {
      out.push(d.value);
      left -= d.value;
    }
  }
  return out;
}

function drawChip(g: Graphics, cx: number, cy: number, r: number, value: number): void {
  const d = DENOMINATIONS.find((x) => x.value === value) ?? ONE;
  g.ellipse(cx, cy + r * 0.14, r, r * 0.62).fill(0x000000);
  g.ellipse(cx, cy, r, r * 0.62)
    .fill(d.color)
    .stroke({ width: Math.max(1, r * 0.05), color: 0x000000, alpha: 0.5 });
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    g.ellipse(cx + Math.cos(a) * r * 0.82, cy + Math.sin(a) * r * 0.82 * 0.62, r * 0.13, r * 0.09).fill(d.edge);
  }
  g.ellipse(cx, cy, r * 0.6, r * 0.6 * 0.62).stroke({ width: Math.max(1, r * 0.06), color: d.edge, alpha: 0.9 });
}

export class ChipStack extends Container {
  private readonly g = new Graphics();
  private amount = -1;

  constructor(private readonly radius: number) {
    super();
    this.addChild(this.g);
    still(this);
  }

  setAmount(amount: number, text: string): void {
    if (amount === this.amount) return;
    this.amount = amount;
    redraw(this);
    this.g.clear();
    if (this.children.length > 1) this.removeChildren(1).forEach((c) => c.destroy());
    if (amount <= 0) return;
    const chips = chipsFor(amount).reverse();
    const step = this.radius * 0.22;
    chips.forEach((v, i) => drawChip(this.g, 0, -i * step, this.radius, v));
    const top = chips[chips.length - 1];
    const t = label(text, {
      fontSize: this.radius * 0.62,
      fill: top === 1 ? COLORS.ink : COLORS.white,
      stroke: { color: 0x000000, width: top === 1 ? 0 : 3 },
    });
    t.position.set(0, -(chips.length - 1) * step);
    t.scale.y = 0.9;
    if (t.width > this.radius * 1.1) t.scale.set((this.radius * 1.1) / t.width, 0.9 * ((this.radius * 1.1) / t.width));
    this.addChild(t);
  }
}
