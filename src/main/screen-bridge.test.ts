import { describe, expect, it, vi } from 'vitest';
import { checkToScreen, type ToScreen } from '../contract';
import { CONTRACT_CHANNEL } from './channel';
import { makeCabinetBridge, type RendererIpc } from './screen-bridge';
import { sampleSnapshot } from './testing/contract-sample';

function fakeIpc() {
  const listeners: ((event: unknown, ...args: unknown[]) => void)[] = [];
  const sent: [string, unknown][] = [];
  const ipc: RendererIpc & { secret: string } = {
    secret: 'ipcRenderer itself',
    send: (channel, message) => void sent.push([channel, message]),
    on: (channel, listener) => {
      expect(channel).toBe(CONTRACT_CHANNEL);
      listeners.push(listener);
    },
  };
  const event = { sender: ipc, ports: [] };
  const arrive = (...args: unknown[]) => listeners.forEach((l) => l(event, ...args));
  return { ipc, sent, arrive, listeners };
}

const snapshotMessage = (version: number): ToScreen => ({ kind: 'snapshot', snapshot: sampleSnapshot(version) });

describe('the preload bridge, derived from the contract', () => {
  it('the sample snapshot fits the contract', () => {
    expect(checkToScreen(snapshotMessage(3))).toEqual({ ok: true, message: snapshotMessage(3) });
  });

  it('exposes exactly send and onMessage, both functions', () => {
    const bridge = makeCabinetBridge(fakeIpc().ipc, () => undefined);
    expect(Object.keys(bridge).sort()).toEqual(['onMessage', 'send']);
    expect(typeof bridge.send).toBe('function');
    expect(typeof bridge.onMessage).toBe('function');
  });

  it('sends a contract message on the one channel', () => {
    const { ipc, sent } = fakeIpc();
    const bridge = makeCabinetBridge(ipc, () => undefined);
    const wish = { kind: 'wish', id: 7, version: 2, wish: { type: 'hold', positions: [0, 4] } };
    expect(bridge.send(wish)).toEqual({ ok: true });
    expect(bridge.send({ kind: 'hello', client: 'renderer' })).toEqual({ ok: true });
    expect(sent).toEqual([
      [CONTRACT_CHANNEL, wish],
      [CONTRACT_CHANNEL, { kind: 'hello', client: 'renderer' }],
    ]);
  });

  it('refuses to send anything outside the contract, with the reason', () => {
    const { ipc, sent } = fakeIpc();
    const warnings: string[] = [];
    const bridge = makeCabinetBridge(ipc, (line) => warnings.push(line));
    const bad: unknown[] = [
      { kind: 'wish', id: 1, version: 1, wish: { type: 'addCredits', amount: 100 } },
      { kind: 'wish', id: 1, version: 1, wish: { type: 'hold', positions: [9] } },
      { kind: 'shell', cmd: 'rm -rf /' },
      { kind: 'hello', client: 'x', extra: true },
      'hello',
      null,
      undefined,
    ];
    for (const message of bad) {
      expect(bridge.send(message)).toMatchObject({ ok: false, error: expect.stringMatching(/^message/) });
    }
    expect(sent).toEqual([]);
    expect(warnings).toHaveLength(bad.length);
  });

  it('delivers checked messages without the IPC event, and drops malformed ones', async () => {
    const { ipc, arrive } = fakeIpc();
    const warnings: string[] = [];
    const bridge = makeCabinetBridge(ipc, (line) => warnings.push(line));
    const got: unknown[][] = [];
    bridge.onMessage((...args: unknown[]) => got.push(args));
    arrive({ kind: 'accepted', id: 3 });
    arrive({ kind: 'snapshot', snapshot: { version: 1 } });
    arrive({ kind: 'accepted', id: -5 });
    arrive({ kind: 'eval', code: 'x' });
    arrive({ kind: 'accepted', id: 1 }, 'second argument');
    arrive();
    arrive(snapshotMessage(4));
    expect(got).toEqual([[{ kind: 'accepted', id: 3 }], [snapshotMessage(4)]]);
    expect(warnings).toHaveLength(5);
    expect(warnings.every((w) => w.startsWith('cabinet bridge: dropped'))).toBe(true);
    // Nothing the page receives leads back to ipcRenderer.
    expect(JSON.stringify(got)).not.toContain('ipcRenderer itself');
  });

  it('unsubscribes, and one failing listener does not stop the others', () => {
    const { ipc, arrive } = fakeIpc();
    const warnings: string[] = [];
    const bridge = makeCabinetBridge(ipc, (line) => warnings.push(line));
    const a = vi.fn(() => {
      throw new Error('boom');
    });
    const b = vi.fn();
    const stopA = bridge.onMessage(a);
    const stopB = bridge.onMessage(b);
    arrive({ kind: 'accepted', id: 1 });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual(['cabinet bridge: a listener failed: boom']);
    stopA();
    stopB();
    arrive({ kind: 'accepted', id: 2 });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('hands the latest snapshot to a listener that subscribes after it arrived', async () => {
    const { ipc, arrive } = fakeIpc();
    const bridge = makeCabinetBridge(ipc, () => undefined);
    arrive(snapshotMessage(1));
    arrive(snapshotMessage(2));
    arrive({ kind: 'accepted', id: 9 });
    const got: ToScreen[] = [];
    bridge.onMessage((m) => got.push(m));
    expect(got).toEqual([]); // not from inside onMessage
    await Promise.resolve();
    expect(got).toEqual([snapshotMessage(2)]);
  });

  it('refuses a listener that is not a function', () => {
    const bridge = makeCabinetBridge(fakeIpc().ipc, () => undefined);
    expect(() => bridge.onMessage('x' as never)).toThrow(TypeError);
  });
});

describe('the preload entry', () => {
  it('exposes only cabinetBridge to the page, never ipcRenderer', async () => {
    const exposed: [string, unknown][] = [];
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) },
      ipcRenderer: { send: vi.fn(), on: vi.fn(), invoke: vi.fn(), sendSync: vi.fn() },
    }));
    await import('./preload');
    expect(exposed.map(([key]) => key)).toEqual(['cabinetBridge']);
    // One entry, checked just above.
    const api = exposed[0]![1] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['onMessage', 'send']);
    vi.doUnmock('electron');
  });
});
