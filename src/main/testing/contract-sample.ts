// Test helper: the smallest value that fits a contract declaration, made from the declaration
// itself so that the shell's tests keep up with the contract as it changes.

import { z } from 'zod';
import { SNAPSHOT, boundsOf, type Snapshot } from '../../contract';

type Def = { type: string } & Record<string, unknown>;

export function sampleOf(schema: z.core.$ZodType): unknown {
  const d = schema._zod.def as unknown as Def;
  const b = boundsOf(schema);
  const examples = z.globalRegistry.get(schema as z.ZodType)?.examples;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  const within = (min: unknown, max: unknown, fallback: number) =>
    Math.min(Number(max ?? Infinity), Math.max(Number(min ?? -Infinity), fallback));
  switch (d.type) {
    case 'number':
      return within(b.min, b.max, 0);
    case 'string':
      if (b.pattern) throw new Error('no sample for a string of a pattern without examples');
      return '';
    case 'boolean':
      return false;
    case 'literal':
      return (d.values as unknown[])[0];
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'array':
      return Array.from({ length: b.minLength ?? 0 }, (_, i) => {
        const v = sampleOf(d.element as z.core.$ZodType);
        return typeof v === 'number' ? v + i : v;
      });
    case 'nullable':
      return null;
    case 'optional':
    case 'default':
    case 'readonly':
      return sampleOf(d.innerType as z.core.$ZodType);
    case 'record':
      return {};
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(d.shape as Record<string, z.core.$ZodType>)) {
        if ((field._zod.def as unknown as Def).type !== 'optional') out[key] = sampleOf(field);
      }
      return out;
    }
    case 'union': {
      const [first] = d.options as z.core.$ZodType[];
      if (!first) throw new Error('no sample for a union of no options');
      return sampleOf(first);
    }
    default:
      throw new Error(`no sample for a ${d.type}`);
  }
}

export const sampleSnapshot = (version = 1): Snapshot => ({ ...(sampleOf(SNAPSHOT) as Snapshot), version });
