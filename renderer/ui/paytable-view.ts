// The pay table as on a video-poker glass: deep blue panel, gold frame, the current bet's column
// lit and the paying hand's row flashing. The panel, the flash and the figures are each drawn once
// into a texture (still.ts) when the table, the bet or the win changes; only the flash's alpha moves.

import { Container, Graphics } from 'pixi.js';
import type { Rect } from './layout';
import type { PayTableModel } from '../model/parts';
import { placeOnPixel, redraw, still } from './still';
import { COLORS, fitText, label, vertical } from './theme';

export class PayTableView extends Container {
  private readonly back = still(new Container());
  private readonly flash = still(new Graphics());
  private readonly content = still(new Container());
  private key = '';
  private r: Rect = { x: 0, y: 0, w: 600, h: 300 };
  private t = 0;

  constructor() {
    super();
    this.addChild(this.back, this.flash, this.content);
  }

  setRect(r: Rect): void {
    this.r = r;
    placeOnPixel(this, r.x, r.y);
    this.key = '';
  }

  update(model: PayTableModel | null, showTitle = false): void {
    const key = JSON.stringify([model, showTitle, this.r]);
    if (key === this.key) return;
    this.key = key;
    this.back.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.content.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.flash.clear();
    this.winShown = false;
    for (const c of [this.back, this.flash, this.content]) redraw(c);
    if (!model) return;
    const { w, h } = this.r;
    const g = new Graphics();
    g.roundRect(0, 0, w, h, 14).fill(vertical(0x10297a, 0x071240)).stroke({ width: 4, color: COLORS.gold });
    g.roundRect(6, 6, w - 12, h - 12, 10).stroke({ width: 1.5, color: COLORS.goldDark });
    this.back.addChild(g);
    const titleH = showTitle ? h * 0.12 : 0;
    if (showTitle) {
      const title = label(model.title, { fontSize: 22, fill: COLORS.goldLight, letterSpacing: 2 });
      title.position.set(w / 2, 10 + titleH / 2);
      fitText(title, w - 30, titleH);
      this.content.addChild(title);
    }
    const pad = 12;
    // A headed table gives its column headings (BET 1 … BET 5) a row of their own above the figures.
    const headH = model.headed ? Math.min(48, (h - titleH) / (model.rows.length + 1)) : 0;
    const rowsTop = pad + titleH + headH;
    const rowH = (h - rowsTop - pad) / Math.max(1, model.rows.length);
    const size = Math.min(30, rowH * 0.72);
    // The hands' column takes its share, or more when a hand's name needs it (Deuces Wild's natural
    // royal in Russian did not fit a third) and the figures keep room for theirs.
    const widest = (texts: string[]): number =>
      Math.max(
        0,
        ...texts.map((text) => {
          const probe = label(text, { fontSize: size });
          const width = probe.width;
          probe.destroy();
          return width;
        }),
      );
    const cols = Math.max(1, model.columns.length);
    const share = cols > 1 ? w * 0.34 : w * 0.62;
    const figuresNeed = cols * (widest(model.rows.flatMap((r) => r.values)) + 16);
    const labelW = Math.max(share, Math.min(widest(model.rows.map((r) => r.label)) + 16, w - 2 * pad - figuresNeed));
    const colW = (w - labelW - 2 * pad) / cols;
    if (model.headed) {
      model.columns.forEach((text, c) => {
        // Right-aligned over the figures, as the cells are.
        const style = { fontSize: Math.min(24, headH * 0.6), fill: COLORS.white, letterSpacing: 1 };
        const heading = label(text, style, 1, 0.5);
        heading.position.set(pad + labelW + (c + 1) * colW - 12, pad + titleH + headH / 2);
        fitText(heading, colW - 10, headH);
        this.content.addChild(heading);
      });
      g.moveTo(pad, rowsTop).lineTo(w - pad, rowsTop);
    }
    if (model.litColumn !== null && model.litColumn < model.columns.length) {
      g.roundRect(pad + labelW + model.litColumn * colW + 2, rowsTop - 2, colW - 4, h - rowsTop - pad + 4, 8).fill({
        color: COLORS.red,
        alpha: 0.85,
      });
    }
    for (let i = 1; i < model.columns.length; i++) {
      const x = pad + labelW + i * colW;
      g.moveTo(x, rowsTop).lineTo(x, h - pad);
    }
    g.stroke({ width: 1, color: COLORS.goldDark, alpha: 0.7 });
    const winIndex = model.rows.findIndex((r) => r.category === model.winRow);
    this.winShown = winIndex >= 0;
    if (winIndex >= 0) {
      this.flash
        .roundRect(pad - 2, rowsTop + winIndex * rowH + 1, w - 2 * pad + 4, rowH - 2, 6)
        .fill({ color: COLORS.win, alpha: 0.9 });
    }
    model.rows.forEach((row, i) => {
      const y = rowsTop + i * rowH + rowH / 2;
      const win = i === winIndex;
      const name = label(row.label, { fontSize: size, fill: win ? COLORS.ink : COLORS.goldLight }, 0, 0.5);
      name.position.set(pad + 10, y);
      fitText(name, labelW - 16, rowH);
      this.content.addChild(name);
      row.values.forEach((v, c) => {
        const cell = label(
          v,
          { fontSize: size, fill: win ? COLORS.ink : c === model.litColumn ? COLORS.white : COLORS.goldLight },
          1,
          0.5,
        );
        cell.position.set(pad + labelW + (c + 1) * colW - 12, y);
        fitText(cell, colW - 16, rowH);
        this.content.addChild(cell);
      });
    });
  }

  get flashing(): boolean {
    return this.visible && this.winShown;
  }

  private winShown = false;

  tick(dt: number): void {
    this.t += dt;
    this.flash.alpha = 0.55 + 0.45 * Math.abs(Math.sin(this.t / 260));
  }
}
