// The one window of the cabinet: full screen, no frame or menu, and a renderer with no power of
// its own (C-22): isolated, sandboxed, no Node, web security on, only the preload's bridge.

export interface KioskWindowSettings {
  /** Absolute path of the built preload (dist/main/preload.cjs). */
  preload: string;
  /** Developer tools: only outside a packaged build. */
  devTools: boolean;
}

export function kioskWindowOptions(settings: KioskWindowSettings) {
  return {
    title: 'Poker Cabinet',
    // Shown on ready-to-show, so that the player never sees a white flash while it loads.
    show: false,
    kiosk: true,
    fullscreen: true,
    frame: false,
    autoHideMenuBar: true,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    backgroundColor: '#000000',
    webPreferences: {
      preload: settings.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // alert/confirm would block the screen with a dialog no player can answer.
      disableDialogs: true,
      devTools: settings.devTools,
      // The cabinet plays its sounds before anyone has touched the screen.
      autoplayPolicy: 'no-user-gesture-required' as const,
    },
  };
}

/** Hides the pointer on a touchscreen cabinet (inserted again after every load). */
export const HIDE_CURSOR_CSS = '* { cursor: none !important; }';
