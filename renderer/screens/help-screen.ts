// Help pages: both games' rules in short, and the pay tables as the cabinet reports them.

import { Graphics, type Text } from 'pixi.js';
import { rect, type Design, type Rect } from '../ui/layout';
import type { SceneModel } from '../model/scene';
import { drawFelt } from '../ui/felt';
import { PayTableView } from '../ui/paytable-view';
import { still } from '../ui/still';
import { COLORS, fitText, label, vertical } from '../ui/theme';
import { AppScreen } from './screen';

export class HelpScreen extends AppScreen {
  private title!: Text;
  private pageText!: Text;
  private lines: Text[] = [];
  private payTable!: PayTableView;
  private panel!: Rect;
  private tableRect!: Rect;

  protected build(d: Design): void {
    this.addChild(drawFelt(d));
    const wide = d.name === 'wide';
    this.panel = rect(40, 40, d.w - 80, d.h - 200);
    const g = new Graphics();
    g.roundRect(this.panel.x, this.panel.y, this.panel.w, this.panel.h, 24)
      .fill(vertical(0x0d1a14, 0x020504))
      .stroke({ width: 4, color: COLORS.gold });
    this.addChild(still(g));
    this.title = label('', { fontSize: 52, fill: COLORS.goldLight, letterSpacing: 3 });
    this.title.position.set(d.w / 2, this.panel.y + 56);
    this.pageText = label('', { fontSize: 22, fill: COLORS.gold, fontWeight: '400' }, 1, 0.5);
    this.pageText.position.set(this.panel.x + this.panel.w - 30, this.panel.y + 56);
    this.addChild(this.title, this.pageText);
    const textW = wide ? this.panel.w * 0.52 : this.panel.w - 80;
    this.lines = [0, 1, 2, 3].map((i) => {
      const t = label(
        '',
        { fontSize: 30, fill: COLORS.white, fontWeight: '400', wordWrap: true, wordWrapWidth: textW, lineHeight: 40 },
        0,
        0,
      );
      t.position.set(this.panel.x + 40, this.panel.y + 120 + i * (wide ? 150 : 110));
      this.addChild(t);
      return t;
    });
    this.tableRect = wide
      ? rect(this.panel.x + this.panel.w * 0.58, this.panel.y + 120, this.panel.w * 0.4 - 20, this.panel.h - 160)
      : rect(this.panel.x + 200, this.panel.y + 560, this.panel.w - 400, this.panel.h - 590);
    this.payTable = new PayTableView();
    this.payTable.setRect(this.tableRect);
    this.addChild(this.payTable);
    const y = d.h - 140;
    this.buttonSet.place(this, 'prev', rect(40, y, 260, 110), 'dark');
    this.buttonSet.place(this, 'next', rect(320, y, 260, 110), 'dark');
    this.buttonSet.place(this, 'language', rect(d.w - 600, y, 260, 110), 'dark', 24);
    this.buttonSet.place(this, 'close', rect(d.w - 300, y, 260, 110), 'green', 32);
  }

  draw(m: SceneModel): void {
    const h = m.help;
    if (!h) return;
    this.title.text = h.title;
    fitText(this.title, this.panel.w - 360, 70);
    this.pageText.text = h.pageText;
    // Each paragraph starts below the one before, whatever its number of lines.
    let y = this.panel.y + 120;
    this.lines.forEach((t, i) => {
      t.text = h.lines[i] ? `•  ${h.lines[i]}` : '';
      t.position.y = y;
      y += t.height + 26;
    });
    this.payTable.update(h.payTable, true);
    this.payTable.visible = h.payTable !== null;
    this.buttonSet.apply(m.buttons);
  }
}
