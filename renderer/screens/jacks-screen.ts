// The video-poker screen, for every family (Jacks or Better, Bonus Poker, Double Double Bonus,
// Deuces Wild: whatever the menu says has that shape): pay table, five cards with HOLD buttons
// beneath and WILD on wild cards, meters and the deck's buttons, all drawn from the scene model.

import { Graphics, type Text } from 'pixi.js';
import { t } from '../i18n/texts';
import { jacksLayout, type Design } from '../ui/layout';
import type { SceneModel } from '../model/scene';
import { bannerBetweenIndexes, type BannerView } from '../ui/banner-view';
import { drawFelt } from '../ui/felt';
import { MeterView } from '../ui/meter-view';
import { PayTableView } from '../ui/paytable-view';
import { still } from '../ui/still';
import { COLORS, fitText, label } from '../ui/theme';
import { CardSlots } from './card-row';
import { AppScreen } from './screen';
import { TopBar } from './top-bar';
import { ChipChooser } from './chip-chooser';

export class JacksScreen extends AppScreen {
  private top!: TopBar;
  private payTable!: PayTableView;
  private message!: Text;
  private messageWidth = 0;
  private cards!: CardSlots;
  private meters!: Record<'credits' | 'bet' | 'win', MeterView>;
  private banner!: BannerView;
  private chips!: ChipChooser;

  protected build(d: Design): void {
    const l = jacksLayout(d);
    this.addChild(drawFelt(d));
    this.top = new TopBar(d, this.buttonSet);
    this.addChild(this.top);
    this.payTable = new PayTableView();
    this.payTable.setRect(l.payTable);
    this.addChild(this.payTable);
    this.message = label('', {
      fontSize: 30,
      fill: COLORS.goldLight,
      letterSpacing: 2,
      dropShadow: { color: 0x000000, blur: 4, distance: 2, alpha: 0.8, angle: Math.PI / 2 },
    });
    this.message.position.set(l.message.x + l.message.w / 2, l.message.y + l.message.h / 2);
    this.messageWidth = l.message.w;
    this.addChild(this.message);
    // Card shadows on the felt.
    const shadows = new Graphics();
    for (const c of l.cards)
      shadows.roundRect(c.x + 6, c.y + 8, c.w, c.h, c.w * 0.07).fill({ color: 0x000000, alpha: 0.35 });
    this.addChild(still(shadows));
    this.cards = new CardSlots(this, l.cards, { x: d.w - 160, y: -320 });
    l.cards.forEach((c, i) => this.buttonSet.ghost(this, `tap:hold${i + 1}`, `hold${i + 1}`, c));
    l.holds.forEach((r, i) => this.buttonSet.place(this, `hold${i + 1}`, r, 'blue', 24));
    this.meters = { credits: new MeterView(), bet: new MeterView(), win: new MeterView() };
    for (const k of ['credits', 'bet', 'win'] as const) {
      this.meters[k].setRect(l.meters[k]);
      this.addChild(this.meters[k]);
    }
    // A touch on the credits meter shows a win being counted in full at once.
    this.buttonSet.ghost(this, 'rollUp', 'rollUp', l.meters.credits);
    const b = l.buttons;
    this.buttonSet.place(this, 'cashOut', b.cashOut, 'red');
    this.buttonSet.place(this, 'help', b.help, 'dark');
    this.buttonSet.place(this, 'betOne', b.betOne, 'blue');
    this.buttonSet.place(this, 'maxBet', b.maxBet, 'blue');
    this.buttonSet.place(this, 'deal', b.deal, 'green', 32);
    this.banner = bannerBetweenIndexes(l.cards);
    this.addChild(this.banner);
    this.chips = new ChipChooser(l.payTable, this.buttonSet);
    this.addChild(this.chips);
  }

  draw(m: SceneModel): void {
    this.top.update(m.title);
    this.chips.draw(m);
    this.payTable.update(m.payTable, false);
    this.message.text = m.message ?? '';
    fitText(this.message, this.messageWidth, 44);
    const won = m.banners.some((b) => b.tone === 'win');
    const L = m.language;
    this.cards.show(
      m.cards,
      m.dealKey,
      (c) => ({
        held: c.held,
        heldText: t(L, 'card.held'),
        winning: c.winning,
        dimmed: won && !c.winning,
        wild: c.wild,
        wildText: t(L, 'card.wild'),
      }),
      { baseMs: 0, stepMs: 80 },
    );
    for (const meter of m.meters) this.meters[meter.name as 'credits' | 'bet' | 'win']?.update(meter);
    this.buttonSet.apply(m.buttons);
    this.banner.show(m.banners[0] ?? null);
  }

  override update(dt: number): void {
    super.update(dt);
    this.cards.update(dt);
    this.payTable.tick(dt);
    // The banner waits for the cards: it pops in once they have landed.
    this.banner.alpha = this.cards.animating ? 0 : 1;
    if (!this.cards.animating) this.banner.update(dt);
  }

  override animating(): boolean {
    return super.animating() || this.cards.animating || this.banner.animating;
  }

  override cardsMoving(): boolean {
    return this.cards.animating;
  }

  override ambient(): boolean {
    return this.payTable.flashing;
  }
}
