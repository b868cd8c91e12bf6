import { describe, expect, it } from 'vitest';
import { TextureShelf } from './texture-shelf';

interface Fake {
  key: string;
  destroyed: boolean;
  destroy(): void;
}
const fake = (key: string): Fake => {
  const t: Fake = { key, destroyed: false, destroy: () => void (t.destroyed = true) };
  return t;
};

describe('the shared textures', () => {
  it('makes a texture once for its key, however many take it', () => {
    const shelf = new TextureShelf<Fake>(10);
    let made = 0;
    const make = (k: string) => () => (made++, fake(k));
    const a = shelf.take('Ah|209x292@1', make('a'));
    expect(shelf.take('Ah|209x292@1', make('b'))).toBe(a);
    expect(shelf.take('Ah|114x159@1', make('c'))).not.toBe(a);
    expect(made).toBe(2);
  });

  it('keeps what is on show, and of the rest only the most recently used', () => {
    const shelf = new TextureShelf<Fake>(120);
    const shown = shelf.take('Ks', () => fake('Ks'));
    const rest = Array.from({ length: 300 }, (_, i) => {
      const t = shelf.take(`c${i}`, () => fake(`c${i}`));
      shelf.release(t);
      return t;
    });
    expect(shelf.counts).toEqual({ held: 121, spare: 120 });
    expect(shown.destroyed).toBe(false);
    expect(shelf.take('Ks', () => fake('again'))).toBe(shown);
    expect(rest.filter((t) => t.destroyed).map((t) => t.key)).toEqual(rest.slice(0, 180).map((t) => t.key));
    // Taken twice, handed back three times: not counted below zero, and now one of the spares,
    // the most recently used, so the oldest other goes in its place.
    for (let i = 0; i < 3; i++) shelf.release(shown);
    expect(shelf.counts).toEqual({ held: 120, spare: 120 });
    expect(rest[180]!.destroyed).toBe(true);
    expect(shelf.take('Ks', () => fake('again'))).toBe(shown);
    expect(shelf.counts).toEqual({ held: 120, spare: 119 });
  });
});
