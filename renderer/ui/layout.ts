// Layout as arithmetic: every screen is drawn in a logical design (5:4 for 1280×1024 monitors,
// 16:9 for 1920×1080), scaled to fit the window and letterboxed. Pure, so it is unit-tested.

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Design {
  name: 'square' | 'wide';
  w: number;
  h: number;
}

export const SQUARE: Design = { name: 'square', w: 1280, h: 1024 };
export const WIDE: Design = { name: 'wide', w: 1920, h: 1080 };

/** The design whose aspect ratio is nearer the window's (compared on a log scale). */
export function chooseDesign(viewW: number, viewH: number): Design {
  if (viewW <= 0 || viewH <= 0) return SQUARE;
  const aspect = Math.log(viewW / viewH);
  const dSquare = Math.abs(aspect - Math.log(SQUARE.w / SQUARE.h));
  const dWide = Math.abs(aspect - Math.log(WIDE.w / WIDE.h));
  return dWide < dSquare ? WIDE : SQUARE;
}

export interface Fit {
  scale: number;
  x: number;
  y: number;
}

/** Uniform scale that shows the whole design, centred, with bars on the spare sides. */
export function fit(viewW: number, viewH: number, design: Design): Fit {
  const scale = Math.max(0.01, Math.min(viewW / design.w, viewH / design.h));
  return { scale, x: (viewW - design.w * scale) / 2, y: (viewH - design.h * scale) / 2 };
}

export const rect = (x: number, y: number, w: number, h: number): Rect => ({ x, y, w, h });

/** n equal cells across a rectangle with gaps between them. */
/** n cells: a tuple of exactly n when n is a literal count, so each cell of a fixed row is typed as there. */
export type Cells<N extends number, Acc extends Rect[] = []> = number extends N
  ? Rect[]
  : Acc['length'] extends N
    ? Acc
    : Cells<N, [...Acc, Rect]>;

const cells = <N extends number>(n: N, cell: (i: number) => Rect): Cells<N> =>
  Array.from({ length: Math.max(0, n) }, (_, i) => cell(i)) as Cells<N>;

export function row<N extends number>(area: Rect, n: N, gap: number): Cells<N> {
  const w = (area.w - gap * (n - 1)) / n;
  return cells(n, (i) => rect(area.x + i * (w + gap), area.y, w, area.h));
}

/** n cells of a fixed width, centred in the area. */
export function centredRow<N extends number>(area: Rect, n: N, w: number, gap: number): Cells<N> {
  const total = n * w + Math.max(0, n - 1) * gap;
  const x0 = area.x + (area.w - total) / 2;
  return cells(n, (i) => rect(x0 + i * (w + gap), area.y, w, area.h));
}

export const CARD_ASPECT = 7 / 5;

/**
 * A card's rank-and-suit indexes in its own units: the top-left corner and the bottom-right one
 * (card-art.ts draws them there). Nothing may lie over them while the hand can be read.
 */
export const cardIndexRects = (w: number, h: number): [Rect, Rect] => [
  rect(0, 0, w * 0.27, h * 0.36),
  rect(w * 0.73, h * 0.64, w * 0.27, h * 0.36),
];

/**
 * The band across a row of cards between their indexes: where a result can be said over the
 * hand without hiding any card's rank or suit (the faces' middles show through around it).
 */
export function betweenIndexes(cards: readonly Rect[], margin = 4): Rect {
  const top = Math.max(...cards.map((c) => c.y + cardIndexRects(c.w, c.h)[0].h)) + margin;
  const bottom = Math.min(...cards.map((c) => c.y + cardIndexRects(c.w, c.h)[1].y)) - margin;
  const left = Math.min(...cards.map((c) => c.x));
  const right = Math.max(...cards.map((c) => c.x + c.w));
  return rect(left, top, right - left, Math.max(0, bottom - top));
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.w <= outer.x + outer.w &&
    inner.y + inner.h <= outer.y + outer.h
  );
}

export interface TopBarLayout {
  bar: Rect;
  title: Rect;
  chip: Rect;
  games: Rect;
  language: Rect;
}

