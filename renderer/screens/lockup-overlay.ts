// What covers everything when play stops: CALL ATTENDANT with the amount (C-5), the tilt
// reasons (C-15), or the voucher printing (C-4), and under them a ticket's line in amber while
// one is validated or handed back. It swallows every touch beneath it.

import { Container, Graphics, Rectangle, type Text } from 'pixi.js';
import { rect, type Design, type Rect } from '../ui/layout';
import type { SceneModel } from '../model/scene';
import { COLORS, fitText, label, vertical } from '../ui/theme';
import { AppScreen } from './screen';

export class LockupOverlay extends AppScreen {
  private title!: Text;
  private amount!: Text;
  private lines: Text[] = [];
  private panel!: Rect;
  private frame!: Graphics;
  private voucher!: Container;
  private t = 0;
  private kind: SceneModel['overlay'] = null;
  private frameKey = '';

  protected build(d: Design): void {
    this.frameKey = '';
    const shade = new Graphics();
    shade.rect(0, 0, d.w, d.h).fill({ color: 0x000000, alpha: 0.72 });
    this.addChild(shade);
    this.eventMode = 'static';
    this.hitArea = new Rectangle(0, 0, d.w, d.h);
    this.panel = rect(d.w * 0.14, d.h * 0.16, d.w * 0.72, d.h * 0.62);
    this.frame = new Graphics();
    this.addChild(this.frame);
    this.title = label('', {
      fontSize: 84,
      fill: COLORS.white,
      stroke: { color: 0x000000, width: 6 },
      letterSpacing: 4,
    });
    this.title.position.set(d.w / 2, this.panel.y + 90);
    // A handpay's amount is the largest thing on the screen: the player and the attendant read it from afar.
    this.amount = label('', {
      fontSize: 170,
      fill: vertical(0xfff2b0, COLORS.amber),
      stroke: { color: 0x4a2a00, width: 8 },
      dropShadow: { color: 0xff9900, blur: 18, distance: 0, alpha: 0.8, angle: 0 },
    });
    this.amount.position.set(d.w / 2, this.panel.y + 230);
    this.addChild(this.title, this.amount);
    this.lines = [0, 1, 2, 3, 4].map((i) => {
      const t = label('', { fontSize: 38, fill: COLORS.goldLight });
      t.position.set(d.w / 2, this.panel.y + 330 + i * 56);
      this.addChild(t);
      return t;
    });
    this.voucher = new Container();
    const v = new Graphics();
    v.rect(-130, 0, 260, 120).fill(0xfdfbf0).stroke({ width: 2, color: 0x999999 });
    for (let i = 0; i < 26; i++) v.rect(-110 + i * 8, 70, i % 3 === 0 ? 4 : 2, 36).fill(0x111111);
    v.rect(-110, 18, 150, 10).fill(0x555555);
    v.rect(-110, 38, 100, 10).fill(0x888888);
    const slot = new Graphics();
    slot.roundRect(-160, -14, 320, 22, 8).fill(0x222222).stroke({ width: 2, color: COLORS.gold });
    this.voucher.addChild(v);
    this.voucher.position.set(d.w / 2, this.panel.y + this.panel.h - 170);
    const mask = new Graphics();
    mask.rect(d.w / 2 - 170, this.panel.y + this.panel.h - 170, 340, 150).fill(0xffffff);
    this.voucher.mask = mask;
    slot.position.set(d.w / 2, this.panel.y + this.panel.h - 170);
    this.addChild(mask, this.voucher, slot);
    this.slot = slot;
    this.buttonSet.place(
      this,
      'handpayConfirm',
      rect(d.w / 2 - 260, this.panel.y + this.panel.h + 30, 520, 100),
      'gold',
      30,
    );
  }

  private slot!: Graphics;

  /** Where the lines start below the panel's top: under the amount, lower under a handpay's. */
  private linesTop(m: SceneModel): number {
    if (!m.lockup?.amount) return 220;
    return m.overlay === 'handpay' ? 410 : 330;
  }

  draw(m: SceneModel): void {
    const lockup = m.lockup;
    if (!lockup) return;
    const { x, y, w } = this.panel;
    // The ticket's line is the last, whatever else must give way for it: it is why the ticket came back.
    const lines =
      lockup.ticket === null ? lockup.lines : [...lockup.lines.slice(0, this.lines.length - 1), lockup.ticket];
    const frameKey = `${m.overlay}|${lines.length}|${lockup.amount !== null}`;
    if (frameKey !== this.frameKey) {
      if (m.overlay !== this.kind) this.t = 0;
      this.kind = m.overlay;
      this.frameKey = frameKey;
      const edge = m.overlay === 'cashout' || m.overlay === 'paid' ? COLORS.gold : COLORS.red;
      // The panel fits its text; the voucher printing needs room for the ticket coming out.
      const h =
        m.overlay === 'cashout' || m.overlay === 'paid'
          ? this.panel.h
          : Math.min(this.panel.h, this.linesTop(m) + lines.length * 56 + 20);
      this.frame.clear();
      this.frame
        .roundRect(x, y, w, h, 30)
        .fill(vertical(m.overlay === 'cashout' || m.overlay === 'paid' ? 0x10251a : 0x2a0608, 0x050505))
        .stroke({ width: 6, color: edge });
      this.frame.roundRect(x + 12, y + 12, w - 24, h - 24, 22).stroke({ width: 2, color: COLORS.gold, alpha: 0.6 });
    }
    this.title.text = lockup.title;
    this.title.style.fill = m.overlay === 'cashout' || m.overlay === 'paid' ? COLORS.goldLight : COLORS.white;
    fitText(this.title, w - 60, 110);
    this.amount.text = lockup.amount ?? '';
    const big = m.overlay === 'handpay';
    this.amount.position.y = y + (big ? 265 : 230);
    fitText(this.amount, w - 60, big ? 200 : 120);
    const printing = m.overlay === 'cashout';
    const ticketAt = lockup.ticket === null ? -1 : lines.length - 1;
    this.lines.forEach((t, i) => {
      t.text = lines[i] ?? '';
      t.style.fill = i === ticketAt ? COLORS.amber : COLORS.goldLight;
      t.position.y = y + this.linesTop(m) + i * 56;
      fitText(t, w - 60, 54);
    });
    this.voucher.visible = printing;
    this.slot.visible = printing;
    this.buttonSet.apply(m.buttons);
  }

  override update(dt: number): void {
    super.update(dt);
    this.t += dt;
    const s = this.t / 1000;
    if (this.kind !== 'cashout' && this.kind !== 'paid') this.title.alpha = 0.6 + 0.4 * Math.abs(Math.cos(s * 2.5));
    else this.title.alpha = 1;
    this.voucher.y = this.panel.y + this.panel.h - 170 + ((s * 60) % 140) - 120;
  }

  override ambient(): boolean {
    return true;
  }
}
