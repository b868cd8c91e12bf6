// The two directions of the contract and their envelopes. Both carriers (Electron IPC through
// the preload, WebSocket from the host) move exactly these values and check them on arrival.

import { WISH } from './wishes';
import { SNAPSHOT } from './snapshot';
import { ANSWER, QUERY } from './service';
import { z } from 'zod';
import { check, clip, int, maxJsonBytes, str } from './schema';

/** Screen to cabinet. `version` is the snapshot version the wish was made against (stale ones are refused). */
export const TO_CABINET = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('wish'), id: int(0), version: int(0), wish: WISH }),
  z.strictObject({ kind: z.literal('hello'), client: str(64) }),
  /** A read of the cabinet's records (C-8 to C-12), answered or refused with the same id. */
  z.strictObject({ kind: z.literal('query'), id: int(0), query: QUERY }),
]);

/** How long a refusal's rule and reason may be: a longer one would be refused on arrival. */
export const REFUSAL_BOUNDS = { rule: 16, reason: 300 } as const;

/** Cabinet to screen. */
export const TO_SCREEN = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('snapshot'), snapshot: SNAPSHOT }),
  z.strictObject({ kind: z.literal('accepted'), id: int(0) }),
  z.strictObject({
    kind: z.literal('refused'),
    id: int(-1),
    rule: str(REFUSAL_BOUNDS.rule),
    reason: str(REFUSAL_BOUNDS.reason),
  }),
  z.strictObject({ kind: z.literal('answer'), id: int(0), answer: ANSWER }),
  z.strictObject({ kind: z.literal('notice'), code: str(64), text: str(300) }),
]);

/** The longest message a screen can send the cabinet: a carrier refuses a frame larger than this. */
export const TO_CABINET_MAX_BYTES = maxJsonBytes(TO_CABINET);

export type ToCabinet = z.infer<typeof TO_CABINET>;
export type ToScreen = z.infer<typeof TO_SCREEN>;

/** A refusal for the screen, clipped to the contract's bounds rather than dropped for them (id -1: a message without one). */
export const refusedMessage = (id: number, rule: string, reason: string): ToScreen => ({
  kind: 'refused',
  id,
  rule: clip(rule, REFUSAL_BOUNDS.rule),
  reason: clip(reason, REFUSAL_BOUNDS.reason),
});

export type Checked<T> = { ok: true; message: T } | { ok: false; error: string };

export function checkToCabinet(value: unknown): Checked<ToCabinet> {
  const error = check(TO_CABINET, value, 'message');
  return error ? { ok: false, error } : { ok: true, message: value as ToCabinet };
}

export function checkToScreen(value: unknown): Checked<ToScreen> {
  const error = check(TO_SCREEN, value, 'message');
  return error ? { ok: false, error } : { ok: true, message: value as ToScreen };
}

/** Parses a carrier's text frame; anything but JSON of the contract is refused with a reason. */
export function parseFrame<T>(text: string, checker: (v: unknown) => Checked<T>): Checked<T> {
  if (text.length > 256 * 1024) return { ok: false, error: 'message is larger than 256 KiB' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'message is not JSON' };
  }
  return checker(value);
}

export const PROTOCOL_VERSION = z.literal(1);
