// What changes only with the layout or with its own value is drawn once into a texture and shown
// from it. Pixi's canvas renderer on a software GPU pays for a gradient, a curve or a stroke with
// every pixel of every frame; a texture copied pixel for pixel costs almost nothing. The texture
// is made at the window's scale, so it maps one to one onto the screen's pixels.

import type { Container } from 'pixi.js';

/** Pixels per design unit for textures made from now on: the navigator sets it from the window's scale. */
export const textureResolution = { value: 1 };

/** Draws `c` into a texture at the next frame and shows it from there until `redraw`. */
export function still<T extends Container>(c: T): T {
  c.cacheAsTexture({ resolution: textureResolution.value, antialias: true });
  return c;
}

/** A still container whose content changed: drawn again into its texture at the next frame. */
export function redraw(c: Container): void {
  c.updateCacheTexture();
}

/**
 * Places a still container on a whole pixel of the design, so its texture is copied to the screen
 * as it was drawn (at the cabinet monitors' one-to-one scale) rather than smoothed between pixels.
 */
export function placeOnPixel(c: Container, x: number, y: number): void {
  c.position.set(Math.round(x), Math.round(y));
}
