import { describe, expect, it } from 'vitest';
import {
  answerMessage,
  checkToCabinet,
  parseFrame,
  checkToScreen,
  WISH_TYPES,
  RECALL_MAX_FRAMES,
  type ScreenConnection,
  type QueryResult,
} from '.';
import { z } from 'zod';
import { check, int, json, str } from './schema';

describe('schema checks', () => {
  const s = z.strictObject({ a: int(0, 9), b: z.array(z.enum(['x', 'y'])).max(2), c: str(3).nullable().optional() });
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
    const u = z.discriminatedUnion('t', [
      z.strictObject({ t: z.literal('p'), n: int() }),
      z.strictObject({ t: z.literal('q') }),
    ]);
    expect(check(u, { t: 'p', n: 1 })).toBeNull();
    expect(check(u, { t: 'q' })).toBeNull();
    expect(check(u, { t: 'r' })).toBe('message.t must be one of p, q');
    expect(check(u, { t: 'q', n: 1 })).toBe('message(q) has an unknown field "n"');
  });
  it('refuses objects with a foreign prototype', () => {
    expect(check(z.strictObject({}), Object.create({ evil: 1 }))).toBe('message must be an object');
  });
});

describe('the IPC contract', () => {
  it('accepts a well-formed wish and refuses malformed ones with a reason', () => {
    expect(checkToCabinet({ kind: 'wish', id: 1, version: 4, wish: { type: 'hold', positions: [0, 3] } }).ok).toBe(
      true,
    );
    expect(
      checkToCabinet({ kind: 'wish', id: 1, version: 4, wish: { type: 'exchange', positions: [5], box: 1 } }).ok,
    ).toBe(true);
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
      expect(checkToCabinet(c)).toMatchObject({ ok: false, error: expect.stringMatching(/.{6}/) });
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
    for (const t of [
      'changeSettings',
      'deviceTest',
      'testLamps',
      'testAcceptor',
      'testVoucher',
      'soundMute',
      'reprintReceipt',
    ] as const)
      expect(WISH_TYPES).toContain(t);
    expect(WISH_TYPES).toHaveLength(32);
  });
  it('refuses a snapshot that does not fit', () => {
    expect(checkToScreen({ kind: 'snapshot', snapshot: { version: 1 } }).ok).toBe(false);
    expect(checkToScreen({ kind: 'refused', id: 3, rule: 'C-22', reason: 'no' }).ok).toBe(true);
  });
});

describe('plain JSON values (replay files, event data)', () => {
  it('accepts nested plain JSON and refuses what JSON cannot carry', () => {
    expect(check(json(), { game: 'jacks-or-better', deck: ['As'], actions: [{ type: 'draw' }], n: null })).toBeNull();
    expect(check(json(), { a: Number.NaN })).toBe('message.a must be a finite number');
    expect(check(json(), { a: () => 1 })).toBe('message.a must be plain JSON');
    expect(check(json(), new Date())).toBe('message must be plain JSON');
    expect(check(json(2), { a: { b: { c: 1 } } })).toBe('message.a.b is nested too deeply');
  });
});

