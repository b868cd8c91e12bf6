// The browser host against a real (pure) cabinet committing to a real store: the contract over a
// real WebSocket, checks on arrival, stale and malformed wishes refused and logged, queries
// answered behind their key, files served only from their folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenPort } from '../../src/app/screen/screen-port';
import { metersReport } from '../../src/app/service/meters-report';
import { StoreBench } from '../../src/app/testing/store-bench';
import { dataPath } from '../../src/store/testing/store-rig';
import { startHost, type RunningHost } from '../../src/host/host-server';
import { client, RigCabinet } from './support';

let host: RunningHost;
let cabinet: RigCabinet;
let dbDir: string;

beforeEach(async () => {
  const root = mkdtempSync(join(tmpdir(), 'renderer-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>screen</title>');
  writeFileSync(join(tmpdir(), 'secret.txt'), 'not for the screen');
  dbDir = mkdtempSync(join(tmpdir(), 'host-db-'));
  const bench = new StoreBench(dataPath(dbDir, 'cabinet.db'));
  bench.insert(1000);
  cabinet = new RigCabinet(bench);
  // Each refusal a second after the last on the refusal logs' clock, so each is a row of its own;
  // the flood test below runs on the real clock.
  let tick = 0;
  host = await startHost({
    cabinet: screenPort(cabinet, { now: () => bench.rig.now, clock: () => (tick += 1000) }),
    rendererRoot: root,
  });
});

afterEach(async () => {
  await host.close();
  cabinet.bench.store.close();
  rmSync(dbDir, { recursive: true, force: true });
});

describe('the host carrier', () => {
  it('sends a snapshot on connect and after each accepted wish', async () => {
    const c = client(host.url);
    await c.open;
    const first = await c.next((m) => m.kind === 'snapshot');
    if (first.kind !== 'snapshot') throw new Error();
    expect(first.snapshot.credits).toBe(1000);
    c.ws.send(
      JSON.stringify({ kind: 'wish', id: 7, version: first.snapshot.version, wish: { type: 'chipValue', value: 25 } }),
    );
    expect(await c.next((m) => m.kind === 'accepted')).toEqual({ kind: 'accepted', id: 7 });
    const second = await c.next((m) => m.kind === 'snapshot');
    if (second.kind !== 'snapshot') throw new Error();
    expect(second.snapshot).toMatchObject({ chipValue: 25, credits: 40, version: first.snapshot.version + 1 });
    c.ws.close();
  });

  it('refuses a stale wish: made against an older snapshot', async () => {
    const c = client(host.url);
    await c.open;
    const s = await c.next((m) => m.kind === 'snapshot');
    if (s.kind !== 'snapshot') throw new Error();
    c.ws.send(JSON.stringify({ kind: 'wish', id: 1, version: s.snapshot.version - 1, wish: { type: 'cashOut' } }));
    const r = await c.next((m) => m.kind === 'refused');
    expect(r).toMatchObject({ kind: 'refused', id: 1, rule: 'C-22' });
    expect(cabinet.bench.state.balance).toBe(1000);
    c.ws.close();
  });

  it('refuses and logs anything outside the contract, and loses nothing', async () => {
    const c = client(host.url);
    await c.open;
    await c.next((m) => m.kind === 'snapshot');
    for (const frame of [
      'not json',
      '{"kind":"wish","id":1,"version":0,"wish":{"type":"addCredits","amount":5}}',
      '{"kind":"eval"}',
    ]) {
      c.ws.send(frame);
      const r = await c.next((m) => m.kind === 'refused');
      expect(r).toMatchObject({ id: -1, rule: 'C-22' });
    }
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await c.next((m) => m.kind === 'refused');
    expect(cabinet.logged).toHaveLength(4);
    expect(
      cabinet.logged.every((e) => e.type === 'log' && (e.entry.data as { carrier?: string }).carrier === 'websocket'),
    ).toBe(true);
    expect(cabinet.logged.every((e) => e.type === 'log' && e.entry.kind === 'refusal')).toBe(true);
    expect(cabinet.bench.state.balance).toBe(1000);
    c.ws.close();
  });

  it('refuses a socket from a page of another origin', async () => {
    const c = client(host.url, { origin: 'http://evil.example' });
    await expect(c.open).rejects.toThrow(/403/);
  });
});

describe('queries over the host carrier', () => {
  async function connected() {
    const c = client(host.url);
    await c.open;
    await c.next((m) => m.kind === 'snapshot');
    return c;
  }
  const refusals = () => cabinet.bench.store.reader.eventsOfKind(['refusal'], 10).map((e) => e.data);

  it("refuses the attendant's query without the key, logs the refusal, and answers it with the key", async () => {
    const c = await connected();
    c.ws.send(JSON.stringify({ kind: 'query', id: 21, query: { type: 'handpays', limit: 10 } }));
    expect(await c.next((m) => m.kind === 'refused')).toEqual({
      kind: 'refused',
      id: 21,
      rule: 'C-21',
      reason: 'handpays: the attendant key is needed',
    });
    expect(refusals()).toEqual([
      {
        rule: 'C-21',
        reason: 'handpays: the attendant key is needed',
        query: { type: 'handpays', limit: 10 },
        carrier: 'websocket',
      },
    ]);
    const bench = cabinet.bench;
    bench.key('attendant', true);
    bench.play({ type: 'creditClear', confirm: true });
    c.ws.send(JSON.stringify({ kind: 'query', id: 22, query: { type: 'handpays', limit: 10 } }));
    const answer = await c.next((m) => m.kind === 'answer');
    expect(answer).toMatchObject({ kind: 'answer', id: 22, answer: { type: 'handpays' } });
    if (answer.kind !== 'answer' || answer.answer.type !== 'handpays') throw new Error('not a handpays answer');
    expect(answer.answer.rows).toEqual([
      {
        seq: expect.any(Number),
        at: bench.rig.now,
        event: 'creditClear',
        kind: 'cancelledCredits',
        amount: 1000,
        gameId: null,
        reason: answer.answer.rows[0]?.reason,
      },
    ]);
    expect(refusals()).toHaveLength(1);
    c.ws.close();
  });

  it("answers the technician's meters only with the key and the PIN", async () => {
    const c = await connected();
    const bench = cabinet.bench;
    bench.key('technician', true);
    c.ws.send(JSON.stringify({ kind: 'query', id: 31, query: { type: 'meters' } }));
    expect(await c.next((m) => m.kind === 'refused')).toMatchObject({
      id: 31,
      rule: 'C-21',
      reason: 'meters: the technician PIN is needed',
    });
    bench.login();
    c.ws.send(JSON.stringify({ kind: 'query', id: 32, query: { type: 'meters' } }));
    expect(await c.next((m) => m.kind === 'answer')).toEqual({
      kind: 'answer',
      id: 32,
      answer: { type: 'meters', report: metersReport(bench.state, true) },
    });
    c.ws.close();
  });

  it('refuses a malformed query as C-22 and logs it, asking the cabinet nothing', async () => {
    const c = await connected();
    c.ws.send(JSON.stringify({ kind: 'query', id: 41, query: { type: 'events', limit: 1000 } }));
    expect(await c.next((m) => m.kind === 'refused')).toMatchObject({
      id: -1,
      rule: 'C-22',
      reason: expect.stringMatching(/limit/),
    });
    c.ws.send(JSON.stringify({ kind: 'query', id: 42, query: { type: 'shell', cmd: 'ls' } }));
    expect(await c.next((m) => m.kind === 'refused')).toMatchObject({ id: -1, rule: 'C-22' });
    expect(refusals()).toHaveLength(2);
    expect(refusals().every((d) => d.rule === 'C-22')).toBe(true);
    c.ws.close();
  });
});

describe('the host files', () => {
  it('serves the renderer with a CSP and nothing outside its folder', async () => {
    const ok = await fetch(host.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'self'");
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/nothing.js']) {
      expect((await fetch(host.url.replace(/\/$/, '') + path)).status).toBe(404);
    }
    expect((await fetch(host.url + 'dev/')).status).toBe(404);
    expect((await fetch(host.url + 'dev/?t=anything')).status).toBe(404);
    expect((await fetch(host.url, { method: 'POST' })).status).toBe(405);
  });
});
