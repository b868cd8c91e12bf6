import { describe, expect, it } from 'vitest';
import type { ToCabinet, ToScreen } from '../../src/contract';
import * as fx from '../../test/renderer/fixtures';
import type { Carrier, ConnectionStatus } from './carrier';
import { QueryRefused, ScreenStore } from './store';

function rig() {
  const sent: ToCabinet[] = [];
  let deliver: (m: ToScreen) => void = () => {};
  let status: (s: ConnectionStatus) => void = () => {};
  const timers: (() => void)[] = [];
  const carrier: Carrier = {
    send: (m) => sent.push(m),
    onMessage: (l) => (deliver = l),
    onStatus: (l) => (status = l),
  };
  const store = new ScreenStore(carrier, { clock: () => 7, setTimer: (fn) => timers.push(fn), clearTimer: () => {} });
  status('open');
  return { store, sent, deliver: (m: ToScreen) => deliver(m), status: (s: ConnectionStatus) => status(s), timers };
}

const wishes = (sent: ToCabinet[]) => sent.filter((m) => m.kind === 'wish');

describe('the store: wishes one at a time', () => {
  it('sends the next wish against the snapshot that follows the previous one being accepted', () => {
    const r = rig();
    r.deliver({ kind: 'snapshot', snapshot: fx.jacksDealt() });
    r.store.wish({ type: 'toggleHold', position: 2 });
    r.store.wish({ type: 'toggleHold', position: 3 });
    expect(wishes(r.sent)).toHaveLength(1);
    expect(r.store.queued).toBe(1);
    r.deliver({ kind: 'accepted', id: 1 });
    expect(wishes(r.sent)).toHaveLength(1);
    r.deliver({ kind: 'snapshot', snapshot: { ...fx.jacksDealt(), version: 12 } });
    expect(wishes(r.sent)).toEqual([
      { kind: 'wish', id: 1, version: 11, wish: { type: 'toggleHold', position: 2 } },
      { kind: 'wish', id: 2, version: 12, wish: { type: 'toggleHold', position: 3 } },
    ]);
  });
  it('goes on at once after a refusal, and when the snapshot overtook the acceptance', () => {
    const r = rig();
    r.deliver({ kind: 'snapshot', snapshot: fx.jacksDealt() });
    r.store.wish({ type: 'draw' });
    r.store.wish({ type: 'cashOut' });
    r.store.wish({ type: 'language', language: 'ru' });
    r.deliver({ kind: 'refused', id: 1, rule: 'J-4', reason: 'no' });
    expect(wishes(r.sent).map((m) => m.kind === 'wish' && m.version)).toEqual([11, 11]);
    expect(r.store.notice).toEqual({ text: 'no', rule: 'J-4', at: 7, seq: 1 });
    r.deliver({ kind: 'snapshot', snapshot: { ...fx.jacksDealt(), version: 13 } });
    r.deliver({ kind: 'accepted', id: 2 });
    expect(wishes(r.sent).map((m) => m.kind === 'wish' && m.version)).toEqual([11, 11, 13]);
    expect([...r.store.outcomes]).toEqual([
      [1, 'refused'],
      [2, 'accepted'],
    ]);
  });
  it('lets a wish whose answer never comes go after the wait, and drops the queue when the line drops', () => {
    const r = rig();
    r.deliver({ kind: 'snapshot', snapshot: fx.jacksDealt() });
    r.store.wish({ type: 'draw' });
    r.store.wish({ type: 'cashOut' });
    r.timers[0]!();
    expect(wishes(r.sent)).toHaveLength(2);
    r.store.wish({ type: 'language', language: 'ru' });
    r.status('closed');
    expect(r.store.queued).toBe(0);
    // What became of each: none of the three was answered, so none counts as acted on.
    expect(Object.fromEntries(r.store.outcomes)).toEqual({ 1: 'unanswered', 2: 'dropped', 3: 'dropped' });
  });
});

describe('the store: queries', () => {
  it('matches answers by id and rejects refusals with the rule and reason', async () => {
    const r = rig();
    r.deliver({ kind: 'snapshot', snapshot: fx.baseSnapshot() });
    const meters = r.store.query({ type: 'recallList' });
    const handpays = r.store.query({ type: 'handpays', limit: 5 });
    const [q1, q2] = r.sent.filter((m) => m.kind === 'query').map((m) => (m.kind === 'query' ? m.id : -1));
    expect(q1).not.toBe(q2);
    r.deliver({ kind: 'answer', id: q2!, answer: { type: 'handpays', rows: [] } });
    r.deliver({ kind: 'refused', id: q1!, rule: 'C-21', reason: 'technician key off' });
    await expect(handpays).resolves.toEqual({ type: 'handpays', rows: [] });
    await expect(meters).rejects.toMatchObject({ rule: 'C-21', reason: 'technician key off' });
    // A query refusal is the page's to show, not the player's notice.
    expect(r.store.notice).toBeNull();
  });
  it('rejects an answer of the wrong type, and fails cleanly when not connected', async () => {
    const r = rig();
    r.deliver({ kind: 'snapshot', snapshot: fx.baseSnapshot() });
    const q = r.store.query({ type: 'meters' });
    const id = r.sent.find((m) => m.kind === 'query')!;
    r.deliver({ kind: 'answer', id: id.kind === 'query' ? id.id : -1, answer: { type: 'handpays', rows: [] } });
    await expect(q).rejects.toBeInstanceOf(QueryRefused);
    const pending = r.store.query({ type: 'meters' });
    r.status('closed');
    await expect(pending).rejects.toMatchObject({ rule: 'offline' });
    await expect(r.store.query({ type: 'meters' })).rejects.toMatchObject({ rule: 'offline' });
    expect(r.sent.filter((m) => m.kind === 'query')).toHaveLength(2);
  });
});
