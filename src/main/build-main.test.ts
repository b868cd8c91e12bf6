import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMain, type BuiltMain } from './build-main';

const projectRoot = resolve(import.meta.dirname, '..', '..');
let out: string;
let built: BuiltMain;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'build-main-'));
  built = await buildMain(projectRoot, out);
});
afterAll(() => rm(out, { recursive: true, force: true }));

/** Runs the built preload the way a sandboxed renderer would: its own realm, only electron to require. */
function runPreload(code: string) {
  const exposed: [string, unknown][] = [];
  const sent: [string, unknown][] = [];
  const listeners: ((event: unknown, ...args: unknown[]) => void)[] = [];
  const ipcRenderer = {
    send: (channel: string, message: unknown) => sent.push([channel, message]),
    on: (_channel: string, listener: (event: unknown, ...args: unknown[]) => void) => listeners.push(listener),
    invoke: () => undefined,
    sendSync: () => undefined,
  };
  const required: string[] = [];
  const sandbox = {
    require: (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return { contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) }, ipcRenderer };
    },
    module: { exports: {} },
    exports: {},
    console: { warn: () => undefined, log: () => undefined },
    queueMicrotask,
  };
  const context = createContext(sandbox);
  runInContext(code, context);
  // contextBridge and IPC hand the preload copies made in its own realm (its own
  // Object.prototype, which the contract's check insists on); so do these tests.
  const copy = (value: unknown): unknown => runInContext(`(${JSON.stringify(value)})`, context);
  return { exposed, sent, listeners, ipcRenderer, required, copy };
}

describe('npm run build:main', () => {
  it('bundles the main process as an ES module with the packages left outside', async () => {
    const main = await readFile(built.main, 'utf8');
    expect(main).toMatch(/^import \{[^}]*\bBrowserWindow\b[^}]*\} from "electron";$/m);
    expect(main).not.toMatch(/require\("electron"\)/);
    // Everything of ours is inside; no relative import is left to resolve at run time.
    expect(main).not.toMatch(/from "\.\.?\//);
    for (const native of ['better-sqlite3', 'serialport']) expect(main).not.toMatch(new RegExp(`node_modules/${native}`));
  });

  it('bundles the preload as CommonJS that requires only electron', async () => {
    const preload = await readFile(built.preload, 'utf8');
    const { required } = runPreload(preload);
    expect(required).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
  });

  it('exposes only cabinetBridge (send, onMessage) to the page, and no ipcRenderer', async () => {
    const preload = await readFile(built.preload, 'utf8');
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    const { exposed, ipcRenderer } = runPreload(preload);
    expect(exposed.map(([key]) => key)).toEqual(['cabinetBridge']);
    const api = exposed[0][1] as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['onMessage', 'send']);
    expect(Object.values(api).every((v) => typeof v === 'function' && v !== ipcRenderer.send && v !== ipcRenderer.on)).toBe(true);
    expect(Object.values(api)).not.toContain(ipcRenderer);
  });

  it('the built preload checks both directions against the contract', async () => {
    const { exposed, sent, listeners, copy } = runPreload(await readFile(built.preload, 'utf8'));
    const bridge = exposed[0][1] as { send(m: unknown): { ok: boolean }; onMessage(l: (m: unknown) => void): () => void };
    expect(bridge.send(copy({ kind: 'hello', client: 'renderer' })).ok).toBe(true);
    expect(bridge.send(copy({ kind: 'wish', id: 1, version: 1, wish: { type: 'addCredits', amount: 5 } })).ok).toBe(false);
    expect(JSON.parse(JSON.stringify(sent))).toEqual([['cabinet:contract', { kind: 'hello', client: 'renderer' }]]);
    const got: unknown[] = [];
    bridge.onMessage((m) => got.push(m));
    const event = { sender: 'ipcRenderer' };
    for (const listener of listeners) {
      listener(event, copy({ kind: 'accepted', id: 2 }));
      listener(event, copy({ kind: 'accepted', id: 'two' }));
    }
    expect(JSON.parse(JSON.stringify(got))).toEqual([{ kind: 'accepted', id: 2 }]);
  });
});
