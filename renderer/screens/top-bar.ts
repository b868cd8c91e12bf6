// The strip across the top of a game screen: the game's name, the denomination button (the chip
// in play; a touch opens the chip chooser), GAMES and the language switch.

import { Container, Graphics, type Text } from 'pixi.js';
import { topBarLayout, type Design } from '../ui/layout';
import { still } from '../ui/still';
import { COLORS, fitText, label, vertical } from '../ui/theme';
import type { ButtonSet } from './screen';

export class TopBar extends Container {
  private readonly title: Text;

  constructor(d: Design, buttons: ButtonSet) {
    super();
    const l = topBarLayout(d);
    const g = new Graphics();
    g.rect(0, 0, d.w, l.bar.h).fill(vertical(0x1b1f1d, 0x000000));
    g.rect(0, l.bar.h - 3, d.w, 3).fill(COLORS.gold);
    this.addChild(still(g));
    this.title = label(
      '',
      { fontSize: 34, fill: COLORS.goldLight, letterSpacing: 3, stroke: { color: 0x3a2a05, width: 3 } },
      0,
      0.5,
    );
    this.title.position.set(l.title.x, l.bar.h / 2);
    this.addChild(this.title);
    buttons.place(this, 'chip', l.chip, 'dark', 22);
    buttons.place(this, 'games', l.games, 'dark', 22);
    buttons.place(this, 'language', l.language, 'dark', 22);
    this.titleWidth = l.chip.x - l.title.x - 20;
  }

  private readonly titleWidth: number;

  update(title: string): void {
    this.title.text = title;
    fitText(this.title, this.titleWidth, 56);
  }
}
