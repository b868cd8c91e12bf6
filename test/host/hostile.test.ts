// The host under attack from the same machine (issue 17): raw frames the WebSocket layer cannot
// take, a rebinding DNS name, no Origin, the development page without its token, and a flood of
// junk. Each must cost the attacker their own connection and the cabinet one log row (or one a
// second), and nothing else: the host stays up and the next wish is taken.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screenPort } from '../../src/app/screen/screen-port';
import { StoreBench } from '../../src/app/testing/store-bench';
import { dataPath } from '../../src/store/testing/store-rig';
import { TO_CABINET_MAX_BYTES } from '../../src/contract';
import { startHost, type RunningHost } from '../../src/host/host-server';
import { client, RigCabinet } from './support';

let host: RunningHost;
let cabinet: RigCabinet;
let dir: string;
let commands: unknown[];

async function hostWith(clock?: () => number): Promise<RunningHost> {
  const bench = new StoreBench(dataPath(dir, `cabinet-${randomBytes(4).toString('hex')}.db`));
  bench.insert(1000);
  cabinet = new RigCabinet(bench);
  const devRoot = join(dir, 'dev');
  commands = [];
  return startHost({
    cabinet: screenPort(cabinet, { now: () => bench.rig.now, clock }),
    rendererRoot: dir,
    dev: { root: devRoot, handle: async (c) => (commands.push(c), { done: true }) },
  });
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'host-hostile-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>screen</title>');
  const devRoot = join(dir, 'dev');
  mkdirSync(devRoot);
  writeFileSync(join(devRoot, 'index.html'), '<!doctype html><title>simulators</title>');
  // Every refusal on its own second: each connection's one row shows.
  let tick = 0;
  host = await hostWith(() => (tick += 1000));
});

afterEach(async () => {
  await host.close();
  cabinet.bench.store.close();
  rmSync(dir, { recursive: true, force: true });
});

const portOf = (h: RunningHost): number => Number(new URL(h.url).port);
const refusalRows = () =>
  cabinet.logged.flatMap((e) => (e.type === 'log' && e.entry.kind === 'refusal' ? [e.entry.data] : []));

