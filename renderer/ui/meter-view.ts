// A meter: gold caption, big amber figures on a black glass panel, the money beneath; drawn into a
// texture when its figures change (still.ts).

import { Container, Graphics, type Text } from 'pixi.js';
import type { Rect } from './layout';
import type { MeterSpec } from '../model/parts';
import { placeOnPixel, redraw, still } from './still';
import { COLORS, fitText, label, vertical } from './theme';

export class MeterView extends Container {
  private readonly plate = new Graphics();
  private readonly caption: Text;
  private readonly value: Text;
  private readonly sub: Text;
  private r: Rect = { x: 0, y: 0, w: 200, h: 80 };
  private shown = '';

  constructor() {
    super();
    this.caption = label('', { fontSize: 20, fill: COLORS.gold, letterSpacing: 2 }, 0, 0.5);
    this.value = label(
      '',
      { fontSize: 52, fill: COLORS.amber, dropShadow: { color: 0xff9900, blur: 8, distance: 0, alpha: 0.6, angle: 0 } },
      1,
      0.5,
    );
    this.sub = label('', { fontSize: 20, fill: COLORS.goldLight, fontWeight: '400' }, 0, 0.5);
    this.addChild(this.plate, this.caption, this.value, this.sub);
    still(this);
  }

  /** Where it sits in its screen (design units). */
  get rect(): Rect {
    return this.r;
  }

  setRect(r: Rect): void {
    this.r = r;
    this.shown = '';
    placeOnPixel(this, r.x, r.y);
    this.plate.clear();
    this.plate
      .roundRect(0, 0, r.w, r.h, 12)
      .fill(vertical(0x141a18, 0x030504))
      .stroke({ width: 3, color: COLORS.gold });
    this.plate.roundRect(5, 5, r.w - 10, r.h - 10, 9).stroke({ width: 1, color: COLORS.goldDark });
    redraw(this);
  }

  update(spec: MeterSpec): void {
    const key = `${spec.label}|${spec.value}|${spec.sub}`;
    if (key === this.shown) return;
    this.shown = key;
    const { w, h } = this.r;
    this.caption.text = spec.label;
    this.value.text = spec.value;
    this.sub.text = spec.sub ?? '';
    this.caption.position.set(16, spec.sub ? h * 0.3 : h * 0.5);
    fitText(this.caption, w * 0.4, h * 0.3);
    this.sub.position.set(16, h * 0.7);
    fitText(this.sub, w * 0.45, h * 0.3);
    const left = 16 + Math.max(this.caption.width, this.sub.width) + 14;
    this.value.position.set(w - 16, h * 0.52);
    fitText(this.value, w - left - 16, h * 0.82);
    redraw(this);
  }
}