export function topBarLayout(d: Design): TopBarLayout {
  const h = 64;
  return {
    bar: rect(0, 0, d.w, h),
    title: rect(24, 0, d.w * 0.4, h),
    chip: rect(d.w - 560, 10, 180, 44),
    games: rect(d.w - 364, 10, 160, 44),
    language: rect(d.w - 188, 10, 164, 44),
  };
}

export interface JacksLayout {
  top: TopBarLayout;
  payTable: Rect;
  message: Rect;
  cards: Cells<5>;
  holds: Rect[];
  meters: { credits: Rect; bet: Rect; win: Rect };
  buttons: { cashOut: Rect; help: Rect; betOne: Rect; maxBet: Rect; deal: Rect };
}

export function jacksLayout(d: Design): JacksLayout {
  const wide = d.name === 'wide';
  // Between the message and the cards, room for the HELD marks above them (card-view.ts).
  const payTable = wide ? rect(300, 76, 1320, 240) : rect(40, 76, 1200, 274);
  const message = wide ? rect(300, 318, 1320, 34) : rect(40, 352, 1200, 36);
  const cardH = wide ? 300 : 290;
  const cardW = Math.round(cardH / CARD_ASPECT);
  const cardTop = wide ? 396 : 434;
  const cards = centredRow(rect(0, cardTop, d.w, cardH), 5, cardW, wide ? 40 : 36);
  const holdOf = (c: Rect): Rect => rect(c.x, c.y + c.h + 12, c.w, 58);
  const holds = cards.map(holdOf);
  const firstHold = holdOf(cards[0]);
  const meterTop = firstHold.y + firstHold.h + (wide ? 18 : 16);
  const meterH = wide ? 96 : 84;
  const span = rect(cards[0].x, meterTop, cards[4].x + cards[4].w - cards[0].x, meterH);
  const [credits, bet, win] = [
    rect(span.x, span.y, span.w * 0.42, meterH),
    rect(span.x + span.w * 0.44, span.y, span.w * 0.2, meterH),
    rect(span.x + span.w * 0.66, span.y, span.w * 0.34, meterH),
  ];
  const buttonTop = meterTop + meterH + (wide ? 22 : 18);
  const buttonH = Math.min(wide ? 110 : 100, d.h - buttonTop - 16);
  const [cashOut, help, betOne, maxBet, deal] = row(rect(span.x, buttonTop, span.w, buttonH), 5, 18);
  return {
    top: topBarLayout(d),
    payTable,
    message,
    cards,
    holds,
    meters: { credits, bet, win },
    buttons: { cashOut, help, betOne, maxBet, deal },
  };
}

export interface BoxLayout {
  frame: Rect;
  label: Rect;
  /** Six card slots (the sixth for a bought sixth card). */
  cards: Cells<6>;
  hand: Rect;
  ante: Rect;
  bet: Rect;
}

export interface PokerPlusLayout {
  top: TopBarLayout;
  dealerLabel: Rect;
  /** Five dealer slots and one more for the card drawn when the game is bought. */
  dealer: Cells<6>;
  dealerText: Rect;
  payTable: Rect;
  /** Box frames for one box (index 0) and for two boxes (index 1: both frames). */
  boxes: { one: [BoxLayout]; two: [BoxLayout, BoxLayout] };
  message: Rect;
  meters: { credits: Rect; ante: Rect; win: Rect };
  /** The bottom row: up to eight buttons, CASH OUT and HELP first. */
  buttons: Rect;
}

/** A box's height beside its cards': name, cards, a CHANGE mark's room, the hand's name, the spots and their names. */
const BOX_ROWS = { label: 46, mark: 24, hand: 32, spots: 4 + 84 + 26 };

