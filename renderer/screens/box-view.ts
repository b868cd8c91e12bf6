// One Poker Plus box on the felt: its frame and name, up to six cards, the ANTE and BET spots
// with chips on them, the hand's name and, at the end, the outcome banner.

import { Container, Graphics, type Text } from 'pixi.js';
import type { BoxLayout, Rect } from '../ui/layout';
import type { BoxModel } from '../model/scene';
import type { CardSpot } from '../model/parts';
import { BannerView } from '../ui/banner-view';
import { ChipStack } from '../ui/chip-view';
import type { CardMarks } from '../ui/card-view';
import { placeOnPixel, redraw, still } from '../ui/still';
import { COLORS, fitText, label } from '../ui/theme';
import { CardSlots } from './card-row';

export class BoxView extends Container {
  readonly cards: CardSlots;
  private readonly frame = new Graphics();
  private readonly title: Text;
  private readonly hand: Text;
  private readonly ante: ChipStack;
  private readonly bet: ChipStack;
  private readonly anteAmount: Text;
  private readonly betAmount: Text;
  private readonly banner: BannerView;
  private readonly slots = new Graphics();
  private frameKey = '';
  private readonly spotNames: [ante: Text, bet: Text];

  constructor(
    private readonly l: BoxLayout,
    shoe: { x: number; y: number },
  ) {
    super();
    this.addChild(still(this.frame), still(this.slots));
    this.title = label('', { fontSize: 24, fill: COLORS.goldLight, letterSpacing: 2 });
    this.title.position.set(l.label.x + l.label.w / 2, l.label.y + l.label.h / 2);
    this.addChild(this.title);
    for (const c of l.cards)
      this.slots.roundRect(c.x, c.y, c.w, c.h, c.w * 0.07).stroke({ width: 2, color: COLORS.gold, alpha: 0.25 });
    this.cards = new CardSlots(this, l.cards, shoe);
    this.hand = label('', { fontSize: 24, fill: COLORS.white, letterSpacing: 1 });
    this.hand.position.set(l.hand.x + l.hand.w / 2, l.hand.y + l.hand.h / 2);
    this.addChild(this.hand);
    const spots = new Graphics();
    const spotName = (r: Rect): Text => {
      spots
        .circle(r.x + r.w / 2, r.y + r.h / 2, r.w / 2)
        .fill({ color: 0x000000, alpha: 0.18 })
        .stroke({ width: 3, color: COLORS.gold, alpha: 0.85 });
      // The spot's name sits under the circle, where a tall stack of chips cannot hide it.
      const t = label('', { fontSize: 18, fill: COLORS.gold, letterSpacing: 2 });
      t.position.set(r.x + r.w / 2, r.y + r.h + 13);
      this.addChild(t);
      return t;
    };
    this.spotNames = [spotName(l.ante), spotName(l.bet)];
    this.addChildAt(still(spots), 2);
    const radius = l.ante.w * 0.3;
    this.ante = new ChipStack(radius);
    placeOnPixel(this.ante, l.ante.x + l.ante.w / 2, l.ante.y + l.ante.h * 0.62);
    this.bet = new ChipStack(radius);
    placeOnPixel(this.bet, l.bet.x + l.bet.w / 2, l.bet.y + l.bet.h * 0.62);
    this.anteAmount = label('', { fontSize: 22, fill: COLORS.white }, 0, 0.5);
    this.anteAmount.position.set(l.ante.x + l.ante.w + 10, l.ante.y + l.ante.h / 2);
    this.betAmount = label('', { fontSize: 22, fill: COLORS.white }, 0, 0.5);
    this.betAmount.position.set(l.bet.x + l.bet.w + 10, l.bet.y + l.bet.h / 2);
    this.addChild(this.ante, this.bet, this.anteAmount, this.betAmount);
    // The outcome lies over the spots, under the hand's name: the cards it judges stay in sight.
    const top = l.hand.y + l.hand.h + 2;
    const middle = l.ante.y + l.ante.h / 2;
    const h = Math.min(110, 2 * (middle - top), 2 * (l.frame.y + l.frame.h - 4 - middle));
    this.banner = new BannerView(l.frame.w * 0.8, h);
    placeOnPixel(this.banner, l.frame.x + l.frame.w / 2, middle);
    this.addChild(this.banner);
  }

  /** Where this box's cards lie, for the touch areas of the seen box. */
  get cardRects(): readonly Rect[] {
    return this.l.cards;
  }

  draw(
    box: BoxModel,
    spots: (CardSpot | null)[],
    o: {
      dealKey: string;
      marks: (s: CardSpot) => Partial<CardMarks>;
      stagger: { baseMs: number; stepMs: number };
      chipText: (n: number) => string;
      boughtTag: string;
      spotNames: { ante: string; bet: string };
    },
  ): void {
    const [anteName, betName] = this.spotNames;
    anteName.text = o.spotNames.ante;
    betName.text = o.spotNames.bet;
    for (const t of this.spotNames) fitText(t, this.l.ante.w * 1.6, 22);
    const { dealKey, marks, stagger, chipText } = o;
    const f = this.l.frame;
    const key = `${box.seen}|${box.blind}`;
    if (key !== this.frameKey) {
      this.frameKey = key;
      this.frame.clear();
      this.frame
        .roundRect(f.x, f.y, f.w, f.h, 24)
        .fill({ color: 0x000000, alpha: box.seen ? 0.16 : 0.1 })
        .stroke({ width: box.seen ? 4 : 2, color: box.seen ? COLORS.gold : COLORS.goldDark });
      redraw(this.frame);
    }
    this.title.text = box.label + (box.boughtGame ? `  •  ${o.boughtTag}` : '');
    fitText(this.title, f.w - 20, 32);
    this.hand.text = [box.hand, box.status].filter(Boolean).join('  •  ');
    fitText(this.hand, f.w - 20, 30);
    this.cards.show(spots, dealKey, marks, stagger);
    this.ante.setAmount(box.ante, chipText(box.ante));
    this.bet.setAmount(box.bet, chipText(box.bet));
    this.anteAmount.text = box.ante > 0 ? chipText(box.ante) : '';
    this.betAmount.text = box.bet > 0 ? chipText(box.bet) : '';
    this.banner.show(box.outcome);
  }

  update(dt: number): void {
    this.cards.update(dt);
    if (!this.cards.animating) this.banner.update(dt);
    this.banner.alpha = this.cards.animating ? 0 : 1;
  }

  get animating(): boolean {
    return this.cards.animating || this.banner.animating;
  }
}
