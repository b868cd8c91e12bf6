// Each face, and the back, drawn once for each size and shared by every card that shows it: a
// court figure is hundreds of vector shapes, too many to draw again for each card dealt. Of the
// textures no card shows, the most recently used deck's worth or two are kept (texture-shelf.ts).

import { Rectangle, type Renderer, type Texture } from 'pixi.js';
import { drawBack, drawFace } from './card-art';
import { TextureShelf } from './texture-shelf';

/** A card's picture: its texture, and where the texture's corner lies from the card's (design units). */
export interface CardPicture {
  texture: Texture;
  x: number;
  y: number;
  destroy(): void;
}

/** Card textures kept that no card shows, at most. */
const SPARE = 120;

export class CardTextures {
  private readonly shelf = new TextureShelf<CardPicture>(SPARE);

  constructor(private readonly renderer: Renderer) {}

  /** The picture of `code` (null: the back) at w×h design units and `resolution`; hand it back with `release`. */
  take(code: string | null, w: number, h: number, resolution: number): CardPicture {
    return this.shelf.take(`${code ?? 'back'}|${w}x${h}@${resolution}`, () => {
      const art = code === null ? drawBack(w, h) : drawFace(w, h, code);
      // All the art draws, on whole design units (as cacheAsTexture takes it): the edge's stroke
      // and a corner pip that reaches past it keep their place on the pixel grid.
      const b = art.getLocalBounds();
      const x = Math.floor(b.minX);
      const y = Math.floor(b.minY);
      const frame = new Rectangle(x, y, Math.ceil(b.maxX) - x, Math.ceil(b.maxY) - y);
      const texture = this.renderer.generateTexture({ target: art, resolution, antialias: true, frame });
      art.destroy({ children: true });
      return { texture, x, y, destroy: () => texture.destroy(true) };
    });
  }

  release(picture: CardPicture): void {
    this.shelf.release(picture);
  }
}

let shared: CardTextures | null = null;

/** Cards draw their faces with this renderer from now on (main.ts, once Pixi has started). */
export function drawCardsWith(renderer: Renderer): void {
  shared = new CardTextures(renderer);
}

export function cardTextures(): CardTextures {
  if (!shared) throw new Error('no renderer for the cards yet: main.ts calls drawCardsWith first');
  return shared;
}
