// A playing card drawn in vectors: ivory face with big corner indexes and a centre suit, court
// cards with a double-ended figure and aces with one large pip (court-faces.ts), a red lattice back, and the marks the games need (HELD, winning glow, picked
// for exchange, discarded). Deal and flip motions are presentation only.

import { Container, Graphics, type Text } from 'pixi.js';
import { drawAce, drawCourt } from './court-faces';
import { drawSuit, SUIT_COLORS } from './suits';
import { COLORS, label } from './theme';
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
};

export type CardMotion = 'none' | 'flip' | 'deal';

/** Motions started since the page loaded: the test hook reports them (deals and reveals ran). */
export const motions = { deal: 0, flip: 0 };

/** Pixels per design unit for the faces' textures: the navigator sets it from the window's scale. */
export const faceResolution = { value: 1 };

/** Hears every card dealt or turned, with the delay before its motion starts (the sound board). */
export const cardMotionListeners = new Set<(motion: 'deal' | 'flip', delayMs: number) => void>();

const rankText = (code: string): string => (code.startsWith('T') ? '10' : code.charAt(0));

function drawFace(w: number, h: number, code: string): Container {
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

function drawBack(w: number, h: number): Graphics {
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

function badge(text: string, w: number, fill: number, ink: number): Container {
  const c = new Container();
  const t: Text = label(text, { fontSize: Math.max(14, w * 0.15), fill: ink, fontWeight: '700', letterSpacing: 1 });
  if (t.width > w * 0.86) t.scale.set((w * 0.86) / t.width);
  const bw = Math.min(w * 0.92, t.width + w * 0.14);
  const bh = t.height * 1.25;
  const g = new Graphics();
  g.roundRect(-bw / 2, -bh / 2, bw, bh, bh * 0.3)
    .fill(fill)
    .stroke({ width: 2, color: COLORS.goldDark });
  c.addChild(g, t);
  return c;
}

export class CardView extends Container {
  private readonly body = new Container();
  private readonly back: Graphics;
  private face: Container | null = null;
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
    this.back = drawBack(w, h);
    this.body.pivot.set(w / 2, h / 2);
    this.body.position.set(w / 2, h / 2);
    this.body.addChild(this.back);
    this.glow.roundRect(-8, -8, w + 16, h + 16, w * 0.1).stroke({ width: 7, color: COLORS.win, alpha: 0.95 });
    this.glow.roundRect(-14, -14, w + 28, h + 28, w * 0.12).stroke({ width: 6, color: COLORS.win, alpha: 0.35 });
    this.glow.visible = false;
    this.shade.roundRect(0, 0, w, h, w * 0.07).fill({ color: 0x000000, alpha: 0.45 });
    this.shade.visible = false;
    this.addChild(this.glow, this.body, this.shade, this.marks);
  }

  get code(): string | null {
    return this.target;
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
    if (m.held) {
      const b = badge(m.heldText, this.w, COLORS.win, COLORS.ink);
      b.position.set(this.w / 2, this.h * 0.13);
      this.marks.addChild(b);
    }
    if (m.selected) {
      const b = badge(m.selectedText, this.w, COLORS.red, COLORS.white);
      b.position.set(this.w / 2, this.h * 0.13);
      this.marks.addChild(b);
    }
    if (m.discarded) {
      const x = new Graphics();
      x.moveTo(this.w * 0.15, this.h * 0.2).lineTo(this.w * 0.85, this.h * 0.8);
      x.moveTo(this.w * 0.85, this.h * 0.2).lineTo(this.w * 0.15, this.h * 0.8);
      x.stroke({ width: Math.max(4, this.w * 0.06), color: COLORS.red, cap: 'round' });
      const b = badge(m.discardedText, this.w, COLORS.redDark, COLORS.white);
      b.position.set(this.w / 2, this.h * 0.88);
      this.marks.addChild(x, b);
    }
    if (m.fresh) {
      const b = badge(m.freshText, this.w, COLORS.win, COLORS.ink);
      b.position.set(this.w / 2, this.h * 0.88);
      this.marks.addChild(b);
    }
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
    if (this.face && this.shown === code) return;
    if (this.face) {
      this.face.destroy({ children: true });
      this.face = null;
    }
    this.shown = code;
    this.back.visible = code === null;
    if (code !== null) {
      this.face = drawFace(this.w, this.h, code);
      // Drawn once into a texture at the screen's scale: a court figure's hundreds of vector
      // shapes are not drawn again every frame (Pixi's canvas renderer would, on a software GPU).
      this.face.cacheAsTexture({ resolution: faceResolution.value, antialias: true });
      this.body.addChild(this.face);
    }
  }
}
