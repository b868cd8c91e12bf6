// A cabinet button for the touchscreen: a lit, bevelled plate with a gold rim. One that the
// cabinet would not accept now is dimmed, and a touch on it is refused, heard and shown (C-20,
// C-22). It acts when the finger lands, as the deck's buttons do: a tap (down and up on the same
// object) was lost whenever a snapshot laid the row out again between the two, a new button
// coming up under the finger. Its plate and words are drawn into a texture when they change
// (still.ts).

import { Container, Graphics, Rectangle, type Text } from 'pixi.js';
import type { Rect } from './layout';
import type { ButtonSpec } from '../model/parts';
import { placeOnPixel, redraw, still } from './still';
import { COLORS, fitText, label, vertical } from './theme';
import { SEPARATOR, twoLines } from './two-lines';

export type ButtonTone = 'gold' | 'red' | 'green' | 'blue' | 'dark';

const TONES: Record<ButtonTone, { top: number; bottom: number; ink: number }> = {
  gold: { top: 0xffe9a3, bottom: 0xb8862a, ink: 0x1a1206 },
  red: { top: 0xf0565c, bottom: 0x8a1016, ink: 0xffffff },
  green: { top: 0x4fd67e, bottom: 0x11632f, ink: 0xffffff },
  blue: { top: 0x5b8df0, bottom: 0x15347e, ink: 0xffffff },
  dark: { top: 0x3a4440, bottom: 0x101614, ink: 0xf3e6b8 },
};

export class ButtonView extends Container {
  spec: ButtonSpec | null = null;
  private readonly plate = new Graphics();
  private readonly main: Text;
  private readonly sub: Text;
  private drawnKey = '';
  private r: Rect = { x: 0, y: 0, w: 100, h: 60 };
  private pressedFor = 0;

  constructor(
    private tone: ButtonTone,
    private readonly onPress: (spec: ButtonSpec) => void,
    private readonly fontSize = 26,
    /** A ghost has no plate: an invisible touch area over something drawn elsewhere (a card). */
    readonly ghost = false,
  ) {
    super();
    this.main = label('', { fontSize, letterSpacing: 1 });
    // A second line reads at most as large as a button's own words: a big tile's line stays one line.
    this.sub = label('', { fontSize: Math.min(22, Math.round(fontSize * 0.7)), align: 'center' });
    this.addChild(this.plate, this.main, this.sub);
    if (!ghost) still(this);
    this.eventMode = 'static';
    this.cursor = 'pointer';
    this.on('pointerdown', () => this.press());
  }

  setRect(r: Rect): this {
    this.r = r;
    placeOnPixel(this, r.x, r.y);
    this.hitArea = new Rectangle(0, 0, r.w, r.h);
    this.drawnKey = '';
    return this;
  }

  setTone(tone: ButtonTone): void {
    if (tone !== this.tone) {
      this.tone = tone;
      this.drawnKey = '';
    }
  }

  /** Where it sits in its screen (design units). */
  get rect(): Rect {
    return this.r;
  }

  get live(): boolean {
    return this.visible && this.spec !== null && this.spec.live && this.spec.action !== null;
  }

  update(spec: ButtonSpec): void {
    this.spec = spec;
    const key = `${this.tone}|${spec.label}|${spec.sub}|${spec.live}|${spec.selected}|${this.r.w}x${this.r.h}`;
    if (key === this.drawnKey) return;
    this.drawnKey = key;
    // A dimmed button still hears a touch, to say no (a refused press sounds); a ghost does not.
    this.eventMode = spec.live || !this.ghost ? 'static' : 'none';
    this.cursor = spec.live ? 'pointer' : 'default';
    if (this.ghost) {
      this.main.visible = false;
      this.sub.visible = false;
      return;
    }
    const { w, h } = this.r;
    const tone = TONES[spec.selected ? 'gold' : this.tone];
    const rad = Math.min(16, h * 0.2);
    this.plate.clear();
    this.plate.roundRect(3, 6, w, h, rad).fill({ color: 0x000000, alpha: 0.45 });
    this.plate
      .roundRect(0, 0, w, h, rad)
      .fill(vertical(tone.top, tone.bottom))
      .stroke({ width: 3, color: spec.selected ? COLORS.white : COLORS.gold });
    this.plate.roundRect(6, 4, w - 12, h * 0.38, rad * 0.7).fill({ color: 0xffffff, alpha: 0.16 });
    this.main.text = spec.label;
    this.main.style.fill = tone.ink;
    this.sub.text = spec.sub ?? '';
    this.sub.style.fill = tone.ink;
    const hasSub = !!spec.sub;
    // The words keep a margin of the plate on each side (a label fitted edge to edge reads as cramped).
    // A label too long for one line takes two at its size where the plate is tall enough for them.
    this.main.style.wordWrap = false;
    const lineH = this.main.height;
    const room = hasSub ? h * 0.62 : h * 0.8;
    const wrap = this.main.width > w * 0.86 && 2 * lineH <= room;
    if (wrap) Object.assign(this.main.style, { wordWrap: true, wordWrapWidth: w * 0.86, align: 'center' });
    this.main.position.set(w / 2, hasSub ? (wrap ? h * 0.4 : h * 0.36) : h / 2);
    fitText(this.main, w * 0.86, wrap ? room : hasSub ? h * 0.5 : h * 0.8);
    // A second line of parts (a game's table and return) too long for the plate takes two lines
    // where they fit at its size (the game menu's tiles, three to a row at 1280 wide).
    const parts = this.sub.text.split(SEPARATOR);
    this.sub.scale.set(1);
    if (!wrap && parts.length > 1 && this.sub.width > w * 0.86 && 2 * this.sub.height <= h * 0.4) {
      this.sub.text = twoLines(parts);
      this.sub.position.set(w / 2, h * 0.72);
      fitText(this.sub, w * 0.86, h * 0.4);
    } else {
      this.sub.position.set(w / 2, wrap ? h * 0.83 : h * 0.74);
      fitText(this.sub, w * 0.86, h * 0.36);
    }
    this.sub.visible = hasSub;
    // The current choice stays bright even when it cannot be pressed (the chip value on show).
    // Each part is dimmed, not the texture they make, so the plate's shadow shows through as drawn.
    const alpha = spec.live || spec.selected ? 1 : 0.35;
    for (const part of [this.plate, this.main, this.sub]) part.alpha = alpha;
    redraw(this);
  }

  /** What a touch does; also the test hook's way in. False when it is not live (a dimmed one is refused, heard and shown). */
  press(): boolean {
    if (!this.live || !this.spec) {
      if (this.visible && this.spec && !this.ghost) this.onPress({ ...this.spec, live: false });
      return false;
    }
    if (!this.ghost) {
      this.pressedFor = 120;
      this.scale.set(0.97);
    }
    this.onPress(this.spec);
    return true;
  }

  get pressing(): boolean {
    return this.pressedFor > 0;
  }

  tick(dt: number): void {
    if (this.pressedFor > 0) {
      this.pressedFor -= dt;
      if (this.pressedFor <= 0) this.scale.set(1);
    }
  }
}
