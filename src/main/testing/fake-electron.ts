// Test helper: the parts of the `electron` module the shell uses, as plain objects that record
// what was done to them. Tests put it in place with vi.mock('electron', ...).

import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeWebContents extends EventEmitter {
  readonly mainFrame = { url: '' };
  destroyed = false;
  openHandler: ((details: { url: string }) => unknown) | null = null;
  send = vi.fn();
  insertCSS = vi.fn(async () => 'key');
  setVisualZoomLevelLimits = vi.fn(async () => undefined);
  forcefullyCrashRenderer = vi.fn();
  isDestroyed = () => this.destroyed;
  setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
    this.openHandler = handler;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  shown = false;
  focus = vi.fn();
  restore = vi.fn();
  isMinimized = () => false;
  isDestroyed = () => false;
  loadURL = vi.fn(async (url: string) => {
    this.webContents.mainFrame.url = url;
  });
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  show() {
    this.shown = true;
  }
}

class FakeApp extends EventEmitter {
  lockGranted = true;
  isPackaged = false;
  userData = '/nonexistent/userData';
  quitted = false;
  commandLine = { appendSwitch: vi.fn() };
  exit = vi.fn();
  requestSingleInstanceLock = vi.fn(() => this.lockGranted);
  whenReady = vi.fn(async () => undefined);
  getPath = vi.fn(() => this.userData);
  /** Like Electron: before-quit first, and a listener may hold the quit back. */
  quit = vi.fn(() => {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.quitted = true;
  });
}

function fakeSession() {
  const handlers: Record<string, (...args: never[]) => unknown> = {};
  const keep = (name: string) => (handler: (...args: never[]) => unknown) => {
    handlers[name] = handler;
  };
  return {
    handlers,
    setPermissionRequestHandler: keep('permissionRequest'),
    setPermissionCheckHandler: keep('permissionCheck'),
    setDevicePermissionHandler: keep('devicePermission'),
    webRequest: { onBeforeRequest: keep('beforeRequest'), onHeadersReceived: keep('headersReceived') },
  };
}

export const fakeElectron = {
  app: new FakeApp(),
  BrowserWindow: FakeBrowserWindow,
  ipcMain: new EventEmitter(),
  Menu: { setApplicationMenu: vi.fn() },
  protocol: {
    handlers: {} as Record<string, (request: { url: string; method: string }) => Promise<Response> | Response>,
    registerSchemesAsPrivileged: vi.fn(),
    handle: vi.fn(
      (scheme: string, handler: (request: { url: string; method: string }) => Promise<Response> | Response) => {
        fakeElectron.protocol.handlers[scheme] = handler;
      },
    ),
  },
  session: { defaultSession: fakeSession() },
};

/** Back to a fresh start, keeping the same objects (the shell holds them through its imports). */
export function resetFakeElectron(): void {
  const app = fakeElectron.app;
  app.removeAllListeners();
  Object.assign(app, { lockGranted: true, isPackaged: false, userData: '/nonexistent/userData', quitted: false });
  for (const fn of [
    app.commandLine.appendSwitch,
    app.exit,
    app.requestSingleInstanceLock,
    app.whenReady,
    app.getPath,
    app.quit,
  ])
    fn.mockClear();
  fakeElectron.ipcMain.removeAllListeners();
  FakeBrowserWindow.instances = [];
  fakeElectron.Menu.setApplicationMenu.mockClear();
  for (const key of Object.keys(fakeElectron.protocol.handlers)) delete fakeElectron.protocol.handlers[key];
  fakeElectron.protocol.registerSchemesAsPrivileged.mockClear();
  fakeElectron.protocol.handle.mockClear();
  const handlers = fakeElectron.session.defaultSession.handlers;
  for (const key of Object.keys(handlers)) delete handlers[key];
}
