// The contract is declared in zod: the TypeScript types (z.infer) and the check on arrival are
// derived from the same declaration, and the cabinet's own vocabulary (wishes, settings) is
// declared the same way. These are the few shapes the contract's declarations repeat, and the
// size bound a carrier takes from them.

import { z } from 'zod';
import { RECORD_BOUNDS, boundsOf, unwrap } from '../cabinet/vocabulary/check';

export { boundsOf, check, json, record } from '../cabinet/vocabulary/check';

/** Text cut to `max` characters, an ellipsis where it was cut: the one way text is fitted to a bound. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) => z.int().min(min).max(max);
export const str = (max = 200, pattern?: RegExp) =>
  pattern ? z.string().max(max).regex(pattern) : z.string().max(max);

type Schema = z.core.$ZodType;
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: Schema): Def => s._zod.def as unknown as Def;

/** Longest JSON text of one character of a string: an escape such as \u0000 takes six bytes. */
const CHAR_BYTES = 6;
const textBytes = (max: number): number => 2 + CHAR_BYTES * max;
const fieldsBytes = (fields: number[]): number =>
  2 + fields.reduce((a, b) => a + b, 0) + Math.max(0, fields.length - 1);
const listBytes = (count: number, each: number): number => 2 + count * each + Math.max(0, count - 1);

/**
 * The most bytes a value of the declaration can take as compact JSON (JSON.stringify's form,
 * UTF-8): what a carrier must accept in one frame, and no more. Infinity for a declaration with
 * plain JSON inside, or anything else whose size nothing bounds.
 */
export function maxJsonBytes(schema: Schema): number {
  const d = defOf(schema);
  const b = boundsOf(schema);
  switch (d.type) {
    case 'optional':
    case 'readonly':
    case 'default':
      return maxJsonBytes(d.innerType as Schema);
    case 'nullable':
      return Math.max('null'.length, maxJsonBytes(d.innerType as Schema));
    case 'number': {
      if (!b.whole) return String(-Number.MAX_VALUE).length;
      return Math.max(String(b.min).length, String(b.max).length);
    }
    case 'string':
      return b.maxLength !== undefined ? textBytes(b.maxLength) : Infinity;
    case 'boolean':
      return 'false'.length;
    case 'literal':
      return Math.max(...(d.values as unknown[]).map((v) => JSON.stringify(v).length));
    case 'enum':
      return Math.max(...Object.values(d.entries as Record<string, unknown>).map((v) => JSON.stringify(v).length));
    case 'array':
      return b.maxLength !== undefined ? listBytes(b.maxLength, maxJsonBytes(d.element as Schema)) : Infinity;
    case 'object':
      return fieldsBytes(
        Object.entries(d.shape as Record<string, Schema>).map(
          ([k, v]) => JSON.stringify(k).length + 1 + maxJsonBytes(v),
        ),
      );
    case 'union':
      return Math.max(...(d.options as Schema[]).map(maxJsonBytes));
    case 'record': {
      const key = unwrap(d.keyType as Schema);
      const keyDef = defOf(key);
      const value = maxJsonBytes(d.valueType as Schema);
      if (keyDef.type === 'enum') {
        const keys = Object.values(keyDef.entries as Record<string, string>);
        return fieldsBytes(keys.map((k) => JSON.stringify(k).length + 1 + value));
      }
      const bounds = RECORD_BOUNDS.get(schema);
      return bounds ? listBytes(bounds.max, textBytes(bounds.keyMax) + 1 + value) : Infinity;
    }
    default:
      return Infinity;
  }
}
