// Every face of the deck, drawn by the real renderer in Chromium at the card sizes of both
// layouts (the Jacks or Better cards and the smallest, a Poker Plus box), photographed to one
// sheet each: every face differs from every other, and a court card, a figure in the suit's
// colour with blue and gold, shows at least as many colours as any number card.

import { describe, expect, it } from 'vitest';
import { jacksLayout, pokerPlusLayout, SQUARE, WIDE } from '../../renderer/ui/layout';
import * as fx from './fixtures';
import { rendererSuite, SHOTS } from './renderer-suite';

interface Cell {
  code: string;
  rect: { x: number; y: number; w: number; h: number };
}
interface FaceStats {
  code: string;
  hash: string;
  colours: number;
}

const suite = rendererSuite();

/** Draws the sheet, saves it, and reads each face back from the saved picture: a hash and its colours. */
async function photograph(cardW: number, cardH: number, name: string): Promise<FaceStats[]> {
  const { browser, cabinet } = suite;
  const page = await browser.newPage({ viewport: { width: 12 + 13 * (cardW + 12), height: 12 + 4 * (cardH + 12) } });
  try {
    const hellos = cabinet.received.filter((m) => m.kind === 'hello').length;
    await page.goto(cabinet.url);
    await cabinet.nextMessage(() => cabinet.received.filter((m) => m.kind === 'hello').length > hellos);
    cabinet.show(fx.baseSnapshot());
    await page.waitForFunction(
      () => (window as unknown as { __scene?: () => { version: number | null } }).__scene?.().version !== null,
    );
    const cells = await page.evaluate(
      ([w, h]) => (window as unknown as { __deck: (w: number, h: number) => Cell[] }).__deck(w!, h!),
      [cardW, cardH],
    );
    expect(cells).toHaveLength(52);
    const png = await page.screenshot({ path: `${SHOTS}/${name}.png` });
    return await page.evaluate(
      async ({ b64, cells }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return cells.map(({ code, rect }) => {
          // Inside the rounded corners, so the sheet's backdrop is not counted.
          const inset = Math.ceil(rect.w * 0.08);
          const d = ctx.getImageData(rect.x + inset, rect.y + inset, rect.w - 2 * inset, rect.h - 2 * inset).data;
          let h = 0x811c9dc5;
          const counts = new Map<number, number>();
          for (let i = 0; i < d.length; i += 4) {
            for (let k = 0; k < 3; k++) h = Math.imul(h ^ d[i + k]!, 0x01000193) >>> 0;
            // Colours to 4 bits a channel; a colour counts when it covers a visible patch (0.4 %), so
            // the blends along anti-aliased edges do not.
            const q = ((d[i]! >> 4) << 8) | ((d[i + 1]! >> 4) << 4) | (d[i + 2]! >> 4);
            counts.set(q, (counts.get(q) ?? 0) + 1);
          }
          const pixels = d.length / 4;
          const colours = [...counts.values()].filter((n) => n >= pixels * 0.004).length;
          return { code, hash: h.toString(16), colours };
        });
      },
      { b64: png.toString('base64'), cells },
    );
  } finally {
    await page.close();
  }
}

function check(faces: FaceStats[]): void {
  // Every face differs from every other face.
  const byHash = new Map<string, string[]>();
  for (const f of faces) byHash.set(f.hash, [...(byHash.get(f.hash) ?? []), f.code]);
  expect([...byHash.values()].filter((codes) => codes.length > 1)).toEqual([]);
  const court = faces.filter((f) => 'JQK'.includes(f.code[0]!));
  const numbers = faces.filter((f) => '23456789T'.includes(f.code[0]!));
  expect(court).toHaveLength(12);
  expect(numbers).toHaveLength(36);
  const fewestCourt = Math.min(...court.map((f) => f.colours));
  const mostNumber = Math.max(...numbers.map((f) => f.colours));
  expect(fewestCourt, JSON.stringify(faces.map((f) => [f.code, f.colours]))).toBeGreaterThanOrEqual(mostNumber);
  // A figure in colour, not a letter in a box: several colours beyond a number card's ink and paper.
  expect(fewestCourt).toBeGreaterThanOrEqual(6);
}

describe('the deck', () => {
  it('draws 52 distinct faces at the Jacks or Better size, court cards in full colour (deck.png)', async () => {
    const c = jacksLayout(SQUARE).cards[0]!;
    check(await photograph(Math.round(c.w), Math.round(c.h), 'deck'));
  });

  it('keeps them apart at the smallest size, a Poker Plus box (deck-small.png)', async () => {
    const c = pokerPlusLayout(WIDE).boxes.two[0]!.cards[0]!;
    const small = Math.min(c.w, pokerPlusLayout(SQUARE).boxes.two[0]!.cards[0]!.w);
    check(await photograph(small, Math.round(small * 1.4), 'deck-small'));
  });
});
