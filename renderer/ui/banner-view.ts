// A result banner: big gold-edged words on a dark plate that pops in, an amount line beneath.
// Over a hand it lies in the band between the cards' indexes, so every card stays readable.

import { Container, Graphics, type Text } from 'pixi.js';
import { betweenIndexes, type Rect } from './layout';
import { placeOnPixel } from './still';
import type { BannerSpec } from '../model/parts';
import { redraw, still } from './still';
import { COLORS, fitText, label, vertical } from './theme';
import { Clock, easeOut } from './tween';

const TONE: Record<BannerSpec['tone'], number> = { win: COLORS.win, lose: COLORS.lose, info: COLORS.info };

export class BannerView extends Container {
  private readonly plate = new Graphics();
  private readonly main: Text;
  private readonly sub: Text;
  private key = '';
  private clock: Clock | null = null;

  constructor(
    private readonly w: number,
    private readonly h: number,
  ) {
    super();
    this.main = label('', {
      fontSize: h * 0.46,
      fill: COLORS.win,
      stroke: { color: 0x2a1a00, width: 6 },
      letterSpacing: 2,
    });
    this.sub = label('', { fontSize: h * 0.24, fill: COLORS.white });
    this.addChild(this.plate, this.main, this.sub);
    // Its plate and words are one texture, drawn again for each new banner; it pops in as a whole.
    still(this);
    this.visible = false;
  }

  /** Its plate, in its parent's units, once it has popped in (the test hook's). */
  get plateRect(): Rect {
    return { x: this.x - this.w / 2, y: this.y - this.h / 2, w: this.w, h: this.h };
  }

  get text(): string {
    return this.visible ? this.main.text : '';
  }

  show(spec: BannerSpec | null): void {
    const key = JSON.stringify(spec);
    if (key === this.key) return;
    this.key = key;
    this.visible = spec !== null;
    if (!spec) return;
    const { w, h } = this;
    const hasSub = !!spec.sub;
    this.main.text = spec.text;
    this.main.style.fill = TONE[spec.tone];
    this.sub.text = spec.sub ?? '';
    this.sub.visible = hasSub;
    this.main.position.set(0, hasSub ? -h * 0.14 : 0);
    fitText(this.main, w * 0.92, h * 0.56);
    this.sub.position.set(0, h * 0.27);
    fitText(this.sub, w * 0.92, h * 0.3);
    this.plate.clear();
    this.plate.roundRect(-w / 2, -h / 2, w, h, h * 0.22).fill({ color: 0x000000, alpha: 0.35 });
    this.plate
      .roundRect(-w / 2, -h / 2, w, h, h * 0.2)
      .fill(vertical(0x1b120a, 0x000000))
      .stroke({ width: 4, color: TONE[spec.tone] });
    this.plate.alpha = 0.92;
    redraw(this);
    this.clock = new Clock(0, 320);
    this.scale.set(0.6);
  }

  get animating(): boolean {
    return this.clock !== null;
  }

  update(dt: number): void {
    if (!this.clock) return;
    this.clock.tick(dt);
    const p = easeOut(this.clock.progress);
    this.scale.set(0.6 + 0.4 * p + 0.06 * Math.sin(p * Math.PI));
    if (this.clock.done) {
      this.clock = null;
      this.scale.set(1);
    }
  }
}

/** A banner across a row of cards, in the band between their indexes (layout.ts). */
export function bannerBetweenIndexes(cards: readonly Rect[]): BannerView {
  const band = betweenIndexes(cards);
  const banner = new BannerView(band.w, band.h);
  placeOnPixel(banner, band.x + band.w / 2, band.y + band.h / 2);
  return banner;
}
