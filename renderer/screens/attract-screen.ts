// The attract loop (model/play/attract-loop.ts) drawn: the title over a royal flush fanning on
// the felt, each game's pay table, the demonstration hands dealt, held, drawn and paid with real
// card motions (silent: a quiet floor stays quiet), and the call to insert a note, which blinks
// along the bottom of every page and fills the last one; a ticket's line stands in its place,
// steady, while one is validated or handed back. A touch anywhere leaves it.

import { Container, Graphics, type Text } from 'pixi.js';
import { t } from '../i18n/texts';
import { CARD_ASPECT, centredRow, rect, type Design, type Rect } from '../ui/layout';
import type { CardSpot } from '../model/parts';
import type { SceneModel } from '../model/scene';
import { bannerBetweenIndexes, type BannerView } from '../ui/banner-view';
import { CardView } from '../ui/card-view';
import { drawFelt } from '../ui/felt';
import { PayTableView } from '../ui/paytable-view';
import { still } from '../ui/still';
import { SEPARATOR, twoLines } from '../ui/two-lines';
import { COLORS, fitText, label, vertical } from '../ui/theme';
import { CardSlots } from './card-row';
import { AppScreen } from './screen';

const ROYAL = ['Ts', 'Js', 'Qs', 'Ks', 'As'];

/** A banknote fed into the acceptor, for the last page: it slides down behind the acceptor's face. */
function noteIntoSlot(w: number): { view: Container; note: Graphics; travel: number } {
  const view = new Container();
  const note = new Graphics();
  const nh = w * 0.46;
  // Drawn upright: the short edge goes in first.
  note
    .roundRect(-nh / 2, -w / 2, nh, w, 8)
    .fill(vertical(0x9fd8a8, 0x3f8f55))
    .stroke({ width: 3, color: 0x1f4f2c });
  note.roundRect(-nh / 2 + 9, -w / 2 + 9, nh - 18, w - 18, 6).stroke({ width: 2, color: 0xe8f5e0, alpha: 0.8 });
  note
    .circle(0, 0, nh * 0.28)
    .fill({ color: 0xe8f5e0, alpha: 0.85 })
    .stroke({ width: 2, color: 0x1f4f2c });
  for (const side of [-1, 1]) note.circle(0, side * w * 0.34, nh * 0.12).stroke({ width: 2, color: 0x1f4f2c });
  const face = new Graphics();
  face
    .roundRect(-nh * 1.1, 0, nh * 2.2, w * 0.55, 18)
    .fill(vertical(0x2a2f2d, 0x0b0d0c))
    .stroke({ width: 4, color: COLORS.gold });
  face
    .roundRect(-nh * 0.7, 14, nh * 1.4, 12, 5)
    .fill(0x000000)
    .stroke({ width: 2, color: COLORS.goldDark });
  face.circle(nh * 0.85, w * 0.4, 7).fill(0x40e070);
  // The note shows only above the slot: what has gone in is inside the acceptor.
  const above = new Graphics().rect(-w, -w * 1.3, w * 2, w * 1.3 + 18).fill(0xffffff);
  note.mask = above;
  view.addChild(above, note, still(face));
  return { view, note, travel: w };
}

/**
 * The games' names on one line, or on two when one would not fit at its size (five games did not,
 * at 1280 wide). Sets the text; returns the lines.
 */
function gameLines(t: Text, names: string[], maxW: number): 1 | 2 {
  t.text = names.join(SEPARATOR);
  t.scale.set(1);
  if (t.width <= maxW || names.length < 2) return 1;
  t.text = twoLines(names);
  return 2;
}

export class AttractScreen extends AppScreen {
  private title!: Text;
  private sub!: Text;
  private demoTag!: Container;
  private demoText!: Text;
  private insert!: Text;
  private touch!: Text;
  private fan!: Container;
  private fanCards: CardView[] = [];
  private table!: PayTableView;
  private jacksCards!: CardSlots;
  private jacksBanner!: BannerView;
  private dealerLabel!: Text;
  private boxLabel!: Text;
  private dealerCards!: CardSlots;
  private boxCards!: CardSlots;
  private ppBanner!: BannerView;
  private bill!: { view: Container; note: Graphics; travel: number };
  private page = '';
  private ticketShown = false;
  private t = 0;
  private titleScale = 1;

