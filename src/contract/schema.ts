// A small schema language: the IPC contract is declared once as data in it, and both the
// TypeScript types (Infer) and the validation on arrival (check) are derived from that data.

export type Schema =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'number' }
  | { kind: 'string'; max: number; pattern?: RegExp }
  | { kind: 'bool' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'array'; of: Schema; max: number }
  | { kind: 'object'; fields: Readonly<Record<string, Schema>>; optional: readonly string[] }
  | { kind: 'nullable'; of: Schema }
  | { kind: 'record'; of: Schema; max: number; keyMax: number }
  | { kind: 'union'; tag: string; variants: Readonly<Record<string, ObjectSchema>> }
  | { kind: 'json'; maxDepth: number };

export type ObjectSchema = Extract<Schema, { kind: 'object' }>;

export const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) => ({ kind: 'int', min, max }) as const;
export const num = () => ({ kind: 'number' }) as const;
export const str = (max = 200, pattern?: RegExp) => ({ kind: 'string', max, pattern }) as const;
export const bool = () => ({ kind: 'bool' }) as const;
export const literal = <V extends string | number | boolean>(value: V) => ({ kind: 'literal', value }) as const;
export const oneOf = <const V extends readonly string[]>(...values: V) => ({ kind: 'enum', values }) as const;
export const array = <S extends Schema>(of: S, max = 1000) => ({ kind: 'array', of, max }) as const;
export const nullable = <S extends Schema>(of: S) => ({ kind: 'nullable', of }) as const;
/** A record's keys are names (a lamp's button, a fault's code): short, so its size stays bounded. */
export const record = <S extends Schema>(of: S, max = 1000, keyMax = 64) => ({ kind: 'record', of, max, keyMax }) as const;
// Two signatures, so that an object declared inline (where TypeScript would infer the optional
// list from the context) has no optional field unless it names one.
export function object<F extends Record<string, Schema>>(fields: F): { kind: 'object'; fields: F; optional: readonly [] };
export function object<F extends Record<string, Schema>, const O extends readonly (keyof F & string)[]>(
  fields: F,
  optional: O,
): { kind: 'object'; fields: F; optional: O };
export function object(fields: Record<string, Schema>, optional: readonly string[] = []): ObjectSchema {
  return { kind: 'object', fields, optional };
}
/**
 * Any plain JSON value (a replay file, an event row's data): the contract carries it whole and
 * the receiver parses it with the rules that own it (the core's replay parser, for instance).
 */
export const json = (maxDepth = 12) => ({ kind: 'json', maxDepth }) as const;
export const union = <const T extends string, V extends Record<string, ObjectSchema>>(tag: T, variants: V) =>
  ({ kind: 'union', tag, variants }) as const;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type InferObject<F, O extends readonly string[]> = Simplify<
  { -readonly [K in Exclude<keyof F, O[number]>]: Infer<F[K]> } & { -readonly [K in Extract<keyof F, O[number]>]?: Infer<F[K]> }
>;

type InferVariant<S> = S extends { kind: 'object'; fields: infer F; optional: infer O extends readonly string[] }
  ? InferObject<F, O>
  : never;

/** The TypeScript type a schema describes. */
export type Infer<S> = S extends { kind: 'json' }
  ? unknown
  : S extends { kind: 'int' } | { kind: 'number' }
  ? number
  : S extends { kind: 'string' }
    ? string
    : S extends { kind: 'bool' }
      ? boolean
      : S extends { kind: 'literal'; value: infer V }
        ? V
        : S extends { kind: 'enum'; values: readonly (infer V)[] }
          ? V
          : S extends { kind: 'array'; of: infer E }
            ? Infer<E>[]
            : S extends { kind: 'nullable'; of: infer E }
              ? Infer<E> | null
              : S extends { kind: 'record'; of: infer E }
                ? Record<string, Infer<E>>
                : S extends { kind: 'object'; fields: infer F; optional: infer O extends readonly string[] }
                  ? InferObject<F, O>
                  : S extends { kind: 'union'; tag: infer T extends string; variants: infer V }
                    ? { [K in keyof V & string]: Simplify<{ [P in T]: K } & InferVariant<V[K]>> }[keyof V & string]
                    : never;

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype;

function checkJson(value: unknown, depth: number, path: string): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} must be a finite number`;
  if (depth <= 0) return `${path} is nested too deeply`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = checkJson(value[i], depth - 1, `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (!isPlainObject(value)) return `${path} must be plain JSON`;
  for (const [k, v] of Object.entries(value)) {
    const bad = checkJson(v, depth - 1, `${path}.${k}`);
    if (bad) return bad;
  }
  return null;
}

