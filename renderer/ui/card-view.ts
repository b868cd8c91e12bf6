// A playing card on the table: its face or back (card-art.ts, from the shared textures of
// card-textures.ts) and the marks the games need (HELD, winning glow, picked for exchange,
// discarded). Deal and flip motions are presentation only.

import { Container, Graphics, Sprite, type DestroyOptions, type Text } from 'pixi.js';
import { cardTextures, type CardPicture } from './card-textures';
import { COLORS, label } from './theme';
import { redraw, still, textureResolution } from './still';
import { Clock, easeInOut, easeOut } from './tween';

export interface CardMarks {
  held: boolean;
  heldText: string;
  winning: boolean;
  /** Darkened: a losing card while a win is shown. */
  dimmed: boolean;
  selected: boolean;
  selectedText: string;
  discarded: boolean;
  discardedText: string;
  fresh: boolean;
  freshText: string;
  /** A wild card (W-1), marked across its middle, between its indexes. */
  wild: boolean;
  wildText: string;
}

const NO_MARKS: CardMarks = {
  held: false,
  heldText: '',
  winning: false,
  dimmed: false,
  selected: false,
  selectedText: '',
  discarded: false,
  discardedText: '',
  fresh: false,
  freshText: '',
  wild: false,
  wildText: '',
};

export type CardMotion = 'none' | 'flip' | 'deal';

/** Motions started since the page loaded: the test hook reports them (deals and reveals ran). */
export const motions = { deal: 0, flip: 0 };

/** Hears every card dealt or turned, with the delay before its motion starts (the sound board). */
export const cardMotionListeners = new Set<(motion: 'deal' | 'flip', delayMs: number) => void>();

/** Where a mark sits on or by its card: above it, under it, or across the band between its indexes. */
export type MarkPlace = 'above' | 'below' | 'middle';

/** A mark's plate height for a card of width `w` (its text is a seventh of the card, at least 14). */
export const markHeight = (w: number): number => Math.round(Math.max(14, w * 0.11) * 1.5);

/**
 * A mark (HELD, CHANGE, DISCARDED, NEW CARD, WILD): never over a corner index. HELD sits above the
 * card and CHANGE under it (the layouts leave room there), so a court face and its rank stay in
 * sight; DISCARDED, NEW CARD and WILD sit across the middle, between the indexes (a deuce's two
 * pips lie above and below it).
 */
function badge(text: string, w: number, h: number, place: MarkPlace, fill: number, ink: number): Container {
  const c = new Container();
  const t: Text = label(text, { fontSize: Math.max(14, w * 0.11), fill: ink, fontWeight: '700', letterSpacing: 1 });
  if (t.width > w * 0.86) t.scale.set((w * 0.86) / t.width);
  const bw = Math.min(w * 0.96, t.width + w * 0.14);
  const bh = markHeight(w);
  const g = new Graphics();
  g.roundRect(-bw / 2, -bh / 2, bw, bh, bh * 0.3)
    .fill(fill)
    .stroke({ width: 2, color: COLORS.goldDark });
  c.addChild(g, t);
  const y = place === 'above' ? -bh / 2 - 3 : place === 'below' ? h + bh / 2 + 3 : h / 2;
  c.position.set(w / 2, y);
  return c;
}

