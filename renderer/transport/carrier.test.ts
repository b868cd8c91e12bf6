import { describe, expect, it } from 'vitest';
import type { ToCabinet, ToScreen } from '../../src/contract';
import * as fx from '../../test/renderer/fixtures';
import { SocketCarrier, pickCarrier, type SocketLike, type CabinetBridge } from './carrier';
import { ScreenStore } from './store';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data });
  }
}

function rig() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const logs: string[] = [];
  const carrier = new SocketCarrier({
    url: 'ws://127.0.0.1:9/ws',
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    log: (l) => logs.push(l),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    minDelayMs: 100,
    maxDelayMs: 400,
  });
  return { carrier, sockets, timers, logs };
}

describe('the WebSocket carrier', () => {
  it('says hello on open, passes good messages and drops bad ones with a log line', () => {
    const { carrier, sockets, logs } = rig();
    const got: ToScreen[] = [];
    carrier.onMessage((m) => got.push(m));
    carrier.start();
    sockets[0]!.open();
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ kind: 'hello', client: 'renderer' });
    sockets[0]!.receive(JSON.stringify({ kind: 'snapshot', snapshot: fx.jacksDealt() }));
    sockets[0]!.receive('{not json');
    sockets[0]!.receive(JSON.stringify({ kind: 'snapshot', snapshot: { ...fx.jacksDealt(), credits: -1 } }));
    sockets[0]!.receive(JSON.stringify({ kind: 'launch', what: 'missiles' }));
    expect(got.map((m) => m.kind)).toEqual(['snapshot']);
    expect(logs).toHaveLength(3);
    expect(logs[1]).toContain('credits');
  });
  it('reconnects with a doubling delay, reset by a good connection', () => {
    const { carrier, sockets, timers } = rig();
    const statuses: string[] = [];
    carrier.onStatus((s) => statuses.push(s));
    carrier.start();
    sockets[0]!.close();
    timers.shift()!.fn();
    sockets[1]!.close();
    timers.shift()!.fn();
    sockets[2]!.close();
    timers.shift()!.fn();
    sockets[3]!.close();
    expect(timers.map((t) => t.ms)).toEqual([400]);
    timers.shift()!.fn();
    sockets[4]!.open();
    sockets[4]!.close();
    expect(timers.map((t) => t.ms)).toEqual([100]);
    expect(statuses.slice(0, 3)).toEqual(['connecting', 'closed', 'connecting']);
    expect(statuses).toContain('open');
  });
  it('drops what is sent while the line is down', () => {
    const { carrier, sockets, logs } = rig();
    carrier.start();
    carrier.send({ kind: 'wish', id: 1, version: 1, wish: { type: 'draw' } });
    expect(sockets[0]!.sent).toEqual([]);
    expect(logs[0]).toContain('draw');
  });
});

describe('picking the carrier', () => {
  it('prefers the Electron bridge and checks what it delivers', () => {
    let deliver: (m: unknown) => void = () => {};
    const sent: ToCabinet[] = [];
    const bridge: CabinetBridge = { send: (m) => sent.push(m), onMessage: (l) => (deliver = l) };
    const logs: string[] = [];
    const carrier = pickCarrier({ cabinetBridge: bridge, location: { host: 'x', protocol: 'file:' } }, (l) =>
      logs.push(l),
    );
    const store = new ScreenStore(carrier, () => 5);
    deliver({ kind: 'snapshot', snapshot: fx.jacksDealt() });
    deliver({ kind: 'snapshot', snapshot: 'evil' });
    expect(store.snapshot?.version).toBe(11);
    expect(logs).toHaveLength(1);
    store.wish({ type: 'toggleHold', position: 1 });
    expect(sent).toEqual([{ kind: 'wish', id: 1, version: 11, wish: { type: 'toggleHold', position: 1 } }]);
  });
  it('otherwise opens ws://host/ws', () => {
    const urls: string[] = [];
    class Socket extends FakeSocket {
      constructor(url: string) {
        super(url);
        urls.push(url);
      }
    }
    pickCarrier({ location: { host: '127.0.0.1:8123', protocol: 'http:' }, WebSocket: Socket }, () => {});
    expect(urls).toEqual(['ws://127.0.0.1:8123/ws']);
  });
});

describe('the store', () => {
  it('keeps the latest snapshot, makes no wish without one, and keeps refusals as notices', () => {
    let deliver: (m: unknown) => void = () => {};
    const sent: ToCabinet[] = [];
    const store = new ScreenStore(
      pickCarrier(
        {
          cabinetBridge: { send: (m) => sent.push(m), onMessage: (l) => (deliver = l) },
          location: { host: '', protocol: '' },
        },
        () => {},
      ),
      () => 42,
    );
    expect(store.wish({ type: 'draw' })).toBeNull();
    deliver({ kind: 'snapshot', snapshot: fx.baseSnapshot() });
    deliver({ kind: 'snapshot', snapshot: fx.jacksDealt() });
    expect(store.wish({ type: 'draw' })).toBe(1);
    expect(sent[0]).toMatchObject({ version: 11 });
    deliver({ kind: 'refused', id: 1, rule: 'C-2', reason: 'not enough' });
    expect(store.notice).toEqual({ text: 'not enough', rule: 'C-2', at: 42, seq: 1 });
  });
});
