// Before the first snapshot: the title and a turning ring while the carrier connects.

import { Graphics, type Text } from 'pixi.js';
import type { Design } from '../ui/layout';
import type { SceneModel } from '../model/scene';
import { drawFelt } from '../ui/felt';
import { COLORS, fitText, label } from '../ui/theme';
import { AppScreen } from './screen';

export class ConnectingScreen extends AppScreen {
  private title!: Text;
  private line!: Text;
  private ring!: Graphics;

  protected build(d: Design): void {
    this.addChild(drawFelt(d));
    this.title = label('', {
      fontSize: 96,
      fill: COLORS.goldLight,
      stroke: { color: 0x5a3d00, width: 6 },
      letterSpacing: 6,
    });
    this.title.position.set(d.w / 2, d.h * 0.35);
    this.line = label('', { fontSize: 32, fill: COLORS.white, letterSpacing: 2 });
    this.line.position.set(d.w / 2, d.h * 0.5);
    this.ring = new Graphics();
    this.ring.arc(0, 0, 40, 0, Math.PI * 1.5).stroke({ width: 8, color: COLORS.gold, cap: 'round' });
    this.ring.position.set(d.w / 2, d.h * 0.65);
    this.addChild(this.title, this.line, this.ring);
  }

  draw(m: SceneModel): void {
    this.title.text = m.title;
    fitText(this.title, this.design.w * 0.9, 130);
    this.line.text = m.connection ?? '';
  }

  override update(dt: number): void {
    super.update(dt);
    this.ring.rotation += dt * 0.005;
  }

  override ambient(): boolean {
    return true;
  }
}
