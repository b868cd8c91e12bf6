// How a value that does not fit a declaration is told: one line naming where and why. The
// declarations are zod schemas (zod derives the TypeScript types and the JSON Schema from the
// same object); zod's own messages are replaced here, in the wording the screens, the logs and
// the config file's errors have always used. A message a declaration gives itself (a setting's
// unit and bounds) is kept as it is.

import { z } from 'zod';

type Schema = z.core.$ZodType;
type Def = { type: string } & Record<string, unknown>;
type Issue = z.core.$ZodIssue;

const defOf = (s: Schema): Def => s._zod.def as unknown as Def;

/** What a declaration bounds: a number's range (and whether it is whole), a string's or list's length, a pattern. */
export interface Bounds {
  whole: boolean;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

export function boundsOf(s: Schema): Bounds {
  const d = defOf(s);
  const out: Bounds = { whole: d.format === 'safeint' };
  if (out.whole) [out.min, out.max] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  for (const c of (d.checks as Schema[] | undefined) ?? []) {
    const cd = c._zod.def as unknown as Record<string, unknown>;
    if (cd.check === 'greater_than') out.min = Math.max(out.min ?? -Infinity, Number(cd.value));
    else if (cd.check === 'less_than') out.max = Math.min(out.max ?? Infinity, Number(cd.value));
    else if (cd.check === 'max_length') out.maxLength = Number(cd.maximum);
    else if (cd.check === 'min_length') out.minLength = Number(cd.minimum);
    else if (cd.check === 'string_format' && cd.pattern instanceof RegExp) out.pattern = cd.pattern;
  }
  return out;
}

/** Marks zod's default messages, so a declaration's own can be told from them. */
const DEFAULT = '\u0000';
const defaults = { error: () => DEFAULT };

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype;

/** Schemas that carry any plain JSON value, checked by json(). */
const JSON_VALUES = new WeakSet<Schema>();
/** The most entries and the longest key a record() may have. */
export const RECORD_BOUNDS = new WeakMap<Schema, { max: number; keyMax: number }>();

function jsonProblem(
  value: unknown,
  depth: number,
  path: (string | number)[],
): { path: (string | number)[]; message: string } | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path, message: 'must be a finite number' };
  if (depth <= 0) return { path, message: 'is nested too deeply' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = jsonProblem(value[i], depth - 1, [...path, i]);
      if (bad) return bad;
    }
    return null;
  }
  if (!isPlainObject(value)) return { path, message: 'must be plain JSON' };
  for (const [k, v] of Object.entries(value)) {
    const bad = jsonProblem(v, depth - 1, [...path, k]);
    if (bad) return bad;
  }
  return null;
}

/**
 * Any plain JSON value (a replay file, an event row's data): carried whole, and parsed by the
 * rules that own it (the core's replay parser, for instance).
 */
export function json(maxDepth = 12) {
  const s = z.unknown().check((ctx) => {
    const bad = jsonProblem(ctx.value, maxDepth, []);
    if (bad) ctx.issues.push({ code: 'custom', input: ctx.value, path: bad.path, message: bad.message });
  });
  JSON_VALUES.add(s);
  return s;
}

/** A record's keys are names (a lamp's button, a fault's code): short and few, so its size stays bounded. */
export function record<S extends z.ZodType>(of: S, max = 1000, keyMax = 64) {
  const s = z.record(z.string().max(keyMax), of).check((ctx) => {
    if (Object.keys(ctx.value).length > max)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `has more than ${max} entries` });
  });
  RECORD_BOUNDS.set(s, { max, keyMax });
  return s;
}

/** The schema inside the wrappers that do not change where a value sits. */
export function unwrap(s: Schema): Schema {
  for (;;) {
    const d = defOf(s);
    if (
      d.type === 'optional' ||
      d.type === 'nullable' ||
      d.type === 'default' ||
      d.type === 'readonly' ||
      d.type === 'nonoptional' ||
      d.type === 'catch' ||
      d.type === 'prefault'
    )
      s = d.innerType as Schema;
    else if (d.type === 'pipe') s = d.in as Schema;
    else return s;
  }
}

const literalValues = (s: Schema): unknown[] => {
  const d = defOf(unwrap(s));
  return d.type === 'literal' ? (d.values as unknown[]) : [];
};

