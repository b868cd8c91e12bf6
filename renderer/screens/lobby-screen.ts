// Game choice and chip value (C-2, J-1): two big game tiles, the operator's chip values as
// chips to touch, the credits, and PLAY. Locked while a game is in progress.

import { Graphics, type Text } from 'pixi.js';
import { centredRow, rect, row, type Design, type Rect } from '../ui/layout';
import type { SceneModel } from '../model/scene';
import { drawFelt } from '../ui/felt';
import { MeterView } from '../ui/meter-view';
import { still } from '../ui/still';
import { COLORS, fitText, label } from '../ui/theme';
import { AppScreen } from './screen';

export class LobbyScreen extends AppScreen {
  private title!: Text;
  private chipTitle!: Text;
  private note!: Text;
  private credits!: MeterView;
  private tiles: Rect[] = [];
  private chipRow!: Rect;
  private chipKey = '';

  protected build(d: Design): void {
    this.chipKey = '';
    this.addChild(drawFelt(d));
    this.title = label('', {
      fontSize: 64,
      fill: COLORS.goldLight,
      stroke: { color: 0x5a3d00, width: 6 },
      letterSpacing: 5,
    });
    this.title.position.set(d.w / 2, d.h * 0.1);
    this.addChild(this.title);
    const tileW = d.name === 'wide' ? 640 : 540;
    const tileH = d.name === 'wide' ? 300 : 320;
    const tiles = row(rect((d.w - (2 * tileW + 60)) / 2, d.h * 0.18, 2 * tileW + 60, tileH), 2, 60);
    this.tiles = tiles;
    const frames = new Graphics();
    for (const t of this.tiles)
      frames
        .roundRect(t.x - 10, t.y - 10, t.w + 20, t.h + 20, 28)
        .fill({ color: 0x000000, alpha: 0.25 })
        .stroke({ width: 2, color: COLORS.goldDark });
    this.addChild(still(frames));
    this.chipTitle = label('', { fontSize: 34, fill: COLORS.gold, letterSpacing: 4 });
    this.chipTitle.position.set(d.w / 2, tiles[0].y + tileH + 70);
    this.addChild(this.chipTitle);
    this.chipRow = rect(d.w * 0.16, tiles[0].y + tileH + 105, d.w * 0.68, 100);
    this.note = label('', { fontSize: 24, fill: COLORS.goldLight, fontWeight: '400' });
    this.note.position.set(d.w / 2, this.chipRow.y + 130);
    this.addChild(this.note);
    const right = d.w - 40;
    const helpX = right - 780;
    // The credits end short of HELP: on the 1280-wide layout a third of the width ran under it
    // and hid the last digits of 5,000.
    this.credits = new MeterView();
    this.credits.setRect(rect(40, d.h - 130, Math.min(d.w * 0.36, helpX - 20 - 40), 96));
    this.addChild(this.credits);
    this.buttonSet.place(this, 'play', rect(right - 300, d.h - 140, 300, 110), 'green', 40);
    this.buttonSet.place(this, 'cashOut', rect(right - 560, d.h - 140, 240, 110), 'red');
    this.buttonSet.place(this, 'help', rect(helpX, d.h - 140, 200, 110), 'dark');
    this.buttonSet.place(this, 'language', rect(d.w - 200, 24, 176, 52), 'dark', 22);
  }

  draw(m: SceneModel): void {
    const d = this.design;
    this.title.text = m.title;
    fitText(this.title, d.w * 0.8, 90);
    this.chipTitle.text = m.chip;
    this.note.text = m.lines[0] ?? '';
    fitText(this.note, d.w * 0.9, 36);
    if (m.meters[0]) this.credits.update(m.meters[0]);
    const games = m.buttons.filter((b) => b.name.startsWith('game:'));
    games.forEach(
      (b, i) => this.tiles[i] && this.buttonSet.place(this, b.name, this.tiles[i], i === 0 ? 'blue' : 'red', 56),
    );
    const chips = m.buttons.filter((b) => b.name.startsWith('chip:'));
    const key = chips.map((c) => c.name).join(',');
    if (key !== this.chipKey) {
      this.chipKey = key;
      const n = Math.max(1, chips.length);
      const cells = centredRow(this.chipRow, n, Math.min(240, (this.chipRow.w - 24 * (n - 1)) / n), 24);
      // A cell for each chip: n is at least their count.
      chips.forEach((c, i) => this.buttonSet.place(this, c.name, cells[i]!, 'dark', 40));
    }
    this.buttonSet.apply(m.buttons);
  }
}
