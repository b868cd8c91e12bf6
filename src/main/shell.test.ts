import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Snapshot, Wish } from '../contract';
import { APP_ENTRY_URL, FAULT_URL } from './app-origin';
import type { CabinetLink, CabinetLinkOptions } from '../app/cabinet-link';
import { CONTRACT_CHANNEL } from './channel';
import { APP_CSP } from './csp';
import { registerSchemes, startShell, type ShellOptions } from './shell';
import { sampleSnapshot } from './testing/contract-sample';
import { FakeBrowserWindow, FakeWebContents, fakeElectron as fx, resetFakeElectron } from './testing/fake-electron';
import { HIDE_CURSOR_CSS, kioskWindowOptions } from './window-options';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectron);

let dir: string;
let rendererRoot: string;

beforeEach(async () => {
  resetFakeElectron();
  dir = await mkdtemp(join(tmpdir(), 'shell-test-'));
  rendererRoot = join(dir, 'renderer');
  await import('node:fs/promises').then((fs) => fs.mkdir(rendererRoot));
  await writeFile(join(rendererRoot, 'index.html'), '<!doctype html><title>screen</title>');
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

function fakeLink(display?: CabinetLink['display']) {
  const wishes: [number, Wish][] = [];
  const link: CabinetLink & { closed: number } = {
    closed: 0,
    display: display ?? { hideCursor: false },
    port: {
      snapshot: (): Snapshot => sampleSnapshot(3),
      onSnapshot: () => () => undefined,
      connect: () => ({
        snapshot: (): Snapshot => sampleSnapshot(3),
        wish: async (version, wish) => (wishes.push([version, wish]), { ok: true }),
        query: async () => ({ ok: false, rule: 'C-21', reason: 'no key turned' }),
        refuseMalformed: () => undefined,
        close: () => undefined,
      }),
    },
    close: async () => {
      link.closed += 1;
    },
  };
  return { link, wishes };
}

function options(over: Partial<ShellOptions> = {}) {
  const calls: CabinetLinkOptions[] = [];
  const logs: string[] = [];
  const { link, wishes } = fakeLink({ hideCursor: true });
  const shellOptions: ShellOptions = {
    createCabinetPort: async (o) => (calls.push(o), link),
    mainDir: '/app/dist/main',
    rendererRoot,
    argv: [`--data-dir=${join(dir, 'data')}`, `--config=${join(dir, 'config.json')}`],
    env: {},
    log: (line) => logs.push(line),
    ...over,
  };
  return { shellOptions, calls, logs, link, wishes };
}

/** A request to app:// as Electron routes it: to the handler the shell registered. */
const serveApp = async (request: { url: string; method: string }): Promise<Response> => {
  const handler = fx.protocol.handlers.app;
  if (!handler) throw new Error('the shell registered no app:// handler');
  return handler(request);
};

const onlyWindow = (): FakeBrowserWindow => {
  expect(FakeBrowserWindow.instances).toHaveLength(1);
  return FakeBrowserWindow.instances[0]!;
};

describe('the Electron shell (electron replaced at its module boundary)', () => {
  it('registers app:// as a standard, secure scheme before ready, and turns pinch zoom off', () => {
    registerSchemes();
    expect(fx.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(fx.app.commandLine.appendSwitch).toHaveBeenCalledWith('disable-pinch');
  });

  it('quits at once when another instance holds the lock', async () => {
    fx.app.lockGranted = false;
    const t = options();
    expect(await startShell(t.shellOptions)).toBeNull();
    expect(fx.app.quit).toHaveBeenCalled();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(t.calls).toHaveLength(0);
  });

  it('opens one kiosk window on app://, with no menu, guards, and the cabinet from the factory', async () => {
    const t = options();
    const shell = await startShell(t.shellOptions);
    expect(shell?.fault).toBeNull();
    const win = onlyWindow();
    expect(win.options).toEqual(kioskWindowOptions({ preload: '/app/dist/main/preload.cjs', devTools: true }));
    expect(fx.Menu.setApplicationMenu).toHaveBeenCalledWith(null);
    expect(win.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
    expect(t.calls).toEqual([
      {
        dataDir: join(dir, 'data'),
        configFile: join(dir, 'config.json'),
        argv: t.shellOptions.argv,
        packaged: false,
        log: t.shellOptions.log,
      },
    ]);
    expect(win.shown).toBe(false);
    win.emit('ready-to-show');
    expect(win.shown).toBe(true);
    // The session refuses permissions; the protocol serves the renderer with the CSP.
    let granted: boolean | null = null;
    fx.session.defaultSession.handlers.permissionRequest!(...([{}, 'media', (g: boolean) => (granted = g)] as never[]));
    expect(granted).toBe(false);
    const res = await serveApp({ url: APP_ENTRY_URL, method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(await res.text()).toContain('<title>screen</title>');
  });

  it('guards every web contents the app creates', async () => {
    await startShell(options().shellOptions);
    const contents = new FakeWebContents();
    fx.app.emit('web-contents-created', {}, contents);
    const navigation = {
      url: 'https://example.com/',
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
    };
    contents.emit('will-navigate', navigation);
    expect(navigation.prevented).toBe(true);
    expect(contents.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
  });

  it('after each load: no zoom, the cursor hidden when the config says so, the snapshot pushed', async () => {
    await startShell(options().shellOptions);
    const contents = onlyWindow().webContents;
    contents.emit('did-finish-load');
    expect(contents.setVisualZoomLevelLimits).toHaveBeenCalledWith(1, 1);
    expect(contents.insertCSS).toHaveBeenCalledWith(HIDE_CURSOR_CSS);
    expect(contents.send).toHaveBeenCalledWith(CONTRACT_CHANNEL, { kind: 'snapshot', snapshot: sampleSnapshot(3) });
  });

  it('keeps the cursor when the config does not hide it, and gives no devtools when packaged', async () => {
    fx.app.isPackaged = true;
    const { link } = fakeLink();
    await startShell(options({ createCabinetPort: async () => link }).shellOptions);
    const win = onlyWindow();
    win.webContents.emit('did-finish-load');
    expect(win.webContents.insertCSS).not.toHaveBeenCalled();
    expect((win.options.webPreferences as { devTools: boolean }).devTools).toBe(false);
  });

  it('carries wishes from the screen to the cabinet over IPC', async () => {
    const t = options();
    await startShell(t.shellOptions);
    const contents = onlyWindow().webContents;
    fx.ipcMain.emit(
      CONTRACT_CHANNEL,
      { sender: contents, senderFrame: contents.mainFrame },
      { kind: 'wish', id: 4, version: 3, wish: { type: 'draw' } },
    );
    await vi.waitFor(() => expect(contents.send).toHaveBeenCalledWith(CONTRACT_CHANNEL, { kind: 'accepted', id: 4 }));
    expect(t.wishes).toEqual([[3, { type: 'draw' }]]);
  });

  it('brings the running window forward when a second start is refused', async () => {
    await startShell(options().shellOptions);
    fx.app.emit('second-instance', {}, ['poker-cabinet'], '/');
    expect(onlyWindow().focus).toHaveBeenCalled();
  });

  it('reloads a crashed renderer after the back-off', async () => {
    await startShell(options().shellOptions);
    const win = onlyWindow();
    vi.useFakeTimers();
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    expect(win.loadURL).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(win.loadURL).toHaveBeenCalledTimes(2);
    expect(win.loadURL).toHaveBeenLastCalledWith(APP_ENTRY_URL);
  });

  it('closes the cabinet before it quits', async () => {
    const t = options();
    await startShell(t.shellOptions);
    fx.app.quit();
    expect(fx.app.quitted).toBe(false);
    await vi.waitFor(() => expect(fx.app.quitted).toBe(true));
    expect(t.link.closed).toBe(1);
    expect(fx.ipcMain.listenerCount(CONTRACT_CHANNEL)).toBe(0);
  });

  it('shows the out-of-service page with the reason when the cabinet cannot start, then exits for a restart', async () => {
    const t = options({
      createCabinetPort: async () => Promise.reject(new Error('the cabinet app is not wired yet')),
      faultExitMs: 5,
    });
    const shell = await startShell(t.shellOptions);
    expect(shell?.fault).toBe('the cabinet app is not wired yet');
    expect(onlyWindow().loadURL).toHaveBeenCalledWith(FAULT_URL);
    const page = await serveApp({ url: FAULT_URL, method: 'GET' });
    expect(await page.text()).toContain('the cabinet app is not wired yet');
    expect(fx.ipcMain.listenerCount(CONTRACT_CHANNEL)).toBe(0);
    expect(t.logs).toContain('the cabinet could not start: the cabinet app is not wired yet');
    await vi.waitFor(() => expect(fx.app.exit).toHaveBeenCalledWith(1));
  });

  it('does not start the cabinet when the screen is not built', async () => {
    await rm(join(rendererRoot, 'index.html'));
    const t = options({ faultExitMs: 1 });
    const shell = await startShell(t.shellOptions);
    expect(shell?.fault).toMatch(/the screen is not built: .*index\.html is missing \(npm run build:renderer\)/);
    expect(t.calls).toHaveLength(0);
    // The fault page is served from memory, not from the missing folder.
    const page = await serveApp({ url: FAULT_URL, method: 'GET' });
    expect(page.status).toBe(200);
    await vi.waitFor(() => expect(fx.app.exit).toHaveBeenCalledWith(1));
  });
});
