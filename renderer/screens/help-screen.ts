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
  private note!: Text;
  private panel!: Rect;
  private tableRect!: Rect;
  private textW = 0;

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
    this.title.position.set(d.w / 2, this.panel.y + 64);
    // The page's number in the panel's top corner, above a long title.
    this.pageText = label('', { fontSize: 20, fill: COLORS.gold, fontWeight: '400' }, 1, 0.5);
    this.pageText.position.set(this.panel.x + this.panel.w - 24, this.panel.y + 20);
    this.addChild(this.title, this.pageText);
    // A page with a pay table: its rules in a column at the left, the table large at the right with
    // its return said under it; a page of rules alone reads across the whole panel.
    this.textW = wide ? this.panel.w * 0.5 : this.panel.w * 0.47;
    this.lines = [0, 1, 2, 3].map(() => {
      const t = label(
        '',
        {
          fontSize: 30,
          fill: COLORS.white,
          fontWeight: '400',
          wordWrap: true,
          wordWrapWidth: this.textW,
          lineHeight: 40,
        },
        0,
        0,
      );
      t.position.set(this.panel.x + 40, this.panel.y + 120);
      this.addChild(t);
      return t;
    });
    const tableX = this.panel.x + 40 + this.textW + 30;
    this.tableRect = rect(tableX, this.panel.y + 110, this.panel.x + this.panel.w - 30 - tableX, this.panel.h - 240);
    this.payTable = new PayTableView();
    this.payTable.setRect(this.tableRect);
    this.addChild(this.payTable);
    this.note = label(
      '',
      {
        fontSize: 26,
        fill: COLORS.goldLight,
        fontWeight: '400',
        wordWrap: true,
        wordWrapWidth: this.tableRect.w,
        lineHeight: 34,
        align: 'center',
      },
      0.5,
      0,
    );
    this.note.position.set(this.tableRect.x + this.tableRect.w / 2, this.tableRect.y + this.tableRect.h + 16);
    this.addChild(this.note);
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
    fitText(this.title, this.panel.w - 80, 70);
    this.pageText.text = h.pageText;
    // Each paragraph starts below the one before, whatever its number of lines.
    let y = this.panel.y + 120;
    const across = this.panel.w - 80;
    this.lines.forEach((t, i) => {
      t.style.wordWrapWidth = h.payTable ? this.textW : across;
      t.style.fontSize = h.payTable ? 30 : 34;
      t.style.lineHeight = h.payTable ? 40 : 46;
      t.text = h.lines[i] ? `•  ${h.lines[i]}` : '';
      t.position.y = y;
      y += t.height + (h.payTable ? 22 : 34);
    });
    // A table with rules beside it takes the right of the panel; a table alone takes all of it.
    const p = this.panel;
    const alone = h.lines.length === 0;
    const x = alone ? p.x + 40 : p.x + 40 + this.textW + 30;
    const table = rect(x, p.y + 110, p.x + p.w - (alone ? 40 : 30) - x, p.h - 110 - 130);
    if (table.x !== this.tableRect.x || table.w !== this.tableRect.w) {
      this.tableRect = table;
      this.payTable.setRect(table);
      this.note.style.wordWrapWidth = table.w;
      this.note.position.set(table.x + table.w / 2, table.y + table.h + 16);
    }
    this.payTable.update(h.payTable, !alone);
    this.payTable.visible = h.payTable !== null;
    this.note.text = h.note ?? '';
    this.note.visible = h.payTable !== null;
    fitText(this.note, this.tableRect.w, 96);
    this.buttonSet.apply(m.buttons);
  }
}
