import { describe, expect, it } from 'vitest';
import { checkToCabinet, parseFrame, checkToScreen, WISH_TYPES } from '.';
import { check, object, int, array, nullable, oneOf, union, str } from './schema';

describe('schema checks', () => {
  const s = object({ a: int(0, 9), b: array(oneOf('x', 'y'), 2), c: nullable(str(3)) }, ['c']);
  it('accepts what fits and names where the rest does not', () => {
    expect(check(s, { a: 3, b: ['x'] })).toBeNull();
    expect(check(s, { a: 3, b: ['x'], c: null })).toBeNull();
    expect(check(s, { a: 10, b: [] })).toBe('message.a must be from 0 to 9');
    expect(check(s, { a: 1.5, b: [] })).toBe('message.a must be a whole number');
    expect(check(s, { a: 1, b: ['z'] })).toBe('message.b[0] must be one of x, y');
    expect(check(s, { a: 1, b: ['x', 'x', 'x'] })).toBe('message.b has more than 2 items');
    expect(check(s, { a: 1, b: [], d: 1 })).toBe('message has an unknown field "d"');
    expect(check(s, { b: [] })).toBe('message.a is missing');
    expect(check(s, { a: 1, b: [], c: 'long' })).toBe('message.c is longer than 3 characters');
    expect(check(s, [1])).toBe('message must be an object');
  });
  it('checks unions by their tag', () => {
    const u = union('t', { p: object({ n: int() }), q: object({}) });
    expect(check(u, { t: 'p', n: 1 })).toBeNull();
    expect(check(u, { t: 'q' })).toBeNull();
    expect(check(u, { t: 'r' })).toBe('message.t must be one of p, q');
    expect(check(u, { t: 'q', n: 1 })).toBe('message(q) has an unknown field "n"');
  });
  it('refuses objects with a foreign prototype', () => {
    expect(check(object({}), Object.create({ evil: 1 }))).toBe('message must be an object');
  });
});

describe('the IPC contract', () => {
  it('accepts a well-formed wish and refuses malformed ones with a reason', () => {
    expect(checkToCabinet({ kind: 'wish', id: 1, version: 4, wish: { type: 'hold', positions: [0, 3] } }).ok).toBe(true);
    expect(checkToCabinet({ kind: 'wish', id: 1, version: 4, wish: { type: 'exchange', positions: [5], box: 1 } }).ok).toBe(true);
    const cases: unknown[] = [
      { kind: 'wish', id: 1, version: 4, wish: { type: 'hold', positions: [7] } },
      { kind: 'wish', id: 1, version: 4, wish: { type: 'creditClear', confirm: false } },
      { kind: 'wish', id: 1, version: 4, wish: { type: 'addCredits', amount: 100 } },
      { kind: 'wish', id: 1, wish: { type: 'draw' } },
      { kind: 'wish', id: 1, version: 4, wish: { type: 'technicianPin', pin: '12ab' } },
      { kind: 'shell', cmd: 'rm -rf /' },
      'draw',
      null,
    ];
    for (const c of cases) {
      const r = checkToCabinet(c);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
    }
  });
  it('parses frames: not JSON, too large', () => {
    expect(parseFrame('{', checkToCabinet)).toEqual({ ok: false, error: 'message is not JSON' });
    expect(parseFrame('x'.repeat(300_000), checkToCabinet).ok).toBe(false);
    expect(parseFrame('{"kind":"hello","client":"test"}', checkToCabinet).ok).toBe(true);
  });
  it('covers every wish the cabinet knows', () => {
    expect(WISH_TYPES).toContain('cashOut');
    expect(WISH_TYPES).toContain('handpayConfirm');
    expect(WISH_TYPES).toHaveLength(25);
  });
  it('refuses a snapshot that does not fit', () => {
    expect(checkToScreen({ kind: 'snapshot', snapshot: { version: 1 } }).ok).toBe(false);
    expect(checkToScreen({ kind: 'refused', id: 3, rule: 'C-22', reason: 'no' }).ok).toBe(true);
  });
});