/** Where a path leads: its text (message.wish(hold).positions[0]) and the schema found there. */
interface Place {
  text: string;
  schema: Schema | null;
  /** The value at the path; `present` is false where its parent has no such key. */
  value: unknown;
  present: boolean;
  /** The path crosses a json() value. */
  inJson: boolean;
}

/** The option of a union the value at hand belongs to. */
function optionFor(d: Def, value: unknown, segment: PropertyKey | undefined): Schema | null {
  const options = d.options as Schema[];
  if (typeof d.discriminator === 'string') {
    const tag = isPlainObject(value) ? value[d.discriminator] : undefined;
    const key = d.discriminator;
    return (
      options.find((o) => {
        const field = (defOf(unwrap(o)).shape as Partial<Record<string, Schema>>)[key];
        return field !== undefined && literalValues(field).includes(tag);
      }) ?? null
    );
  }
  // A plain union: the option whose shape fits what the value is.
  const kind = Array.isArray(value)
    ? 'list'
    : typeof value === 'object' && value !== null
      ? 'object'
      : segment === undefined
        ? null
        : typeof segment === 'number'
          ? 'list'
          : 'object';
  const kinds: Record<string, string> = { array: 'list', tuple: 'list', object: 'object', record: 'object' };
  return options.find((o) => kind !== null && kinds[defOf(unwrap(o)).type] === kind) ?? null;
}

export function locate(root: Schema, value: unknown, path: readonly PropertyKey[], start: string): Place {
  let s: Schema | null = root;
  let v = value;
  let present = true;
  let text = start;
  let inJson = false;
  for (let i = 0; i <= path.length; i++) {
    const seg = path[i];
    // Step into unions and wrappers before reading the next segment.
    while (s) {
      s = unwrap(s);
      if (JSON_VALUES.has(s)) inJson = true;
      const d = defOf(s);
      if (d.type !== 'union') break;
      if (typeof d.discriminator === 'string' && seg === d.discriminator) break;
      const option = optionFor(d, v, seg);
      if (option && typeof d.discriminator === 'string')
        text += `(${String((v as Record<string, unknown>)[d.discriminator])})`;
      s = option;
    }
    if (seg === undefined) break;
    const d: Def | null = s ? defOf(s) : null;
    if (typeof seg === 'number') text += `[${seg}]`;
    else text += text ? `.${String(seg)}` : String(seg);
    if (d?.type === 'object') s = ((d.shape as Record<string, Schema>)[String(seg)] ?? null) as Schema | null;
    else if (d?.type === 'array') s = d.element as Schema;
    else if (d?.type === 'record') s = d.valueType as Schema;
    else if (d?.type === 'union' && typeof d.discriminator === 'string') s = null;
    else s = null;
    const parent = v;
    present = parent !== null && typeof parent === 'object' && Object.prototype.hasOwnProperty.call(parent, seg);
    v = present ? (parent as Record<PropertyKey, unknown>)[seg] : undefined;
  }
  return { text, schema: s, value: v, present, inJson };
}

/** The first object in the value made by something other than JSON (a class, Object.create). */
function foreignObject(value: unknown, depth = 0): (string | number)[] | null {
  // Deeper than any declaration goes: the declaration refuses it on its own.
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = foreignObject(value[i], depth + 1);
      if (inner) return [i, ...inner];
    }
    return null;
  }
  if (!isPlainObject(value)) return [];
  for (const key in value) {
    const inner = foreignObject(value[key], depth + 1);
    if (inner) return [key, ...inner];
  }
  return null;
}

const rangeOf = (s: Schema | null): [number, number] => {
  const b = s ? boundsOf(unwrap(s)) : { min: undefined, max: undefined };
  return [b.min ?? Number.MIN_SAFE_INTEGER, b.max ?? Number.MAX_SAFE_INTEGER];
};

function typeText(expected: string): string {
  switch (expected) {
    case 'int':
      return 'must be a whole number';
    case 'number':
      return 'must be a number';
    case 'string':
      return 'must be a string';
    case 'boolean':
      return 'must be true or false';
    case 'object':
    case 'record':
      return 'must be an object';
    case 'array':
    case 'tuple':
      return 'must be an array';
    default:
      return `must be ${expected}`;
  }
}

