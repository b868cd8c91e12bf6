// Test helper: the smallest value that fits a contract schema, made from the schema itself so
// that the shell's tests keep up with the contract as it changes.

import { SNAPSHOT, type Schema, type Snapshot } from '../../contract';

export function sampleOf(schema: Schema): unknown {
  switch (schema.kind) {
    case 'int':
      return Math.min(schema.max, Math.max(schema.min, 0));
    case 'number':
      return 0;
    case 'string':
      if (schema.pattern) throw new Error(`no sample for a string of pattern ${schema.pattern}`);
      return '';
    case 'bool':
      return false;
    case 'literal':
      return schema.value;
    case 'enum':
      return schema.values[0];
    case 'array':
      return [];
    case 'nullable':
      return null;
    case 'record':
      return {};
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(schema.fields)) {
        if (!schema.optional.includes(key)) out[key] = sampleOf(field);
      }
      return out;
    }
    case 'union': {
      const [tag, variant] = Object.entries(schema.variants)[0];
      return { [schema.tag]: tag, ...(sampleOf(variant) as object) };
    }
  }
}

export const sampleSnapshot = (version = 1): Snapshot => ({ ...(sampleOf(SNAPSHOT) as Snapshot), version });
