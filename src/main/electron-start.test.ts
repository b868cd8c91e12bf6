// A full start in real Electron, driven by Playwright: wherever the electron binary is
// installed. Here (no internet for its download) it is reported as skipped with the reason.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMain } from './build-main';
import { findElectronBinary } from './launch';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const binary = findElectronBinary(projectRoot);
const available = binary.ok;
const name = binary.ok
  ? 'starts the kiosk in Electron: one locked-down window on app://, the bridge and nothing else'
  : `starts the kiosk in Electron (skipped: electron binary not installed: ${binary.reason})`;

describe('a full start in Electron', () => {
  it.skipIf(!available)(
    name,
    async () => {
      if (!binary.ok) throw new Error('skipped without the electron binary');
      await buildMain(projectRoot);
      if (!existsSync(join(projectRoot, 'dist', 'renderer', 'index.html'))) {
        execFileSync('npm', ['run', '-s', 'build:renderer'], { cwd: projectRoot, stdio: 'inherit' });
      }
      const { _electron } = await import('playwright-core');
      const data = await mkdtemp(join(tmpdir(), 'electron-start-'));
      // Chromium refuses to run as root with its OS sandbox (CI containers); the renderer's
      // own sandbox (webPreferences.sandbox) is unaffected.
      const rootOnly = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
      const app = await _electron.launch({
        executablePath: binary.path,
        args: [...rootOnly, projectRoot, `--data-dir=${data}`, `--config=${join(data, 'none.json')}`],
        env: { ...process.env, POKER_CABINET_DATA: data } as Record<string, string>,
        timeout: 30_000,
      });
      try {
        const page = await app.firstWindow();
        await page.waitForLoadState('domcontentloaded');
        const win = await app.evaluate(({ app: electronApp, BrowserWindow, Menu }) => {
          const all = BrowserWindow.getAllWindows();
          return {
            count: all.length,
            kiosk: all[0].isKiosk(),
            menuBar: all[0].isMenuBarVisible(),
            menu: Menu.getApplicationMenu(),
            pinch: electronApp.commandLine.hasSwitch('disable-pinch'),
          };
        });
        expect(win).toEqual({ count: 1, kiosk: true, menuBar: false, menu: null, pinch: true });
        expect(page.url().startsWith('app://cabinet/')).toBe(true);

        const globals = await page.evaluate(() => {
          const w = window as unknown as Record<string, unknown>;
          const bridge = w.cabinetBridge as Record<string, unknown> | undefined;
          return {
            require: typeof w.require,
            process: typeof w.process,
            ipcRenderer: typeof w.ipcRenderer,
            bridge: bridge ? Object.keys(bridge).sort() : null,
            opened: window.open('https://example.com/') === null,
          };
        });
        expect(globals).toEqual({
          require: 'undefined',
          process: 'undefined',
          ipcRenderer: 'undefined',
          bridge: ['onMessage', 'send'],
          opened: true,
        });
        const network = await page.evaluate(() =>
          fetch('https://example.com/').then(
            () => 'reached',
            () => 'refused',
          ),
        );
        expect(network).toBe('refused');

        // The cabinet started: the page is the screens, never the fault page, and the bridge answers.
        expect(page.url()).not.toMatch(/\/__fault$/);
        {
          const version = await page.evaluate(
            () =>
              new Promise<number>((done) => {
                const bridge = (
                  window as unknown as {
                    cabinetBridge: {
                      send(m: unknown): unknown;
                      onMessage(l: (m: { kind: string; snapshot?: { version: number } }) => void): () => void;
                    };
                  }
                ).cabinetBridge;
                const off = bridge.onMessage((m) => {
                  if (m.kind !== 'snapshot') return;
                  off();
                  done(m.snapshot!.version);
                });
                bridge.send({ kind: 'hello', client: 'e2e' });
              }),
          );
          expect(Number.isSafeInteger(version)).toBe(true);
        }
        // The guard must have refused the navigation by the time this listener (installed after it) runs.
        await app.evaluate(({ BrowserWindow }) => {
          const contents = BrowserWindow.getAllWindows()[0].webContents;
          (globalThis as unknown as { navigation: Promise<boolean> }).navigation = new Promise<boolean>((done) =>
            contents.once('will-navigate', (event: { defaultPrevented: boolean }) =>
              setImmediate(() => done(event.defaultPrevented)),
            ),
          );
        });
        const before = page.url();
        await page.evaluate(() => {
          location.href = 'https://example.com/';
        });
        expect(await app.evaluate(() => (globalThis as unknown as { navigation: Promise<boolean> }).navigation)).toBe(
          true,
        );
        expect(page.url()).toBe(before);
      } finally {
        await app.close();
        await rm(data, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