/** The words after the path for one of zod's issues, as the wire check says them. */
export function wireText(issue: Issue, place: Place): string {
  switch (issue.code) {
    case 'invalid_type':
      if (!place.present) return 'is missing';
      if (issue.expected === 'number' && place.schema && boundsOf(unwrap(place.schema)).whole)
        return 'must be a whole number';
      return typeText(issue.expected);
    case 'too_big':
    case 'too_small': {
      const big = issue.code === 'too_big';
      if (issue.origin === 'int') return 'must be a whole number';
      if (issue.origin === 'number') {
        const [min, max] = rangeOf(place.schema);
        return `must be from ${min} to ${max}`;
      }
      const bound = Number(big ? (issue as { maximum: unknown }).maximum : (issue as { minimum: unknown }).minimum);
      if (issue.origin === 'string')
        return big ? `is longer than ${bound} characters` : `is shorter than ${bound} characters`;
      if (issue.origin === 'array') return big ? `has more than ${bound} items` : `has fewer than ${bound} items`;
      return big ? `is larger than ${bound}` : `is smaller than ${bound}`;
    }
    case 'invalid_format':
      return 'has the wrong form';
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.join(', ')}`;
    case 'unrecognized_keys':
      return `has an unknown field "${issue.keys[0]}"`;
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      return options ? `must be one of ${options.join(', ')}` : 'has the wrong form';
    }
    case 'invalid_key':
      return 'has a key that is not allowed';
    case 'invalid_element':
      return 'has an entry that is not allowed';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return issue.message;
  }
}

/** The issue to tell: an unknown field before anything inside its object, as a reader checks (none of none). */
function firstIssue(issues: readonly Issue[]): Issue | undefined {
  const unknown = issues.filter((i) => i.code === 'unrecognized_keys').sort((a, b) => a.path.length - b.path.length)[0];
  if (
    unknown &&
    issues.every(
      (i) =>
        i.code === 'unrecognized_keys' ||
        i.path.length > unknown.path.length ||
        i.path.some((p, k) => p !== unknown.path[k]),
    )
  )
    return unknown;
  return issues[0];
}

/**
 * A union's issue names the option the value was meant for (the one that got past its type),
 * where zod left the choice open; otherwise the union's own message stands.
 */
function deepest(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const branches = issue.errors.map((e) => e.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as Issue));
  const far = branches.filter((b) =>
    b.some((i) => i.path.length > issue.path.length || (i.code !== 'invalid_type' && i.code !== 'invalid_value')),
  );
  const [only, ...more] = far;
  const inner = only && more.length === 0 ? firstIssue(only) : undefined;
  return inner ? deepest(inner) : issue;
}

export interface Told {
  /** Where, as the path text (`message.wish(hold).positions[0]`, `limits.maxBet`). */
  where: string;
  /** What is wrong, completing the sentence (`must be from 0 to 5`). */
  says: string;
  /** The path, for a caller that names things its own way. */
  path: readonly PropertyKey[];
  issue: Issue;
  place: Place;
}

/** Every issue of the value against the declaration, each told; empty when it fits. */
export function tellAll(
  schema: Schema,
  value: unknown,
  start: string,
  words: (issue: Issue, place: Place) => string = wireText,
): Told[] {
  const foreign = foreignObject(value);
  if (foreign) {
    const place = locate(schema, value, foreign, start);
    const says = place.inJson ? 'must be plain JSON' : 'must be an object';
    return [
      {
        where: place.text,
        says,
        path: foreign,
        issue: { code: 'custom', path: foreign, message: says, input: undefined } as Issue,
        place,
      },
    ];
  }
  // Most values fit: zod's own fast path first, and its issues told only for one that does not.
  if (z.safeParse(schema, value).success) return [];
  const result = z.safeParse(schema, value, defaults);
  if (result.success) return [];
  return result.error.issues.map((raw) => {
    const issue = deepest(raw);
    const place = locate(schema, value, issue.path, start);
    const says = issue.message === DEFAULT ? words(issue, place) : issue.message;
    return { where: place.text, says, path: issue.path, issue, place };
  });
}

/** Null when the value fits the declaration; otherwise one line saying where and why it does not. */
export function check(schema: Schema, value: unknown, start = 'message'): string | null {
  const all = tellAll(schema, value, start);
  const chosen = firstIssue(all.map((a) => a.issue));
  const first = all.find((t) => t.issue === chosen) ?? all[0];
  return first ? `${first.where} ${first.says}` : null;
}
