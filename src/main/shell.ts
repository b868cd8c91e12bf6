// The Electron-touching part of the main process, kept thin: it creates the kiosk window and
// hands Electron's objects to the plain modules that decide (guards, IPC bridge, crash reload,
// app:// files). Tests run it with `electron` replaced at its module boundary.

import { app, BrowserWindow, ipcMain, Menu, protocol, session } from 'electron';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, FAULT_URL } from './app-origin';
import { appResponse, faultResponse } from './app-files';
import type { CabinetLink, CabinetLinkOptions } from '../app/cabinet-link';
import { watchRenderer } from './crash-reload';
import { canRead, canWrite, chooseConfigFile, chooseDataDir } from './data-dir';
import { guardContents, guardSession } from './guards';
import { bridgeIpc, type IpcBridge } from './ipc-bridge';
import { HIDE_CURSOR_CSS, kioskWindowOptions } from './window-options';

/** How the shell asks for a running cabinet (the app's createCabinetPort; tests give their own). */
export type CreateCabinetPort = (options: CabinetLinkOptions) => Promise<CabinetLink>;

export interface ShellOptions {
  createCabinetPort: CreateCabinetPort;
  /** Folder holding the built preload.cjs. */
  mainDir: string;
  /** Folder holding the built renderer (index.html and its assets). */
  rendererRoot: string;
  /** The command line after Electron's own arguments. */
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  log(line: string): void;
  /** With the out-of-service page up, exit after this long so that systemd starts us afresh. */
  faultExitMs?: number;
}

export interface RunningShell {
  window: InstanceType<typeof BrowserWindow>;
  /** The reason the cabinet could not start, when the out-of-service page is showing. */
  fault: string | null;
}

/** The app's own arguments: Electron puts the app folder after its binary when not packaged. */
export const appArguments = (argv: readonly string[], packaged: boolean): string[] => argv.slice(packaged ? 1 : 2);

/** Must run before the app is ready: app:// gets a real, secure origin. */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  // A touchscreen must not zoom the screen with two fingers.
  app.commandLine.appendSwitch('disable-pinch');
}

export async function startShell(options: ShellOptions): Promise<RunningShell | null> {
  const log = options.log;
  if (!app.requestSingleInstanceLock()) {
    log('another cabinet shell holds the display; this one quits');
    app.quit();
    return null;
  }
  let win: InstanceType<typeof BrowserWindow> | null = null;
  app.on('second-instance', () => {
    log('a second start was refused; the running screen keeps the display');
    if (win && !win.isDestroyed()) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  app.on('web-contents-created', (_event: unknown, contents: Parameters<typeof guardContents>[0]) =>
    guardContents(contents, log),
  );
  Menu.setApplicationMenu(null);

  await app.whenReady();
  guardSession(session.defaultSession, log);
  let fault: string | null = null;
  protocol.handle(APP_SCHEME, (request: Request) =>
    request.url === FAULT_URL && fault !== null
      ? faultResponse(fault)
      : appResponse(options.rendererRoot, request, (file) => readFile(file)),
  );

  const places = {
    argv: options.argv,
    env: options.env,
    userData: app.getPath('userData'),
    writable: canWrite,
    readable: canRead,
  };
  const dataDir = await chooseDataDir(places);
  const configFile = await chooseConfigFile(places);
  log(
    `data folder ${dataDir.path} (${dataDir.why}); config ${configFile ? `${configFile.path} (${configFile.why})` : 'none: the app defaults'}`,
  );

  let link: CabinetLink | null = null;
  try {
    const index = join(options.rendererRoot, 'index.html');
    if (!(await canRead(index)))
      throw new Error(`the screen is not built: ${index} is missing (npm run build:renderer)`);
    await mkdir(dataDir.path, { recursive: true });
    link = await options.createCabinetPort({
      dataDir: dataDir.path,
      configFile: configFile?.path ?? null,
      argv: options.argv,
      packaged: app.isPackaged,
      log,
    });
  } catch (error) {
    fault = error instanceof Error ? error.message : String(error);
    log(`the cabinet could not start: ${fault}`);
  }

  const window = new BrowserWindow(
    kioskWindowOptions({ preload: join(options.mainDir, 'preload.cjs'), devTools: !app.isPackaged }),
  );
  win = window;
  const contents = window.webContents;
  const url = fault === null ? APP_ENTRY_URL : FAULT_URL;
  let quitting = false;
  const load = (): void => {
    window.loadURL(url).catch((error: unknown) => log(`loading ${url} failed: ${String(error)}`));
  };

  watchRenderer(contents, { reload: load, alive: () => !quitting && !window.isDestroyed(), log });
  const bridge: IpcBridge | null = link ? bridgeIpc(ipcMain, contents, link.port, log) : null;
  const hideCursor = link?.display?.hideCursor === true;
  contents.on('did-finish-load', () => {
    contents.setVisualZoomLevelLimits(1, 1).catch(() => undefined);
    if (hideCursor)
      contents.insertCSS(HIDE_CURSOR_CSS).catch((error: unknown) => log(`hiding the cursor failed: ${String(error)}`));
    bridge?.pushSnapshot();
  });
  window.once('ready-to-show', () => window.show());

  let closed = link === null;
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event: { preventDefault(): void }) => {
    quitting = true;
    if (closed || link === null) return;
    // Devices and the database close before the process ends; then quit again for real.
    event.preventDefault();
    bridge?.stop();
    const closing = link;
    link = null;
    closing
      .close()
      .catch((error: unknown) => log(`closing the cabinet failed: ${String(error)}`))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });

  load();
  if (fault !== null) {
    setTimeout(() => {
      log('exiting so that the service manager starts the cabinet again');
      app.exit(1);
    }, options.faultExitMs ?? 60_000);
  }
  return { window, fault };
}