/** Null when the value fits the schema; otherwise one line saying where and why it does not. */
export function check(schema: Schema, value: unknown, path = 'message'): string | null {
  switch (schema.kind) {
    case 'int':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return `${path} must be a whole number`;
      if (value < schema.min || value > schema.max) return `${path} must be from ${schema.min} to ${schema.max}`;
      return null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${path} must be a number`;
    case 'string':
      if (typeof value !== 'string') return `${path} must be a string`;
      if (value.length > schema.max) return `${path} is longer than ${schema.max} characters`;
      if (schema.pattern && !schema.pattern.test(value)) return `${path} has the wrong form`;
      return null;
    case 'bool':
      return typeof value === 'boolean' ? null : `${path} must be true or false`;
    case 'literal':
      return value === schema.value ? null : `${path} must be ${JSON.stringify(schema.value)}`;
    case 'enum':
      return typeof value === 'string' && schema.values.includes(value) ? null : `${path} must be one of ${schema.values.join(', ')}`;
    case 'array': {
      if (!Array.isArray(value)) return `${path} must be an array`;
      if (value.length > schema.max) return `${path} has more than ${schema.max} items`;
      for (let i = 0; i < value.length; i++) {
        const bad = check(schema.of, value[i], `${path}[${i}]`);
        if (bad) return bad;
      }
      return null;
    }
    case 'nullable':
      return value === null ? null : check(schema.of, value, path);
    case 'record': {
      if (!isPlainObject(value)) return `${path} must be an object`;
      const entries = Object.entries(value);
      if (entries.length > schema.max) return `${path} has more than ${schema.max} entries`;
      for (const [k, v] of entries) {
        if (k.length > schema.keyMax) return `${path} has a key longer than ${schema.keyMax} characters`;
        const bad = check(schema.of, v, `${path}.${k}`);
        if (bad) return bad;
      }
      return null;
    }
    case 'object': {
      if (!isPlainObject(value)) return `${path} must be an object`;
      for (const key of Object.keys(value)) {
        if (!Object.prototype.hasOwnProperty.call(schema.fields, key)) return `${path} has an unknown field "${key}"`;
      }
      for (const [key, fieldSchema] of Object.entries(schema.fields)) {
        if (value[key] === undefined) {
          if (schema.optional.includes(key)) continue;
          return `${path}.${key} is missing`;
        }
        const bad = check(fieldSchema, value[key], `${path}.${key}`);
        if (bad) return bad;
      }
      return null;
    }
    case 'json':
      return checkJson(value, schema.maxDepth, path);
    case 'union': {
      if (!isPlainObject(value)) return `${path} must be an object`;
      const tag = value[schema.tag];
      if (typeof tag !== 'string' || !Object.prototype.hasOwnProperty.call(schema.variants, tag)) {
        return `${path}.${schema.tag} must be one of ${Object.keys(schema.variants).join(', ')}`;
      }
      const variant = schema.variants[tag];
      const { [schema.tag]: _tag, ...rest } = value;
      return check(variant, rest, `${path}(${tag})`);
    }
  }
}

/** Longest JSON text of one character of a string: an escape such as \u0000 takes six bytes. */
const CHAR_BYTES = 6;
const textBytes = (max: number): number => 2 + CHAR_BYTES * max;

/**
 * The most bytes a value of the schema can take as compact JSON (JSON.stringify's form, UTF-8):
 * what a carrier must accept in one frame, and no more. Infinity for a schema with plain JSON
 * inside, whose size nothing bounds.
 */
export function maxJsonBytes(schema: Schema): number {
  switch (schema.kind) {
    case 'int':
      return Math.max(String(schema.min).length, String(schema.max).length);
    case 'number':
      return String(-Number.MAX_VALUE).length;
    case 'string':
      return textBytes(schema.max);
    case 'bool':
      return 'false'.length;
    case 'literal':
      return JSON.stringify(schema.value).length;
    case 'enum':
      return Math.max(...schema.values.map((v) => JSON.stringify(v).length));
    case 'array':
      return 2 + schema.max * maxJsonBytes(schema.of) + Math.max(0, schema.max - 1);
    case 'nullable':
      return Math.max('null'.length, maxJsonBytes(schema.of));
    case 'record':
      return 2 + schema.max * (textBytes(schema.keyMax) + 1 + maxJsonBytes(schema.of)) + Math.max(0, schema.max - 1);
    case 'object':
      return fieldsBytes(Object.entries(schema.fields).map(([k, v]) => JSON.stringify(k).length + 1 + maxJsonBytes(v)));
    case 'union':
      return Math.max(
        ...Object.entries(schema.variants).map(([name, variant]) =>
          fieldsBytes([JSON.stringify(schema.tag).length + 1 + JSON.stringify(name).length, ...Object.entries(variant.fields).map(([k, v]) => JSON.stringify(k).length + 1 + maxJsonBytes(v))]),
        ),
      );
    case 'json':
      return Infinity;
  }
}

const fieldsBytes = (fields: number[]): number => 2 + fields.reduce((a, b) => a + b, 0) + Math.max(0, fields.length - 1);