export class CardView extends Container {
  private readonly body = new Container();
  private readonly picture = new Sprite();
  private shownPicture: CardPicture | null = null;
  private readonly glow = new Graphics();
  private readonly shade = new Graphics();
  private readonly marks = new Container();
  private shown: string | null = null;
  private target: string | null = null;
  private motion: CardMotion = 'none';
  private clock: Clock | null = null;
  private marksKey = '';
  private lift = 0;
  private liftTarget = 0;
  /** Where a dealt card flies in from, relative to its place. */
  dealFrom = { x: 0, y: -400 };
  /** A card of the attract loop's demonstration: its motions make no sound. */
  silent = false;

  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    super();
    this.body.pivot.set(w / 2, h / 2);
    this.body.position.set(w / 2, h / 2);
    this.body.addChild(this.picture);
    this.showFace(null);
    // The glow and the shade never change, the marks with the model: each is a texture (still.ts).
    this.glow.roundRect(-8, -8, w + 16, h + 16, w * 0.1).stroke({ width: 7, color: COLORS.win, alpha: 0.95 });
    this.glow.roundRect(-14, -14, w + 28, h + 28, w * 0.12).stroke({ width: 6, color: COLORS.win, alpha: 0.35 });
    this.glow.visible = false;
    this.shade.roundRect(0, 0, w, h, w * 0.07).fill({ color: 0x000000, alpha: 0.45 });
    this.shade.visible = false;
    this.addChild(still(this.glow), this.body, still(this.shade), still(this.marks));
  }

  get code(): string | null {
    return this.target;
  }

  /** The marks' plates on show, in this card's units (the test hook checks none meets an index). */
  markRects(): { x: number; y: number; w: number; h: number }[] {
    return this.marks.children.map((b) => {
      const r = b.getLocalBounds();
      return { x: b.x + r.x, y: b.y + r.y, w: r.width, h: r.height };
    });
  }

  /** True when the card shows its face and lies still in its place (what a player can read). */
  get faceShown(): boolean {
    return this.target !== null && this.motion === 'none';
  }

  get animating(): boolean {
    return this.motion !== 'none' || Math.abs(this.lift - this.liftTarget) > 0.5;
  }

  /** Shows a code (null: face down) now or with a motion after a delay. */
  setCard(code: string | null, motion: CardMotion, delayMs = 0): void {
    if (motion === 'none') {
      this.target = code;
      this.motion = 'none';
      this.clock = null;
      this.showFace(code);
      this.body.scale.x = 1;
      this.body.position.set(this.w / 2, this.h / 2);
      this.body.alpha = 1;
      return;
    }
    if (code === this.target && motion === 'flip') return;
    motions[motion]++;
    if (!this.silent) for (const l of cardMotionListeners) l(motion, delayMs);
    this.target = code;
    this.motion = motion;
    this.clock = new Clock(delayMs, motion === 'deal' ? 420 : 260);
    if (motion === 'deal') {
      this.showFace(null);
      this.body.alpha = 0;
    }
  }

  setMarks(marks: Partial<CardMarks>): void {
    const m = { ...NO_MARKS, ...marks };
    this.glow.visible = m.winning;
    this.shade.visible = m.dimmed || m.discarded;
    this.liftTarget = m.selected ? -this.h * 0.08 : 0;
    const key = JSON.stringify(m);
    if (key === this.marksKey) return;
    this.marksKey = key;
    this.marks.removeChildren().forEach((c) => c.destroy({ children: true }));
    redraw(this.marks);
    const { w, h } = this;
    if (m.held) this.marks.addChild(badge(m.heldText, w, h, 'above', COLORS.win, COLORS.ink));
    if (m.selected) this.marks.addChild(badge(m.selectedText, w, h, 'below', COLORS.red, COLORS.white));
    if (m.discarded) {
      // A cross between the indexes: the card thrown away stays readable under its shade.
      const x = new Graphics();
      x.moveTo(w * 0.3, h * 0.38).lineTo(w * 0.7, h * 0.62);
      x.moveTo(w * 0.7, h * 0.38).lineTo(w * 0.3, h * 0.62);
      x.stroke({ width: Math.max(4, w * 0.05), color: COLORS.red, cap: 'round' });
      this.marks.addChild(x, badge(m.discardedText, w, h, 'middle', COLORS.redDark, COLORS.white));
    }
    if (m.fresh) this.marks.addChild(badge(m.freshText, w, h, 'middle', COLORS.win, COLORS.ink));
    if (m.wild) this.marks.addChild(badge(m.wildText, w, h, 'middle', COLORS.blue, COLORS.white));
  }

  update(dt: number): void {
    if (this.lift !== this.liftTarget) {
      const step = (this.liftTarget - this.lift) * Math.min(1, dt / 90);
      this.lift = Math.abs(this.liftTarget - this.lift) < 0.5 ? this.liftTarget : this.lift + step;
      this.pivot.y = -this.lift;
    }
    if (this.motion === 'none' || !this.clock) return;
    this.clock.tick(dt);
    const p = this.clock.progress;
    if (this.motion === 'deal') {
      // First 55%: fly in face down; then turn over.
      const fly = easeOut(Math.min(1, p / 0.55));
      this.body.alpha = p > 0 ? 1 : 0;
      this.body.position.set(this.w / 2 + this.dealFrom.x * (1 - fly), this.h / 2 + this.dealFrom.y * (1 - fly));
      if (p > 0.55) this.turn((p - 0.55) / 0.45);
    } else {
      this.turn(p);
    }
    if (this.clock.done) {
      this.motion = 'none';
      this.clock = null;
      this.body.scale.x = 1;
      this.body.position.set(this.w / 2, this.h / 2);
      this.body.alpha = 1;
      this.showFace(this.target);
    }
  }

  /** Half-way through a turn the card is edge-on: the face changes there. */
  private turn(p: number): void {
    const e = easeInOut(p);
    this.body.scale.x = Math.abs(Math.cos(e * Math.PI));
    if (e >= 0.5 && this.shown !== this.target) this.showFace(this.target);
  }

  private showFace(code: string | null): void {
    if (this.shownPicture && this.shown === code) return;
    const textures = cardTextures();
    const next = textures.take(code, this.w, this.h, textureResolution.value);
    if (this.shownPicture) textures.release(this.shownPicture);
    this.shownPicture = next;
    this.shown = code;
    this.picture.texture = next.texture;
    this.picture.position.set(next.x, next.y);
  }

  override destroy(options?: DestroyOptions): void {
    if (this.shownPicture) cardTextures().release(this.shownPicture);
    this.shownPicture = null;
    super.destroy(options);
  }
}