function boxLayout(frame: Rect, cardW: number): BoxLayout {
  const cardH = Math.round(cardW * CARD_ASPECT);
  const label = rect(frame.x, frame.y + 6, frame.w, 34);
  const cards = centredRow(rect(frame.x, frame.y + BOX_ROWS.label, frame.w, cardH), 6, cardW, Math.round(cardW * 0.1));
  // Under the cards, room for a CHANGE mark under a picked card (card-view.ts), then the hand's name.
  const hand = rect(frame.x, frame.y + BOX_ROWS.label + cardH + BOX_ROWS.mark, frame.w, BOX_ROWS.hand);
  const below = hand.y + hand.h + 4;
  // The spots' names hang under them (box-view.ts): room for them inside the frame; the spots
  // stand in the middle of what the cards leave.
  const room = frame.y + frame.h - below - 26;
  const spot = Math.min(room, 96);
  const spotTop = below + Math.max(0, (room - spot) / 2);
  return {
    frame,
    label,
    cards,
    hand,
    ante: rect(frame.x + frame.w * 0.3 - spot / 2, spotTop, spot, spot),
    bet: rect(frame.x + frame.w * 0.7 - spot / 2, spotTop, spot, spot),
  };
}

/** The widest card six of which (and their gaps) fit a box's width and its height. */
function boxCardWidth(frameW: number, frameH: number): number {
  const byWidth = (frameW - 24) / (6 + 5 * 0.1);
  const byHeight = (frameH - BOX_ROWS.label - BOX_ROWS.mark - BOX_ROWS.hand - BOX_ROWS.spots) / CARD_ASPECT;
  return Math.floor(Math.min(byWidth, byHeight));
}

/**
 * Laid out for the player's cards first: the buttons at the foot of the screen, the meters and
 * the line above them, the dealer's row at the top no larger than it needs; the boxes take all
 * the height between, and their cards are as large as a box allows, never smaller than the dealer's.
 */
export function pokerPlusLayout(d: Design): PokerPlusLayout {
  const wide = d.name === 'wide';
  const buttonH = 100;
  const buttons = rect(40, d.h - 14 - buttonH, d.w - 80, buttonH);
  const meterH = wide ? 86 : 80;
  const meterTop = buttons.y - 14 - meterH;
  const message = rect(40, meterTop - 6 - 36, d.w - 80, 36);
  const dealerW = wide ? 110 : 88;
  const dealerH = Math.round(dealerW * CARD_ASPECT);
  const dealerTop = wide ? 114 : 112;
  const dealerArea = wide ? rect(480, dealerTop, 960, dealerH) : rect(24, dealerTop, 6 * dealerW + 5 * 12, dealerH);
  const dealer = wide ? centredRow(dealerArea, 6, dealerW, 14) : centredRow(dealerArea, 6, dealerW, 12);
  const dealerLabel = rect(dealer[0].x, 70, dealer[4].x + dealer[4].w - dealer[0].x, 40);
  const dealerText = rect(dealer[0].x, dealerTop + dealerH + 6, dealer[5].x + dealer[5].w - dealer[0].x, 36);
  const boxTop = dealerText.y + dealerText.h + (wide ? 10 : 8);
  const payX = wide ? 1470 : dealer[5].x + dealer[5].w + 26;
  const payTable = rect(payX, 76, d.w - payX - (wide ? 30 : 24), boxTop - 8 - 76);
  const boxH = message.y - 6 - boxTop;
  const gap = wide ? 40 : 32;
  const oneW = wide ? 1000 : 900;
  const twoW = Math.floor((d.w - 48 - gap) / 2);
  const one: [BoxLayout] = [boxLayout(rect((d.w - oneW) / 2, boxTop, oneW, boxH), boxCardWidth(oneW, boxH))];
  const twoX = (d.w - 2 * twoW - gap) / 2;
  const twoCard = boxCardWidth(twoW, boxH);
  const two: [BoxLayout, BoxLayout] = [
    boxLayout(rect(twoX, boxTop, twoW, boxH), twoCard),
    boxLayout(rect(twoX + twoW + gap, boxTop, twoW, boxH), twoCard),
  ];
  const span = rect(40, meterTop, d.w - 80, meterH);
  return {
    top: topBarLayout(d),
    dealerLabel,
    dealer,
    dealerText,
    payTable,
    boxes: { one, two },
    message,
    meters: {
      credits: rect(span.x, span.y, span.w * 0.42, meterH),
      ante: rect(span.x + span.w * 0.44, span.y, span.w * 0.2, meterH),
      win: rect(span.x + span.w * 0.66, span.y, span.w * 0.34, meterH),
    },
    buttons,
  };
}