/** A WebSocket client written by hand, so it can send what no library would. */
async function rawSocket(
  h: RunningHost,
  path: string,
  extraHeaders = '',
): Promise<{ socket: Socket; closeCode: Promise<number | null> }> {
  const port = portOf(h);
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:${port}\r\n${extraHeaders}\r\n`,
  );
  let buf = Buffer.alloc(0);
  let upgraded = false;
  const closeCode = new Promise<number | null>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (!upgraded) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head.split('\r\n')[0]));
        upgraded = true;
        buf = buf.subarray(end + 4);
      }
      // Server frames are unmasked: read them one by one until the close frame.
      while (buf.length >= 2) {
        let len = buf.readUInt8(1) & 0x7f;
        let at = 2;
        if (len === 126) [len, at] = [buf.readUInt16BE(2), 4];
        else if (len === 127) [len, at] = [Number(buf.readBigUInt64BE(2)), 10];
        if (buf.length < at + len) return;
        const opcode = buf.readUInt8(0) & 0x0f;
        if (opcode === 8) return resolve(len >= 2 ? buf.readUInt16BE(at) : null);
        buf = buf.subarray(at + len);
      }
    });
    socket.on('close', () => resolve(null));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    const wait = setInterval(() => {
      if (upgraded) {
        clearInterval(wait);
        resolve();
      }
    }, 5);
    closeCode.catch((e: unknown) => {
      clearInterval(wait);
      reject(e);
    });
  });
  return { socket, closeCode };
}

/** A client frame: `mask` false leaves it unmasked (forbidden), `length` may announce more than is sent. */
function frame(opcode: number, payload: Buffer, { mask = true, length = payload.length } = {}): Buffer {
  const head = [0x80 | opcode];
  const m = mask ? 0x80 : 0;
  if (length < 126) head.push(m | length);
  else if (length < 65536) head.push(m | 126, length >> 8, length & 0xff);
  else {
    head.push(m | 127);
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(BigInt(length));
    head.push(...big);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), payload]);
  const key = randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ key.readUInt8(i % 4)));
  return Buffer.concat([Buffer.from(head), key, masked]);
}

const BAD_FRAMES: [string, () => Buffer, number][] = [
  ['a 1 MB text frame', () => frame(1, Buffer.alloc(1 << 20, 0x61)), 1009],
  ['100 MB announced', () => frame(1, Buffer.alloc(0), { length: 100 << 20 }), 1009],
  ['text that is not UTF-8', () => frame(1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 1007],
  ['an unmasked frame', () => frame(1, Buffer.from('{}'), { mask: false }), 1002],
  ['opcode 3', () => frame(3, Buffer.from('{}')), 1002],
];

async function devCookie(h: RunningHost): Promise<string> {
  const res = await fetch(h.devUrl!);
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('the device page set no cookie');
  return cookie;
}

describe('bad frames close only their own connection (issue 17, finding 1)', () => {
  for (const path of ['/ws', '/dev/ws']) {
    it(`on ${path}: each closed with its code, one refusal each, and a wish is taken after`, async () => {
      const headers = path === '/dev/ws' ? `Cookie: ${await devCookie(host)}\r\n` : '';
      for (const [what, bytes, code] of BAD_FRAMES) {
        const before = refusalRows().length;
        const { socket, closeCode } = await rawSocket(host, path, headers);
        socket.write(bytes());
        expect(await closeCode, what).toBe(code);
        socket.destroy();
        await expect.poll(() => refusalRows().length, { timeout: 2000 }).toBe(before + 1);
        expect(refusalRows().at(-1)).toMatchObject({
          rule: 'C-22',
          reason: expect.stringContaining(`closed with ${code}`),
        });
      }
      // The host is up and the cabinet takes the next wish.
      const c = client(host.url);
      await c.open;
      const s = await c.next((m) => m.kind === 'snapshot');
      if (s.kind !== 'snapshot') throw new Error('no snapshot');
      c.ws.send(
        JSON.stringify({ kind: 'wish', id: 1, version: s.snapshot.version, wish: { type: 'chipValue', value: 25 } }),
      );
      expect(await c.next((m) => m.kind === 'accepted')).toEqual({ kind: 'accepted', id: 1 });
      c.ws.close();
    });
  }

  it('sizes the frame limit to the largest message of the contract', async () => {
    expect(TO_CABINET_MAX_BYTES).toBeGreaterThan(1000);
    expect(TO_CABINET_MAX_BYTES).toBeLessThan(16 * 1024);
    // The longest real wish fits; a frame one byte over the limit is refused with 1009.
    const c = client(host.url);
    await c.open;
    const s = await c.next((m) => m.kind === 'snapshot');
    if (s.kind !== 'snapshot') throw new Error('no snapshot');
    const wish = {
      type: 'changeSettings',
      confirm: true,
      venue: '"'.repeat(40),
      machine: 'M'.repeat(12),
      chipValues: Array(8).fill(100_000_000),
      payTables: { 'jacks-or-better': '\u0001'.repeat(64), 'poker-plus': '\u0001'.repeat(64) },
    };
    const text = JSON.stringify({ kind: 'wish', id: 2 ** 52, version: 2 ** 52, wish });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(TO_CABINET_MAX_BYTES);
    c.ws.send(text);
    expect(await c.next((m) => m.kind === 'refused')).toMatchObject({ id: 2 ** 52 });
    const { socket, closeCode } = await rawSocket(host, '/ws');
    socket.write(frame(1, Buffer.alloc(TO_CABINET_MAX_BYTES + 1, 0x20)));
    expect(await closeCode).toBe(1009);
    socket.destroy();
    c.ws.close();
  });
});

describe('Host and Origin both checked before the upgrade (finding 2)', () => {
  it('refuses a rebinding Host, another Origin and no Origin; counts and logs each', async () => {
    const port = portOf(host);
    const attempts: Record<string, string>[] = [
      { host: `evil.example:${port}`, origin: `http://evil.example:${port}` },
      { origin: `http://evil.example:${port}` },
      { origin: `http://127.0.0.1:${port + 1}` },
      {},
    ];
    for (const headers of attempts) {
      const c = client(host.url, headers);
      await expect(c.open, JSON.stringify(headers)).rejects.toThrow(/403/);
    }
    expect(host.refused().upgrades).toBe(attempts.length);
    const reasons = refusalRows().map((r) => String(r.reason));
    expect(reasons).toEqual([
      `request for another host (evil.example:${port})`,
      `socket from another origin (http://evil.example:${port})`,
      `socket from another origin (http://127.0.0.1:${port + 1})`,
      'socket without an Origin',
    ]);
    expect(refusalRows().every((r) => r.carrier === 'host')).toBe(true);
    // Plain requests for another host get nothing either; localhost is the cabinet's own.
    const res = await new Promise<number>((resolve) => {
      const s = connect(port, '127.0.0.1', () =>
        s.write(`GET / HTTP/1.1\r\nHost: evil.example:${port}\r\nConnection: close\r\n\r\n`),
      );
      s.on('data', (d) => resolve(Number(d.toString().split(' ')[1])));
    });
    expect(res).toBe(421);
    expect(host.refused().requests).toBe(1);
    const local = client(host.url.replace('127.0.0.1', 'localhost'), { origin: `http://localhost:${port}` });
    await local.open;
    local.ws.close();
  });
});