  protected build(d: Design): void {
    this.page = '';
    this.addChild(drawFelt(d));
    const glow = new Graphics();
    glow.ellipse(d.w / 2, d.h * 0.5, d.w * 0.36, d.h * 0.2).fill({ color: COLORS.win, alpha: 0.06 });
    this.addChild(still(glow));
    this.title = label('', {
      fontSize: 110,
      fill: COLORS.goldLight,
      stroke: { color: 0x5a3d00, width: 8 },
      letterSpacing: 8,
      dropShadow: { color: 0x000000, blur: 10, distance: 6, alpha: 0.8, angle: Math.PI / 2 },
    });
    this.title.position.set(d.w / 2, d.h * 0.11);
    this.sub = label('', { fontSize: 34, fill: COLORS.gold, letterSpacing: 3, align: 'center' });
    this.sub.position.set(d.w / 2, d.h * 0.205);
    this.demoText = label('', { fontSize: 22, fill: COLORS.white, letterSpacing: 4 });
    this.demoTag = new Container();
    // In the corner, as a broadcast marks a replay.
    this.demoTag.position.set(170, 38);

    // The title page's royal flush, fanned.
    this.fan = new Container();
    this.fan.position.set(d.w / 2, d.h * 0.56);
    const ch = d.h * 0.3;
    const cw = Math.round(ch / CARD_ASPECT);
    this.fanCards = ROYAL.map((code, i) => {
      const v = new CardView(cw, ch);
      v.silent = true;
      v.setCard(code, 'none');
      v.pivot.set(cw / 2, ch * 1.6);
      v.rotation = (i - 2) * 0.16;
      v.position.set((i - 2) * cw * 0.08, ch * 1.1);
      this.fan.addChild(v);
      return v;
    });

    this.table = new PayTableView();
    this.table.setRect(rect(d.w * 0.14, d.h * 0.27, d.w * 0.72, d.h * 0.48));

    // Jacks or Better's demonstration: five cards with the banner over them.
    const jw = Math.min(Math.round((d.h * 0.34) / CARD_ASPECT), Math.round((d.w * 0.9 - 4 * 30) / 5));
    const jh = Math.round(jw * CARD_ASPECT);
    const jRects = centredRow(rect(0, d.h * 0.3, d.w, jh), 5, jw, 30);
    const jLayer = new Container();
    this.jacksCards = this.slots(jLayer, jRects, d);
    this.jacksBanner = bannerBetweenIndexes(jRects);
    jLayer.addChild(this.jacksBanner);

    // Poker Plus's: the dealer's row above the player's box.
    const ph = Math.round(d.h * 0.2);
    const pw = Math.round(ph / CARD_ASPECT);
    const pLayer = new Container();
    this.dealerLabel = label('', { fontSize: 26, fill: COLORS.goldLight, letterSpacing: 4 });
    this.dealerLabel.position.set(d.w / 2, d.h * 0.285);
    this.boxLabel = label('', { fontSize: 26, fill: COLORS.goldLight, letterSpacing: 4 });
    this.boxLabel.position.set(d.w / 2, d.h * 0.54);
    pLayer.addChild(this.dealerLabel, this.boxLabel);
    this.dealerCards = this.slots(pLayer, centredRow(rect(0, d.h * 0.31, d.w, ph), 5, pw, 18), d);
    const boxRects = centredRow(rect(0, d.h * 0.565, d.w, ph), 5, pw, 18);
    this.boxCards = this.slots(pLayer, boxRects, d);
    this.ppBanner = bannerBetweenIndexes(boxRects);
    pLayer.addChild(this.ppBanner);

    this.bill = noteIntoSlot(d.h * 0.2);
    this.bill.view.position.set(d.w / 2, d.h * 0.78);

    this.insert = label('', {
      fontSize: 64,
      fill: COLORS.win,
      stroke: { color: 0x3a2600, width: 6 },
      letterSpacing: 3,
    });
    this.touch = label('', { fontSize: 30, fill: COLORS.white, letterSpacing: 2 });
    this.touch.position.set(d.w / 2, d.h * 0.935);
    this.addChild(
      this.title,
      this.sub,
      this.demoTag,
      this.fan,
      this.table,
      jLayer,
      pLayer,
      this.bill.view,
      this.insert,
      this.touch,
    );
    this.jacksLayer = jLayer;
    this.ppLayer = pLayer;
    this.buttonSet.ghost(this, 'start', 'start', rect(0, 64, d.w, d.h - 64));
    this.buttonSet.place(this, 'language', rect(d.w - 200, 12, 176, 48), 'dark', 22);
  }

  private jacksLayer!: Container;
  private ppLayer!: Container;

  /** Card slots for a demonstration: the cards are dealt from above the screen, in silence. */
  private slots(parent: Container, rects: Rect[], d: Design): CardSlots {
    const s = new CardSlots(parent, rects, { x: d.w / 2, y: -d.h * 0.3 });
    for (const v of s.views) v.silent = true;
    return s;
  }

