// A thin strip along the bottom edge for a lost connection or a refused wish, in the player's
// language; it fades by itself.

import { Container, Graphics, type Text } from 'pixi.js';
import type { Design } from '../ui/layout';
import { COLORS, fitText, label } from '../ui/theme';

export class StatusStrip extends Container {
  private readonly plate = new Graphics();
  private readonly text: Text;
  private left = 0;
  private sticky = false;
  private lastKey = '';

  constructor() {
    super();
    this.text = label('', { fontSize: 26, fill: COLORS.white, letterSpacing: 1 });
    this.addChild(this.plate, this.text);
    this.visible = false;
  }

  /** `noticeId` tells a repeated notice from the same one drawn again. */
  show(d: Design, connection: string | null, notice: string | null, noticeId = 0): void {
    const line = connection ?? notice;
    const key = `${d.name}|${line}|${connection ? '' : noticeId}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    const wasSticky = this.sticky;
    this.sticky = connection !== null;
    if (!line) {
      if (wasSticky) this.visible = false;
      return;
    }
    this.plate.clear();
    this.plate
      .roundRect(d.w * 0.2, d.h - 60, d.w * 0.6, 46, 12)
      .fill({ color: connection ? COLORS.redDark : 0x000000, alpha: 0.85 })
      .stroke({ width: 2, color: COLORS.gold });
    this.text.text = line;
    this.text.position.set(d.w / 2, d.h - 37);
    fitText(this.text, d.w * 0.58, 40);
    this.visible = true;
    this.alpha = 1;
    this.left = 3000;
  }

  get fading(): boolean {
    return this.visible && !this.sticky;
  }

  update(dt: number): void {
    if (!this.visible || this.sticky) return;
    this.left -= dt;
    if (this.left < 500) this.alpha = Math.max(0, this.left / 500);
    if (this.left <= 0) this.visible = false;
  }
}
