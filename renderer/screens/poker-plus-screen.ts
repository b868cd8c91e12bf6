// Poker Plus at the table: the dealer's five cards (and the card drawn when the game is
// bought), one or two boxes with their chips, the action buttons with the cabinet's fees.

import { Container, Graphics, type Text } from 'pixi.js';
import { formatChips } from '../i18n/numbers';
import { t } from '../i18n/texts';
import { pokerPlusLayout, row, type Design, type PokerPlusLayout } from '../ui/layout';
import type { CardSpot } from '../model/parts';
import type { SceneModel } from '../model/scene';
import { drawFelt } from '../ui/felt';
import { MeterView } from '../ui/meter-view';
import { PayTableView } from '../ui/paytable-view';
import { still } from '../ui/still';
import { COLORS, fitText, label } from '../ui/theme';
import type { ButtonTone } from '../ui/button-view';
import { BoxView } from './box-view';
import { CardSlots } from './card-row';
import { AppScreen } from './screen';
import { TopBar } from './top-bar';
import { ChipChooser } from './chip-chooser';

/** The bottom row, in this order, of whichever of these the model offers now. */
const BOTTOM: [string, ButtonTone][] = [
  ['cashOut', 'red'],
  ['help', 'dark'],
  ['anteMinus', 'blue'],
  ['antePlus', 'blue'],
  ['oneBox', 'dark'],
  ['twoBoxes', 'dark'],
  ['exchange', 'blue'],
  ['sixth', 'blue'],
  ['takeHalf', 'gold'],
  ['buyGame', 'blue'],
  ['fold', 'red'],
  ['bet', 'green'],
  ['reveal', 'green'],
  ['deal', 'green'],
];

export class PokerPlusScreen extends AppScreen {
  private l!: PokerPlusLayout;
  private top!: TopBar;
  private dealer!: CardSlots;
  private dealerLabel!: Text;
  private dealerText!: Text;
  private payTable!: PayTableView;
  private boxLayer!: Container;
  private boxes: BoxView[] = [];
  private boxCount = -1;
  private message!: Text;
  private meters!: Record<'credits' | 'ante' | 'win', MeterView>;
  private bottomKey = '';
  private shoe = { x: 0, y: 0 };
  private chips!: ChipChooser;

  protected build(d: Design): void {
    const l = (this.l = pokerPlusLayout(d));
    this.boxCount = -1;
    this.bottomKey = '';
    this.addChild(drawFelt(d));
    this.top = new TopBar(d, this.buttonSet);
    this.addChild(this.top);
    this.dealerLabel = label('', { fontSize: 26, fill: COLORS.goldLight, letterSpacing: 4 }, 0.5, 0.5);
    this.dealerLabel.position.set(l.dealerLabel.x + l.dealerLabel.w / 2, l.dealerLabel.y + l.dealerLabel.h / 2);
    this.addChild(this.dealerLabel);
    const slots = new Graphics();
    for (const c of l.dealer.slice(0, 5))
      slots.roundRect(c.x, c.y, c.w, c.h, c.w * 0.07).stroke({ width: 2, color: COLORS.gold, alpha: 0.3 });
    this.addChild(still(slots));
    this.shoe = { x: d.w - 150, y: -260 };
    this.dealer = new CardSlots(this, l.dealer, this.shoe);
    this.dealerText = label('', { fontSize: 24, fill: COLORS.white, letterSpacing: 1 });
    this.dealerText.position.set(l.dealerText.x + l.dealerText.w / 2, l.dealerText.y + l.dealerText.h / 2);
    this.addChild(this.dealerText);
    this.payTable = new PayTableView();
    this.payTable.setRect(l.payTable);
    this.addChild(this.payTable);
    this.boxLayer = new Container();
    this.addChild(this.boxLayer);
    this.message = label('', { fontSize: 26, fill: COLORS.goldLight, letterSpacing: 2 });
    this.message.position.set(l.message.x + l.message.w / 2, l.message.y + l.message.h / 2);
    this.addChild(this.message);
    this.meters = { credits: new MeterView(), ante: new MeterView(), win: new MeterView() };
    for (const k of ['credits', 'ante', 'win'] as const) {
      this.meters[k].setRect(l.meters[k]);
      this.addChild(this.meters[k]);
    }
    // A touch on the credits meter shows a win being counted in full at once.
    this.buttonSet.ghost(this, 'rollUp', 'rollUp', l.meters.credits);
    this.chips = new ChipChooser(l.payTable, this.buttonSet);
    this.addChild(this.chips);
  }

