import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMain, type BuiltMain } from './build-main';

const projectRoot = resolve(import.meta.dirname, '..', '..');
let out: string;
let built: BuiltMain;

// The bundles go to <tmp>/dist/main, laid out like the packaged app (package.json beside dist/).
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'build-main-'));
  built = await buildMain(projectRoot, join(out, 'dist', 'main'));
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
      return {
        contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) },
        ipcRenderer,
      };
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
  /** The API the preload exposed first (the tests check it is the only one). */
  const firstApi = (): unknown => {
    const [first] = exposed;
    if (!first) throw new Error('the preload exposed nothing to the page');
    return first[1];
  };
  return { exposed, firstApi, sent, listeners, ipcRenderer, required, copy };
}

describe('npm run build:main', () => {
  it('bundles the main process as an ES module with the packages left outside', async () => {
    const main = await readFile(built.main, 'utf8');
    expect(main).toMatch(/^import \{[^}]*\bBrowserWindow\b[^}]*\} from "electron";$/m);
    expect(main).not.toMatch(/require\("electron"\)/);
    // Everything of ours is inside; no relative import is left to resolve at run time.
    expect(main).not.toMatch(/from "\.\.?\//);
    for (const native of ['better-sqlite3', 'serialport'])
      expect(main).not.toMatch(new RegExp(`node_modules/${native}`));
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
    const { exposed, firstApi, ipcRenderer } = runPreload(preload);
    expect(exposed.map(([key]) => key)).toEqual(['cabinetBridge']);
    const api = firstApi() as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['onMessage', 'send']);
    expect(
      Object.values(api).every((v) => typeof v === 'function' && v !== ipcRenderer.send && v !== ipcRenderer.on),
    ).toBe(true);
    expect(Object.values(api)).not.toContain(ipcRenderer);
  });

  it('the built preload checks both directions against the contract', async () => {
    const { firstApi, sent, listeners, copy } = runPreload(await readFile(built.preload, 'utf8'));
    const bridge = firstApi() as {
      send(m: unknown): { ok: boolean };
      onMessage(l: (m: unknown) => void): () => void;
    };
    expect(bridge.send(copy({ kind: 'hello', client: 'renderer' })).ok).toBe(true);
    expect(bridge.send(copy({ kind: 'wish', id: 1, version: 1, wish: { type: 'addCredits', amount: 5 } })).ok).toBe(
      false,
    );
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

// A stand-in for Electron's built-in module, for running the bundled main.js under plain Node:
// it prints what the shell does and ends the process once the window loads its first page.
const FAKE_ELECTRON = `
import { EventEmitter } from 'node:events';
const say = (...parts) => console.log(['FAKE', ...parts].join(' '));
class App extends EventEmitter {
  isPackaged = true;
  commandLine = { appendSwitch: (name) => say('switch', name) };
  requestSingleInstanceLock() { return true; }
  whenReady() { return Promise.resolve(); }
  getPath() { return process.env.FAKE_USER_DATA; }
  quit() { say('quit'); }
  exit(code) { say('exit', code); process.exit(code); }
}
export const app = new App();
const handlers = {};
export class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    say('window', JSON.stringify(options));
    this.webContents = Object.assign(new EventEmitter(), {
      mainFrame: { url: '' }, send() {}, isDestroyed: () => false, setWindowOpenHandler() {},
      insertCSS: async () => '', setVisualZoomLevelLimits: async () => {}, forcefullyCrashRenderer() {},
    });
  }
  isDestroyed() { return false; }
  show() {}
  async loadURL(url) {
    say('load', url);
    const page = await handlers.app({ url, method: 'GET' });
    say('page', page.status, JSON.stringify(await page.text()));
    setImmediate(() => process.exit(0));
  }
}
export const ipcMain = new EventEmitter();
export const Menu = { setApplicationMenu: (menu) => say('menu', String(menu)) };
export const protocol = {
  registerSchemesAsPrivileged: (schemes) => say('schemes', JSON.stringify(schemes)),
  handle: (scheme, handler) => { handlers[scheme] = handler; say('handle', scheme); },
};
export const session = { defaultSession: {
  setPermissionRequestHandler() {}, setPermissionCheckHandler() {}, setDevicePermissionHandler() {},
  webRequest: { onBeforeRequest() { say('guarded'); }, onHeadersReceived() {} },
} };
`;

describe('the bundled main process', () => {
  it('starts under a stand-in electron: schemes before ready, the kiosk window with the built preload, app:// served', async () => {
    await writeFile(join(out, 'package.json'), JSON.stringify({ type: 'module', main: 'dist/main/main.js' }));
    await mkdir(join(out, 'dist', 'renderer'), { recursive: true });
    await writeFile(join(out, 'dist', 'renderer', 'index.html'), '<!doctype html><title>built screen</title>');
    // The installed pay tables travel with the app (electron-builder's files), found from the package root.
    await cp(join(projectRoot, 'assets', 'paytables'), join(out, 'assets', 'paytables'), { recursive: true });
    // The bundle keeps packages external, as the packaged app does: they come from node_modules.
    await symlink(join(projectRoot, 'node_modules'), join(out, 'node_modules'), 'dir');
    const fake = join(out, 'fake-electron.mjs');
    await writeFile(fake, FAKE_ELECTRON);
    const hook = `export async function resolve(specifier, context, next) {
      return specifier === 'electron' ? { url: ${JSON.stringify(pathToFileURL(fake).href)}, shortCircuit: true } : next(specifier, context);
    }`;
    const register = join(out, 'register.mjs');
    await writeFile(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});\n`,
    );
    // An installed cabinet names its ports (it refuses simulated devices); none of these answers,
    // which is a device tilt on the screen, not a failed start.
    const config = join(out, 'config.json');
    await writeFile(
      config,
      JSON.stringify({
        devices: { acceptor: join(out, 'no-acceptor'), printer: join(out, 'no-printer'), deck: join(out, 'no-deck') },
      }),
    );
    const run = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, built.main], {
      cwd: out,
      encoding: 'utf8',
      env: {
        ...process.env,
        POKER_CABINET_DATA: join(out, 'data'),
        POKER_CABINET_CONFIG: config,
        FAKE_USER_DATA: join(out, 'user-data'),
      },
      timeout: 20_000,
    });
    const lines = run.stdout.split('\n');
    const said = (what: string) =>
      lines.filter((l) => l.startsWith(`FAKE ${what} `)).map((l) => l.slice(`FAKE ${what} `.length));
    const saidFirst = (what: string): string => {
      const [line] = said(what);
      if (line === undefined) throw new Error(`the fake Electron was told no ${what}`);
      return line;
    };
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(saidFirst('schemes'))).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(lines.indexOf(lines.find((l) => l.startsWith('FAKE schemes'))!)).toBeLessThan(
      lines.indexOf(lines.find((l) => l.startsWith('FAKE handle'))!),
    );
    expect(said('switch')).toEqual(['disable-pinch']);
    expect(said('menu')).toEqual(['null']);
    const options = JSON.parse(saidFirst('window'));
    expect(options.webPreferences.preload).toBe(built.preload);
    expect(options.webPreferences.devTools).toBe(false);
    expect(options.kiosk).toBe(true);
    // The app is in the bundle: a cabinet starts (its devices silent) and the screen is served through app://.
    expect(said('load')[0]).toMatch(/^app:\/\/cabinet\//);
    expect(said('load')[0]).not.toContain('__fault');
    const page = saidFirst('page');
    const space = page.indexOf(' ');
    const [status, body] = [page.slice(0, space), page.slice(space + 1)];
    expect(status).toBe('200');
    expect(JSON.parse(body)).toContain('built screen');
    expect(run.stdout).toContain(`data folder ${join(out, 'data')} (POKER_CABINET_DATA)`);
  });
});