describe('queries and answers', () => {
  it('accepts the queries the service screens make and refuses malformed ones', () => {
    expect(checkToCabinet({ kind: 'query', id: 3, query: { type: 'events', limit: 50 } }).ok).toBe(true);
    expect(checkToCabinet({ kind: 'query', id: 3, query: { type: 'events', limit: 50, beforeSeq: 120 } }).ok).toBe(
      true,
    );
    expect(checkToCabinet({ kind: 'query', id: 3, query: { type: 'recallGame', gameId: 7 } }).ok).toBe(true);
    for (const q of [
      { type: 'events', limit: 500 },
      { type: 'recallGame' },
      { type: 'dumpDatabase' },
      { type: 'meters', pin: '0000' },
    ]) {
      expect(checkToCabinet({ kind: 'query', id: 3, query: q }).ok).toBe(false);
    }
  });
  it("carries a recalled game's frames and refuses one that breaks their shape", () => {
    const frame = {
      action: { kind: 'deal' },
      table: {
        game: 'jacks-or-better',
        shape: 'video-poker',
        bet: 1,
        cards: ['As', 'Kd', '7c', '7h', '2s'],
        held: [],
        winning: [],
        hand: 'pair',
        win: null,
      },
    };
    const answer = {
      type: 'recallGame',
      game: {
        gameId: 1,
        game: 'jacks-or-better',
        chipValue: 5,
        startedAt: 1,
        endedAt: 2,
        staked: 5,
        paid: 0,
        handpaid: false,
      },
      run: { ok: true, frames: [frame], agrees: true },
    };
    expect(checkToScreen({ kind: 'answer', id: 4, answer }).ok).toBe(true);
    expect(
      checkToScreen({ kind: 'answer', id: 4, answer: { ...answer, game: { ...answer.game, game: 'blackjack' } } }).ok,
    ).toBe(false);
    const badCard = { ...frame, table: { ...frame.table, cards: ['As', 'Kd', '7c', '7h', '1s'] } };
    expect(
      checkToScreen({
        kind: 'answer',
        id: 4,
        answer: { ...answer, run: { ok: true, frames: [badCard], agrees: true } },
      }).ok,
    ).toBe(false);
    const tooMany = Array.from({ length: RECALL_MAX_FRAMES + 1 }, () => frame);
    expect(
      checkToScreen({ kind: 'answer', id: 4, answer: { ...answer, run: { ok: true, frames: tooMany, agrees: true } } })
        .ok,
    ).toBe(false);
  });
});

describe('answerMessage (both carriers)', () => {
  const snapshot = {} as ReturnType<ScreenConnection['snapshot']>;
  const port = (query: () => Promise<QueryResult>): ScreenConnection => ({
    snapshot: () => snapshot,
    wish: async (version) =>
      version === 1 ? { ok: true } : { ok: false, rule: 'C-22-stale-and-more', reason: 'x'.repeat(400) },
    query,
    refuseMalformed: () => undefined,
    close: () => undefined,
  });
  const meters = async (): Promise<QueryResult> => ({ ok: true, answer: { type: 'payTables', tables: [] } });
  it('answers hello with the snapshot, a wish with accepted or refused under its id', async () => {
    expect(await answerMessage(port(meters), { kind: 'hello', client: 't' })).toEqual({ kind: 'snapshot', snapshot });
    expect(await answerMessage(port(meters), { kind: 'wish', id: 9, version: 1, wish: { type: 'draw' } })).toEqual({
      kind: 'accepted',
      id: 9,
    });
    const refused = await answerMessage(port(meters), { kind: 'wish', id: 9, version: 2, wish: { type: 'draw' } });
    expect(refused.kind).toBe('refused');
    // Clipped to the contract's limits, so the reply itself passes the screen's check.
    expect(checkToScreen(refused).ok).toBe(true);
  });
  it('answers a query, passes its refusal on, and turns a failure into a refusal', async () => {
    expect(await answerMessage(port(meters), { kind: 'query', id: 5, query: { type: 'payTables' } })).toEqual({
      kind: 'answer',
      id: 5,
      answer: { type: 'payTables', tables: [] },
    });
    const refusal = async (): Promise<QueryResult> => ({
      ok: false,
      rule: 'C-21',
      reason: 'the technician PIN is needed',
    });
    expect(await answerMessage(port(refusal), { kind: 'query', id: 6, query: { type: 'meters' } })).toEqual({
      kind: 'refused',
      id: 6,
      rule: 'C-21',
      reason: 'the technician PIN is needed',
    });
    const broken = async (): Promise<QueryResult> => {
      throw new Error('disk I/O error');
    };
    const failed = await answerMessage(port(broken), { kind: 'query', id: 7, query: { type: 'meters' } });
    expect(failed).toMatchObject({ kind: 'refused', id: 7, rule: 'C-12' });
    expect(failed.kind === 'refused' && failed.reason).toContain('disk I/O error');
  });
});
