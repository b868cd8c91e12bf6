// C-22: the screen has no power over money; what it sends is checked here before anything else,
// against the wishes' one declaration (./vocabulary/wish-schema.ts). A malformed wish is refused
// with a reason, never trusted or thrown on.

import type { Refusal } from '../core';
import type { PlayerWish } from './inputs';
import { refusal } from './transition';
import { check } from './vocabulary/check';
import { WISH, WISH_TYPES } from './vocabulary/wish-schema';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The wish, typed, or the reason it is malformed. */
export function parseWish(input: unknown): { ok: true; wish: PlayerWish } | { ok: false; refusal: Refusal } {
  const bad = (reason: string) => ({ ok: false as const, refusal: refusal('C-22', reason) });
  if (!isObject(input) || typeof input.type !== 'string') return bad('a wish is an object with a "type"');
  if (!(WISH_TYPES as readonly string[]).includes(input.type)) return bad(`unknown wish "${input.type}"`);
  const why = check(WISH, input, 'wish');
  return why ? bad(why) : { ok: true, wish: input as PlayerWish };
}
