// The chip chooser a game screen's denomination button opens (model/play/chips.ts): a panel over
// the pay table, never over the cards, with a chip for each value the operator allows.

import { Container, Graphics, type Text } from 'pixi.js';
import { centredRow, rect, type Rect } from '../ui/layout';
import type { SceneModel } from '../model/scene';
import { t } from '../i18n/texts';
import { still } from '../ui/still';
import { COLORS, fitText, label } from '../ui/theme';
import type { ButtonSet } from './screen';

export class ChipChooser extends Container {
  private readonly title: Text;
  private key = '';

  constructor(
    private readonly area: Rect,
    private readonly buttons: ButtonSet,
  ) {
    super();
    const g = new Graphics();
    g.roundRect(area.x, area.y, area.w, area.h, 16)
      .fill({ color: COLORS.panel })
      .stroke({ width: 3, color: COLORS.gold });
    this.addChild(still(g));
    this.title = label('', { fontSize: 28, fill: COLORS.goldLight, letterSpacing: 3 });
    this.title.position.set(area.x + area.w / 2, area.y + 30);
    this.addChild(this.title);
    this.visible = false;
  }

  /** Shown while the model offers chip values; each in its cell, one row or two as the panel's width allows. */
  draw(m: SceneModel): void {
    const chips = m.buttons.filter((b) => b.name.startsWith('chip:'));
    this.visible = chips.length > 0;
    if (!this.visible) return;
    this.title.text = t(m.language, 'lobby.chip');
    fitText(this.title, this.area.w - 32, 40);
    const key = chips.map((c) => c.name).join(',');
    if (key === this.key) return;
    this.key = key;
    const a = this.area;
    const body = rect(a.x + 16, a.y + 58, a.w - 32, a.h - 58 - 14);
    const perRow = body.w / chips.length >= 150 ? chips.length : Math.ceil(chips.length / 2);
    const rows = Math.ceil(chips.length / perRow);
    const h = Math.min(90, (body.h - 10 * (rows - 1)) / rows);
    const w = Math.min(220, (body.w - 16 * (perRow - 1)) / perRow);
    for (let r = 0; r < rows; r++) {
      const inRow = chips.slice(r * perRow, (r + 1) * perRow);
      const top = body.y + (body.h - rows * h - (rows - 1) * 10) / 2 + r * (h + 10);
      const cells = centredRow(rect(body.x, top, body.w, h), inRow.length, w, 16);
      // A cell for each chip of the row: the row was cut to their count.
      inRow.forEach((c, i) => this.buttons.place(this, c.name, cells[i]!, 'dark', 30));
    }
  }
}
