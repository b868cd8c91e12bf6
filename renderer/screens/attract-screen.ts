// The attract loop: a royal flush fanning and floating over the felt, the title in gold, and
// the call to insert a note, blinking. Any touch leaves it.

import { Container, Graphics, type Text } from 'pixi.js';
import { rect, type Design } from '../layout';
import type { SceneModel } from '../scene-model';
import { CardView } from '../ui/card-view';
import { drawFelt } from '../ui/felt';
import { COLORS, fitText, label } from '../ui/theme';
import { AppScreen } from './screen';

const ROYAL = ['Ts', 'Js', 'Qs', 'Ks', 'As'];

export class AttractScreen extends AppScreen {
  private title!: Text;
  private games!: Text;
  private insert!: Text;
  private touch!: Text;
  private fan!: Container;
  private cards: CardView[] = [];
  private t = 0;

  protected build(d: Design): void {
    this.addChild(drawFelt(d));
    const glow = new Graphics();
    glow.ellipse(d.w / 2, d.h * 0.5, d.w * 0.36, d.h * 0.2).fill({ color: COLORS.win, alpha: 0.06 });
    this.addChild(glow);
    this.title = label('', { fontSize: 120, fill: COLORS.goldLight, stroke: { color: 0x5a3d00, width: 8 }, letterSpacing: 8, dropShadow: { color: 0x000000, blur: 10, distance: 6, alpha: 0.8, angle: Math.PI / 2 } });
    this.title.position.set(d.w / 2, d.h * 0.17);
    this.games = label('', { fontSize: 36, fill: COLORS.gold, letterSpacing: 4 });
    this.games.position.set(d.w / 2, d.h * 0.28);
    this.fan = new Container();
    this.fan.position.set(d.w / 2, d.h * 0.58);
    const ch = d.h * 0.3;
    const cw = Math.round(ch / 1.4);
    this.cards = ROYAL.map((code, i) => {
      const v = new CardView(cw, ch);
      v.setCard(code, 'none');
      v.pivot.set(cw / 2, ch * 1.6);
      v.rotation = (i - 2) * 0.16;
      v.position.set((i - 2) * cw * 0.08, ch * 1.1);
      this.fan.addChild(v);
      return v;
    });
    this.addChild(this.fan);
    this.insert = label('', { fontSize: 64, fill: COLORS.win, stroke: { color: 0x3a2600, width: 6 }, letterSpacing: 3 });
    this.insert.position.set(d.w / 2, d.h * 0.83);
    this.touch = label('', { fontSize: 30, fill: COLORS.white, letterSpacing: 2 });
    this.touch.position.set(d.w / 2, d.h * 0.91);
    this.addChild(this.title, this.games, this.insert, this.touch);
    this.buttonSet.ghost(this, 'start', 'start', rect(0, 64, d.w, d.h - 64));
    this.buttonSet.place(this, 'language', rect(d.w - 200, 12, 176, 48), 'dark', 22);
  }

  draw(m: SceneModel): void {
    const d = this.design;
    this.title.text = m.title;
    fitText(this.title, d.w * 0.9, 150);
    this.games.text = m.lines[0] ?? '';
    fitText(this.games, d.w * 0.9, 50);
    this.insert.text = m.lines[1] ?? '';
    fitText(this.insert, d.w * 0.92, 80);
    this.touch.text = m.lines[2] ?? '';
    fitText(this.touch, d.w * 0.9, 40);
    this.buttonSet.apply(m.buttons);
  }

  override update(dt: number): void {
    super.update(dt);
    this.t += dt;
    const s = this.t / 1000;
    this.cards.forEach((c, i) => {
      c.rotation = (i - 2) * (0.12 + 0.05 * Math.sin(s * 1.3));
    });
    this.fan.y = this.design.h * 0.58 + Math.sin(s * 0.9) * 10;
    this.insert.alpha = 0.55 + 0.45 * Math.abs(Math.sin(s * 2.2));
    this.title.scale.set(this.title.scale.x);
    this.title.tint = Math.sin(s * 2) > 0.6 ? 0xffffff : 0xfff1c4;
  }

  override ambient(): boolean {
    return true;
  }
}
