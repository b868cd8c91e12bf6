// The game menu (C-2, J-1), in the Game King manner: a tile for every enabled game with its pay
// table and return, the operator's chip values (denominations) as chips to touch, the credits,
// and PLAY. Locked while a game is in progress. Two games make two big tiles; more, a grid of
// up to three a row.

import { Graphics, type Container, type Text } from 'pixi.js';
import { centredRow, rect, type Design, type Rect } from '../ui/layout';
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
  private tileArea!: Rect;
  private frames!: Graphics;
  private framed: Container | null = null;
  private chipRow!: Rect;
  private chipKey = '';
  private gameKey = '';

  protected build(d: Design): void {
    this.chipKey = '';
    this.gameKey = '';
    this.framed = null;
    this.addChild(drawFelt(d));
    this.title = label('', {
      fontSize: 64,
      fill: COLORS.goldLight,
      stroke: { color: 0x5a3d00, width: 6 },
      letterSpacing: 5,
    });
    this.title.position.set(d.w / 2, d.h * 0.1);
    this.addChild(this.title);
    const tileH = d.name === 'wide' ? 300 : 320;
    const areaW = d.name === 'wide' ? 1700 : 1200;
    this.tileArea = rect((d.w - areaW) / 2, d.h * 0.18, areaW, tileH);
    this.frames = new Graphics();
    this.chipTitle = label('', { fontSize: 34, fill: COLORS.gold, letterSpacing: 4 });
    this.chipTitle.position.set(d.w / 2, this.tileArea.y + tileH + 70);
    this.addChild(this.chipTitle);
    this.chipRow = rect(d.w * 0.16, this.tileArea.y + tileH + 105, d.w * 0.68, 100);
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
    const gameKey = games.map((g) => g.name).join(',');
    if (gameKey !== this.gameKey) {
      this.gameKey = gameKey;
      this.placeTiles(
        games.map((g) => g.name),
        d,
      );
    }
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

  /** A tile for each game: two side by side as large as they go, more in rows of up to three. */
  private placeTiles(names: string[], d: Design): void {
    const n = Math.max(1, names.length);
    const perRow = n <= 2 ? n : 3;
    const rows = Math.ceil(n / perRow);
    const gap = n <= 2 ? 60 : 30;
    const area = this.tileArea;
    const tileW = Math.min(n <= 2 ? (d.name === 'wide' ? 640 : 540) : Infinity, (area.w - gap * (perRow - 1)) / perRow);
    const tileH = (area.h - gap * (rows - 1)) / rows;
    const tiles: Rect[] = [];
    for (let r = 0; r < rows; r++) {
      const inRow = Math.min(perRow, n - r * perRow);
      tiles.push(...centredRow(rect(area.x, area.y + r * (tileH + gap), area.w, tileH), inRow, tileW, gap));
    }
    if (this.framed) this.framed.destroy({ children: true });
    this.frames = new Graphics();
    for (const t of tiles)
      this.frames
        .roundRect(t.x - 10, t.y - 10, t.w + 20, t.h + 20, 28)
        .fill({ color: 0x000000, alpha: 0.25 })
        .stroke({ width: 2, color: COLORS.goldDark });
    this.framed = still(this.frames);
    this.addChildAt(this.framed, 1);
    const tones = ['blue', 'red', 'green', 'gold'] as const;
    names.forEach((name, i) =>
      this.buttonSet.place(this, name, tiles[i]!, tones[i % tones.length]!, n <= 2 ? 56 : rows > 1 ? 36 : 44),
    );
  }
}