describe('the development page needs its token (finding 7)', () => {
  it('refuses /dev/ and /dev/ws without the token, serves them with it', async () => {
    const base = host.url;
    expect((await fetch(`${base}dev/`)).status).toBe(403);
    expect((await fetch(`${base}dev/?t=${'0'.repeat(32)}`)).status).toBe(403);
    expect((await fetch(`${base}dev/index.html`)).status).toBe(403);
    expect(host.devUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dev\/\?t=[0-9a-f]{32}$/);
    const cookie = await devCookie(host);
    expect((await fetch(`${base}dev/index.html`, { headers: { cookie } })).status).toBe(200);
    await expect(rawSocket(host, '/dev/ws')).rejects.toThrow(/403/);
    const { socket } = await rawSocket(host, '/dev/ws', `Cookie: ${cookie}\r\n`);
    socket.write(frame(1, Buffer.from(JSON.stringify({ device: 'deck', action: 'press', button: 'deal' }))));
    await expect.poll(() => commands.length).toBe(1);
    socket.destroy();
    expect(host.refused().dev).toBe(3);
    expect(host.refused().upgrades).toBe(1);
  });
});

describe('a refusal flood is bounded (finding 7)', () => {
  it('logs at most one row a second per connection, and the rows count every refusal', async () => {
    await host.close();
    cabinet.bench.store.close();
    host = await hostWith();
    const c = client(host.url);
    await c.open;
    await c.next((m) => m.kind === 'snapshot');
    let answered = 0;
    c.ws.on('message', (data) => void (JSON.parse(data.toString()).kind === 'refused' && answered++));
    const started = performance.now();
    const junk = 3000;
    for (let i = 0; i < junk; i++) {
      c.ws.send(
        i % 2
          ? 'not json'
          : JSON.stringify({ kind: 'wish', id: i, version: 0, wish: { type: 'creditClear', confirm: true } }),
      );
    }
    // Every junk message is answered (refused).
    await expect.poll(() => answered, { timeout: 60_000, interval: 50 }).toBe(junk);
    c.ws.close();
    // The held-back count is written when its second is over.
    // A row is one refusal, or (heldBack) the count of those held back in its second.
    await expect
      .poll(() => refusalRows().reduce((n, r) => n + (r.heldBack === undefined ? 1 : Number(r.heldBack)), 0), {
        timeout: 3000,
      })
      .toBe(junk);
    const seconds = (performance.now() - started) / 1000;
    expect(refusalRows().length).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    expect(refusalRows().filter((r) => r.heldBack).length).toBeGreaterThan(0);
  });
});
