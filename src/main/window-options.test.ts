import { describe, expect, it } from 'vitest';
import { HIDE_CURSOR_CSS, kioskWindowOptions } from './window-options';

describe('the kiosk window', () => {
  it('is one full-screen kiosk window with no frame or menu, shown when ready', () => {
    const o = kioskWindowOptions({ preload: '/app/dist/main/preload.cjs', devTools: false });
    expect(o).toMatchObject({
      kiosk: true,
      fullscreen: true,
      autoHideMenuBar: true,
      frame: false,
      show: false,
      resizable: false,
    });
  });

  it('gives the renderer no power: isolated, sandboxed, no Node, web security, only the preload', () => {
    const { webPreferences: w } = kioskWindowOptions({ preload: '/app/dist/main/preload.cjs', devTools: false });
    expect(w).toMatchObject({
      preload: '/app/dist/main/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('allows developer tools only when asked (never in a packaged build)', () => {
    expect(kioskWindowOptions({ preload: 'p', devTools: true }).webPreferences.devTools).toBe(true);
  });

  it('hides the cursor everywhere, overriding the page', () => {
    expect(HIDE_CURSOR_CSS).toBe('* { cursor: none !important; }');
  });
});