  private ensureBoxes(n: number): void {
    if (n === this.boxCount) return;
    this.boxCount = n;
    for (let i = 1; i <= 6; i++) this.buttonSet.remove(`card${i}`);
    this.boxLayer.removeChildren().forEach((c) => c.destroy({ children: true }));
    const layouts = n === 2 ? this.l.boxes.two : this.l.boxes.one;
    this.boxes = layouts.slice(0, Math.max(1, n)).map((bl) => {
      const v = new BoxView(bl, this.shoe);
      this.boxLayer.addChild(v);
      return v;
    });
  }

  private placeBottom(m: SceneModel): void {
    const offered = BOTTOM.filter(([name]) => m.buttons.some((b) => b.name === name));
    const key = offered.map(([n]) => n).join(',');
    if (key === this.bottomKey) return;
    this.bottomKey = key;
    // The views are moved, never made anew: one destroyed under a finger took its press with it.
    const cells = row(this.l.buttons, Math.max(offered.length, 6), 12);
    // Fewer buttons than cells: keep them at the sides (CASH OUT and HELP left, the rest right).
    const places = [...cells.slice(0, 2), ...cells.slice(cells.length - (offered.length - 2))];
    // There are at least as many cells as buttons, so a place for each.
    offered.forEach(([name, tone], i) => this.buttonSet.place(this, name, places[i]!, tone, 24));
  }

  draw(m: SceneModel): void {
    const L = m.language;
    this.top.update(m.title);
    this.chips.draw(m);
    this.dealerLabel.text = t(L, 'pp.dealer');
    this.dealerText.text = [m.boughtText ?? m.dealerText].filter(Boolean).join('');
    fitText(this.dealerText, this.l.dealerText.w + 200, 34);
    this.payTable.update(m.payTable, true);
    this.message.text = m.message ?? '';
    fitText(this.message, this.l.message.w, 34);
    for (const meter of m.meters) this.meters[meter.name as 'credits' | 'ante' | 'win']?.update(meter);

    const dealerSpots: (CardSpot | null)[] = [0, 1, 2, 3, 4, 5].map(
      (i) => m.cards.find((c) => (c.owner === 'dealer' || c.owner === 'dealer-new') && c.position === i) ?? null,
    );
    const boxes = m.boxes.map((box) => ({ box, cards: m.cards.filter((c) => c.owner === `box${box.index}`) }));
    // P-2: boxes are dealt first, left to right, then the dealer; a reveal turns them in turn.
    const boxDealMs = boxes.reduce((n, b) => n + b.cards.length, 0) * 60;
    this.dealer.show(
      dealerSpots,
      m.dealKey,
      (c) => ({
        discarded: c.discarded,
        discardedText: t(L, 'card.discarded'),
        fresh: c.owner === 'dealer-new',
        freshText: t(L, 'card.new'),
      }),
      { baseMs: boxDealMs, stepMs: 130 },
    );
    this.ensureBoxes(m.boxes.length);
    let before = 0;
    boxes.forEach(({ box: b, cards }, i) => {
      const view = this.boxes[i];
      if (!view) return;
      const spots = [0, 1, 2, 3, 4, 5].map((p) => cards.find((c) => c.position === p) ?? null);
      view.draw(b, spots, {
        dealKey: m.dealKey,
        marks: (c) => ({ selected: c.selected, selectedText: t(L, 'card.exchange') }),
        stagger: { baseMs: before * 60, stepMs: 60 },
        chipText: (n) => formatChips(n, L),
        boughtTag: t(L, 'pp.boughtGame'),
        spotNames: { ante: t(L, 'pp.anteSpot'), bet: t(L, 'pp.betSpot') },
      });
      before += cards.length;
      if (b.seen) view.cardRects.forEach((r, p) => this.buttonSet.ghost(view, `card${p + 1}`, `card${p + 1}`, r));
    });
    this.placeBottom(m);
    this.buttonSet.apply(m.buttons);
  }

  override update(dt: number): void {
    super.update(dt);
    this.dealer.update(dt);
    for (const b of this.boxes) b.update(dt);
    this.payTable.tick(dt);
  }

  override animating(): boolean {
    return super.animating() || this.dealer.animating || this.boxes.some((b) => b.animating);
  }

  override cardsMoving(): boolean {
    return this.dealer.animating || this.boxes.some((b) => b.animating);
  }

  override ambient(): boolean {
    return this.payTable.flashing;
  }
}
