// The renderer may not leave its page, open windows, embed other pages, ask for permissions or
// devices, or reach the network: every such attempt is refused here and logged.

import { isAppUrl } from './app-origin';
import { withCsp, type ResponseHeaders } from './csp';

export interface Preventable {
  preventDefault(): void;
}

/** What the guard needs of a web contents. */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: Preventable & { url: string }) => void): unknown;
  on(
    event: 'will-frame-navigate',
    listener: (event: Preventable & { url: string; isMainFrame: boolean }) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: Preventable) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

export function guardContents(contents: GuardedContents, log: (line: string) => void): void {
  // The main process loads the screen with loadURL, which raises none of these; anything that
  // does is the page trying to go somewhere, which the screen never needs.
  contents.on('will-navigate', (event) => {
    event.preventDefault();
    log(`navigation to ${event.url} refused`);
  });
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    log(`redirect to ${event.url} refused`);
  });
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame) return; // will-navigate decides for the top frame
    event.preventDefault();
    log(`frame navigation to ${event.url} refused`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('webview refused');
  });
  contents.setWindowOpenHandler((details) => {
    log(`new window for ${details.url} refused`);
    return { action: 'deny' };
  });
}

/** Schemes the page's requests may use: its own files and inline data, never the network. */
export function requestAllowed(url: string): boolean {
  if (isAppUrl(url)) return true;
  return url.startsWith('data:') || url.startsWith('blob:app://') || url.startsWith('devtools://');
}

/** What the guard needs of the session the window uses. */
export interface GuardedSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (contents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  readonly webRequest: {
    onBeforeRequest(
      listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void,
    ): void;
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: ResponseHeaders },
        callback: (response: { cancel?: boolean; responseHeaders?: Record<string, string[]> }) => void,
      ) => void,
    ): void;
  };
}

export function guardSession(session: GuardedSession, log: (line: string) => void): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log(`permission "${permission}" refused`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  // The serial ports belong to the cabinet's drivers; Web Serial, WebHID and WebUSB get nothing
  // (their permission checks above say no, and no device is ever granted).
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = requestAllowed(details.url);
    if (!allowed) log(`request to ${details.url} refused`);
    callback({ cancel: !allowed });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders) });
  });
}
