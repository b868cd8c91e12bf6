// The one door through which randomness enters the rules (docs/architecture.md): games take a
// shuffled deck, made here from a RandomSource. Production supplies node:crypto from the app
// layer; simulations and tests use the seedable source below.

export interface RandomSource {
  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number;
}

/**
 * Uniform integer in [0, bound) without modulo bias: draws are rejected above the largest
 * multiple of `bound` that fits in 32 bits, as test labs require of certified shuffles.
 */
export function uniformBelow(source: RandomSource, bound: number): number {
  if (!Number.isInteger(bound) || bound <= 0 || bound > 0x100000000) {
    throw new RangeError(`uniformBelow: bound must be an integer in 1..2^32, got ${bound}`);
  }
  const limit = 0x100000000 - (0x100000000 % bound);
  for (;;) {
    const x = source.nextUint32();
    if (x < limit) return x % bound;
  }
}

/** Fisher–Yates, in place, last position first. */
export function shuffleInPlace<T>(items: T[], source: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = uniformBelow(source, i + 1);
    // j <= i < items.length, so both are positions of the array.
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

/**
 * sfc32, seeded through splitmix32: small, fast and statistically sound for simulation and
 * tests. Never the production source (the app layer refuses it outside tests).
 */
export class SeededRandom implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    let s = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return h;
}
