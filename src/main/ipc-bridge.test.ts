import { EventEmitter } from 'node:events';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  checkToScreen,
  type CabinetPort,
  type Query,
  type QueryResult,
  type Snapshot,
  type ToScreen,
  type Wish,
  type WishAnswer,
} from '../contract';
import { CARRIER, CONTRACT_CHANNEL } from './channel';
import { bridgeIpc, senderProblem, type IpcEvent, type MainIpc } from './ipc-bridge';
import { sampleSnapshot } from './testing/contract-sample';

class FakeIpcMain extends EventEmitter implements MainIpc {}

function fakeScreen(url = 'app://cabinet/index.html') {
  const sent: ToScreen[] = [];
  const screen = {
    mainFrame: { url },
    destroyed: false,
    send: (channel: string, message: unknown) => {
      expect(channel).toBe(CONTRACT_CHANNEL);
      // Everything the bridge sends must pass the preload's check on arrival.
      expect(checkToScreen(message).ok).toBe(true);
      sent.push(message as ToScreen);
    },
    isDestroyed() {
      return this.destroyed;
    },
  };
  return { screen, sent };
}

function fakePort(answer: (version: number, wish: Wish) => Promise<WishAnswer> = async () => ({ ok: true })) {
  let listener: ((s: Snapshot) => void) | null = null;
  const refused: [string, string][] = [];
  const wishes: [number, Wish][] = [];
  const queries: Query[] = [];
  const port: CabinetPort = {
    snapshot: () => sampleSnapshot(5),
    onSnapshot: (l) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
    connect: (carrier) => ({
      snapshot: () => sampleSnapshot(5),
      wish: (version, wish) => {
        wishes.push([version, wish]);
        return answer(version, wish);
      },
      query: async (query): Promise<QueryResult> => {
        queries.push(query);
        if (query.type === 'handpays') return { ok: true, answer: { type: 'handpays', rows: [] } };
        return { ok: false, rule: 'C-21', reason: 'the technician PIN is needed' };
      },
      refuseMalformed: (reason) => void refused.push([reason, carrier]),
      close: () => undefined,
    }),
  };
  return { port, refused, wishes, queries, push: (s: Snapshot) => listener?.(s), subscribed: () => listener !== null };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(answer?: (version: number, wish: Wish) => Promise<WishAnswer>) {
  const ipc = new FakeIpcMain();
  const { screen, sent } = fakeScreen();
  const port = fakePort(answer);
  const logs: string[] = [];
  const bridge = bridgeIpc(ipc, screen, port.port, (line) => logs.push(line));
  const fromScreen = (...args: unknown[]) =>
    ipc.emit(CONTRACT_CHANNEL, { sender: screen, senderFrame: screen.mainFrame } satisfies IpcEvent, ...args);
  return { ipc, screen, sent, port, logs, bridge, fromScreen };
}

describe('the IPC bridge, main side', () => {
  it('has the host CabinetPort shape, both ways', () => {
    expectTypeOf<CabinetPort>().toExtend<Parameters<typeof bridgeIpc>[2]>();
    expectTypeOf<Parameters<typeof bridgeIpc>[2]>().toExtend<CabinetPort>();
  });

  it('forwards a wish with its version and answers accepted', async () => {
    const t = setup();
    t.fromScreen({ kind: 'wish', id: 11, version: 5, wish: { type: 'toggleHold', position: 2 } });
    await settle();
    expect(t.port.wishes).toEqual([[5, { type: 'toggleHold', position: 2 }]]);
    expect(t.sent).toEqual([{ kind: 'accepted', id: 11 }]);
    expect(t.port.refused).toEqual([]);
  });

  it("passes the cabinet's refusal through, and a failing cabinet as C-13", async () => {
    const t = setup(async (_v, wish) => {
      if (wish.type === 'deal') throw new Error('disk full');
      return { ok: false, rule: 'C-3', reason: 'x'.repeat(400) };
    });
    t.fromScreen({ kind: 'wish', id: 1, version: 5, wish: { type: 'cashOut' } });
    t.fromScreen({ kind: 'wish', id: 2, version: 5, wish: { type: 'deal' } });
    await settle();
    expect(t.sent).toHaveLength(2);
    expect(t.sent[0]).toMatchObject({ kind: 'refused', id: 1, rule: 'C-3' });
    expect((t.sent[0] as { reason: string }).reason).toHaveLength(300);
    expect(t.sent[1]).toEqual({
      kind: 'refused',
      id: 2,
      rule: 'C-13',
      reason: 'the cabinet could not take the wish: Error: disk full',
    });
  });

  it('forwards a query and answers it, or passes its refusal through, under the same id', async () => {
    const t = setup();
    t.fromScreen({ kind: 'query', id: 3, query: { type: 'handpays', limit: 5 } });
    t.fromScreen({ kind: 'query', id: 4, query: { type: 'meters' } });
    t.fromScreen({ kind: 'query', id: 5, query: { type: 'events', limit: 500 } });
    await settle();
    expect(t.port.queries).toEqual([{ type: 'handpays', limit: 5 }, { type: 'meters' }]);
    // The malformed one is refused at once; the others when the cabinet has answered.
    expect(t.sent).toEqual([
      { kind: 'refused', id: -1, rule: 'C-22', reason: expect.stringMatching(/limit must be from 1 to 100/) },
      { kind: 'answer', id: 3, answer: { type: 'handpays', rows: [] } },
      { kind: 'refused', id: 4, rule: 'C-21', reason: 'the technician PIN is needed' },
    ]);
    expect(t.port.refused).toEqual([[expect.stringMatching(/limit/), CARRIER]]);
  });

  it('answers hello with the current snapshot and pushes new snapshots', async () => {
    const t = setup();
    t.fromScreen({ kind: 'hello', client: 'renderer' });
    // Every message is answered through answerMessage, a promise.
    await settle();
    t.port.push(sampleSnapshot(6));
    t.bridge.pushSnapshot();
    expect(t.sent).toEqual([
      { kind: 'snapshot', snapshot: sampleSnapshot(5) },
      { kind: 'snapshot', snapshot: sampleSnapshot(6) },
      { kind: 'snapshot', snapshot: sampleSnapshot(5) },
    ]);
  });

  it('refuses and logs (C-22) every message outside the contract, and answers refused', async () => {
    const t = setup();
    const bad: unknown[][] = [
      [{ kind: 'wish', id: 1, version: 1, wish: { type: 'addCredits', amount: 1 } }],
      [{ kind: 'wish', id: 1, wish: { type: 'draw' } }],
      [{ kind: 'exec', cmd: 'ls' }],
      ['{"kind":"hello","client":"x"}'],
      [null],
      [],
      [
        { kind: 'hello', client: 'x' },
        { kind: 'hello', client: 'y' },
      ],
    ];
    for (const args of bad) t.fromScreen(...args);
    await settle();
    expect(t.port.wishes).toEqual([]);
    expect(t.port.refused).toHaveLength(bad.length);
    expect(t.port.refused.every(([reason, carrier]) => reason.length > 5 && carrier === CARRIER)).toBe(true);
    expect(t.sent).toHaveLength(bad.length);
    expect(t.sent.every((m) => m.kind === 'refused' && m.id === -1 && m.rule === 'C-22')).toBe(true);
  });

  it('takes nothing from another web contents, a subframe, a gone frame or a foreign page, and answers none', async () => {
    const t = setup();
    const wish = { kind: 'wish', id: 1, version: 5, wish: { type: 'cashOut' } };
    const other = fakeScreen().screen;
    const events: IpcEvent[] = [
      { sender: other, senderFrame: other.mainFrame },
      { sender: t.screen, senderFrame: { url: 'app://cabinet/index.html' } },
      { sender: t.screen, senderFrame: null },
    ];
    for (const event of events) t.ipc.emit(CONTRACT_CHANNEL, event, wish);
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'app://elsewhere/index.html',
      'app://user@cabinet/',
    ]) {
      t.screen.mainFrame.url = url;
      t.ipc.emit(CONTRACT_CHANNEL, { sender: t.screen, senderFrame: t.screen.mainFrame }, wish);
    }
    await settle();
    expect(t.port.wishes).toEqual([]);
    expect(t.sent).toEqual([]);
    expect(t.port.refused.map(([reason]) => reason)).toEqual([
      'message from a web contents that is not the screen',
      'message from a frame that is not the top frame',
      'message from a frame that is gone',
      'message from a page outside the app (https://evil.example/)',
      'message from a page outside the app (file:///etc/passwd)',
      'message from a page outside the app (app://elsewhere/index.html)',
      'message from a page outside the app (app://user@cabinet/)',
    ]);
    expect(t.logs).toHaveLength(7);
  });

  it('names the sender problem, or none for the screen itself', () => {
    const { screen } = fakeScreen();
    expect(senderProblem({ sender: screen, senderFrame: screen.mainFrame }, screen)).toBeNull();
  });

  it('recognises the top frame by process and routing id when Electron hands over another wrapper', () => {
    const { screen } = fakeScreen();
    const top = Object.assign(screen.mainFrame, { processId: 4, routingId: 1 });
    expect(
      senderProblem({ sender: screen, senderFrame: { url: top.url, processId: 4, routingId: 1 } }, screen),
    ).toBeNull();
    expect(senderProblem({ sender: screen, senderFrame: { url: top.url, processId: 4, routingId: 2 } }, screen)).toBe(
      'message from a frame that is not the top frame',
    );
    expect(senderProblem({ sender: screen, senderFrame: { url: top.url } }, screen)).toBe(
      'message from a frame that is not the top frame',
    );
    const withId = Object.assign(screen, { id: 7 });
    expect(senderProblem({ sender: { id: 7 }, senderFrame: top }, withId)).toBeNull();
    expect(senderProblem({ sender: { id: 8 }, senderFrame: top }, withId)).toBe(
      'message from a web contents that is not the screen',
    );
  });

  it('stops: no more messages taken, no more snapshots pushed; nothing sent to a destroyed screen', async () => {
    const t = setup();
    t.screen.destroyed = true;
    t.port.push(sampleSnapshot(7));
    expect(t.sent).toEqual([]);
    t.screen.destroyed = false;
    t.bridge.stop();
    expect(t.port.subscribed()).toBe(false);
    expect(t.ipc.listenerCount(CONTRACT_CHANNEL)).toBe(0);
    t.fromScreen({ kind: 'wish', id: 1, version: 5, wish: { type: 'cashOut' } });
    await settle();
    expect(t.port.wishes).toEqual([]);
    t.bridge.pushSnapshot();
    expect(t.sent).toEqual([{ kind: 'snapshot', snapshot: sampleSnapshot(5) }]);
  });
});