  draw(m: SceneModel): void {
    const a = m.attract;
    if (!a) return;
    const d = this.design;
    const L = m.language;
    if (a.page !== this.page) {
      this.page = a.page;
      this.t = 0;
    }
    this.title.text = m.title;
    fitText(this.title, d.w * 0.9, 130);
    this.titleScale = this.title.scale.x;
    let lines = 1;
    if (a.page === 'title' || a.page === 'insert') lines = gameLines(this.sub, a.games, d.w * 0.9);
    else this.sub.text = a.caption ?? '';
    // Two lines sit a little lower, clear of the title.
    this.sub.y = d.h * (lines === 2 ? 0.225 : 0.205);
    fitText(this.sub, d.w * 0.9, 46 * lines);
    this.drawDemoTag(a.demo);
    this.fan.visible = a.page === 'title';
    this.table.visible = a.payTable !== null;
    if (a.payTable) this.table.update(a.payTable, a.page === 'ppTable');
    this.jacksLayer.visible = a.page === 'jacksDemo';
    this.ppLayer.visible = a.page === 'ppDemo';
    const spots = (owner: string) =>
      [0, 1, 2, 3, 4].map((i) => a.cards.find((c) => c.owner === owner && c.position === i) ?? null);
    const marks = (c: CardSpot) => ({
      held: c.held,
      heldText: t(L, 'card.held'),
      winning: c.winning,
      selected: c.selected,
      selectedText: t(L, 'card.exchange'),
    });
    if (a.page === 'jacksDemo') {
      this.jacksCards.show(spots('demo'), a.dealKey, marks, { baseMs: 0, stepMs: 90 });
      this.jacksBanner.show(a.banner);
    }
    if (a.page === 'ppDemo') {
      this.dealerLabel.text = t(L, 'pp.dealer');
      this.boxLabel.text = t(L, 'pp.seen');
      this.boxCards.show(spots('box'), a.dealKey, marks, { baseMs: 0, stepMs: 80 });
      this.dealerCards.show(spots('dealer'), a.dealKey, marks, { baseMs: 400, stepMs: 110 });
      this.ppBanner.show(a.banner);
    }
    // The call to insert a note: along the bottom of every page, and the whole of the last one.
    const last = a.page === 'insert';
    this.ticketShown = a.ticket !== null;
    this.insert.text = a.ticket ?? a.insert;
    this.insert.position.set(d.w / 2, last ? d.h * 0.42 : d.h * 0.855);
    fitText(this.insert, d.w * 0.92, last ? 150 : 80);
    if (last) this.insert.scale.set(Math.min((d.w * 0.92) / (this.insert.width / this.insert.scale.x), 1.6));
    this.bill.view.visible = last && !this.ticketShown;
    this.touch.text = a.touch;
    fitText(this.touch, d.w * 0.9, 40);
    this.buttonSet.apply(m.buttons);
  }

  private drawDemoTag(text: string | null): void {
    this.demoTag.visible = text !== null;
    if (!text || this.demoText.text === text) return;
    this.demoText.text = text;
    this.demoTag.removeChildren();
    const w = this.demoText.width + 40;
    const plate = new Graphics()
      .roundRect(-w / 2, -17, w, 34, 17)
      .fill(COLORS.redDark)
      .stroke({ width: 2, color: COLORS.gold });
    this.demoTag.addChild(plate, this.demoText);
  }

  override update(dt: number): void {
    super.update(dt);
    this.t += dt;
    const s = this.t / 1000;
    this.fanCards.forEach((c, i) => {
      c.rotation = (i - 2) * (0.12 + 0.05 * Math.sin(s * 1.3));
    });
    this.fan.y = this.design.h * 0.56 + Math.sin(s * 0.9) * 10;
    this.insert.alpha = this.ticketShown ? 1 : 0.55 + 0.45 * Math.abs(Math.sin(s * 2.2));
    // A gentle swell, not a tint: Pixi's canvas renderer keeps tinted text textures by their
    // pooled texture, so a title changed to one of the same size would show the old words.
    this.title.scale.set(this.titleScale * (1 + 0.015 * Math.sin(s * 2)));
    // The note slides into the acceptor, fading in and out, again and again.
    const b = this.bill;
    const p = (s * 0.4) % 1;
    b.note.y = -b.travel * 0.5 + p * b.travel;
    b.note.alpha = p < 0.1 ? p / 0.1 : p > 0.75 ? (1 - p) / 0.25 : 1;
    this.jacksCards.update(dt);
    this.jacksBanner.alpha = this.jacksCards.animating ? 0 : 1;
    if (!this.jacksCards.animating) this.jacksBanner.update(dt);
    this.dealerCards.update(dt);
    this.boxCards.update(dt);
    const ppMoving = this.dealerCards.animating || this.boxCards.animating;
    this.ppBanner.alpha = ppMoving ? 0 : 1;
    if (!ppMoving) this.ppBanner.update(dt);
  }

  override animating(): boolean {
    return (
      super.animating() ||
      this.jacksCards.animating ||
      this.dealerCards.animating ||
      this.boxCards.animating ||
      this.jacksBanner.animating ||
      this.ppBanner.animating
    );
  }

  override ambient(): boolean {
    return true;
  }
}
