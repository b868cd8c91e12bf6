// All 52 faces on one sheet, ranks across and suits down, for the test hook: the renderer test
// photographs it (test-results/screens/deck.png) and checks every face apart from the others.

import { Container, Graphics } from 'pixi.js';
import { RANK_CHARS, SUIT_CHARS } from '../../src/contract/cards';
import type { Rect } from './layout';
import { CardView } from './card-view';
import { COLORS } from './theme';

export interface DeckSheet {
  container: Container;
  /** Each face's code and where it lies on the sheet, in sheet pixels. */
  cells: { code: string; rect: Rect }[];
}

export function deckSheet(cardW: number, cardH: number, gap = 12): DeckSheet {
  const container = new Container();
  const cols = RANK_CHARS.length;
  const rows = SUIT_CHARS.length;
  const back = new Graphics().rect(0, 0, gap + cols * (cardW + gap), gap + rows * (cardH + gap)).fill(COLORS.feltDark);
  container.addChild(back);
  const cells: DeckSheet['cells'] = [];
  [...SUIT_CHARS].forEach((suit, row) => {
    [...RANK_CHARS].forEach((rank, col) => {
      const code = rank + suit;
      const view = new CardView(cardW, cardH);
      view.setCard(code, 'none');
      const rect = { x: gap + col * (cardW + gap), y: gap + row * (cardH + gap), w: cardW, h: cardH };
      view.position.set(rect.x, rect.y);
      container.addChild(view);
      cells.push({ code, rect });
    });
  });
  return { container, cells };
}
