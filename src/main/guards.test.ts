import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { APP_CSP } from './csp';
import { guardContents, guardSession, requestAllowed, type GuardedContents, type GuardedSession } from './guards';

function preventable(fields: object) {
  return {
    ...fields,
    prevented: false,
    preventDefault() {
      this.prevented = true;
    },
  };
}

class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.openHandler = handler;
  }
}

describe('guards on every web contents', () => {
  const setup = () => {
    const contents = new FakeContents();
    const logs: string[] = [];
    guardContents(contents as unknown as GuardedContents, (line) => logs.push(line));
    return { contents, logs };
  };

  it('refuses every navigation the page starts, even to its own origin', () => {
    const { contents, logs } = setup();
    for (const url of [
      'https://example.com/',
      'file:///etc/passwd',
      'app://cabinet/other.html',
      'javascript:alert(1)',
    ]) {
      const event = preventable({ url });
      contents.emit('will-navigate', event);
      expect(event.prevented, url).toBe(true);
    }
    expect(logs).toHaveLength(4);
  });

  it('refuses redirects away from the app and subframe navigations; leaves the top frame to will-navigate', () => {
    const { contents } = setup();
    const away = preventable({ url: 'https://example.com/' });
    const home = preventable({ url: 'app://cabinet/index.html' });
    contents.emit('will-redirect', away);
    contents.emit('will-redirect', home);
    expect([away.prevented, home.prevented]).toEqual([true, false]);
    const sub = preventable({ url: 'app://cabinet/x.html', isMainFrame: false });
    const top = preventable({ url: 'app://cabinet/x.html', isMainFrame: true });
    contents.emit('will-frame-navigate', sub);
    contents.emit('will-frame-navigate', top);
    expect([sub.prevented, top.prevented]).toEqual([true, false]);
  });

  it('denies new windows and webviews', () => {
    const { contents, logs } = setup();
    expect(contents.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'app://cabinet/' })).toEqual({ action: 'deny' });
    const webview = preventable({});
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
    expect(logs).toEqual([
      'new window for https://example.com/ refused',
      'new window for app://cabinet/ refused',
      'webview refused',
    ]);
  });
});

describe('guards on the session', () => {
  type Handler = (...args: unknown[]) => unknown;
  function fakeSession() {
    // Each handler the guards must set; calling one they did not set fails with its name.
    const unset =
      (name: string): Handler =>
      () => {
        throw new Error(`guardSession set no ${name} handler`);
      };
    const handlers: Record<'request' | 'check' | 'device' | 'before' | 'headers', Handler> = {
      request: unset('request'),
      check: unset('check'),
      device: unset('device'),
      before: unset('before'),
      headers: unset('headers'),
    };
    const session = {
      setPermissionRequestHandler: (h: never) => (handlers.request = h),
      setPermissionCheckHandler: (h: never) => (handlers.check = h),
      setDevicePermissionHandler: (h: never) => (handlers.device = h),
      webRequest: {
        onBeforeRequest: (h: never) => (handlers.before = h),
        onHeadersReceived: (h: never) => (handlers.headers = h),
      },
    };
    return { session: session as unknown as GuardedSession, handlers };
  }

  it('denies every permission request and check, and every device', () => {
    const { session, handlers } = fakeSession();
    const logs: string[] = [];
    guardSession(session, (line) => logs.push(line));
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'serial',
      'hid',
      'usb',
      'fullscreen',
      'clipboard-read',
    ]) {
      let granted: boolean | null = null;
      handlers.request({}, permission, (g: boolean) => (granted = g));
      expect(granted, permission).toBe(false);
      expect(handlers.check({}, permission, 'app://cabinet', {})).toBe(false);
    }
    expect(handlers.device({ deviceType: 'serial' })).toBe(false);
    expect(logs[0]).toBe('permission "media" refused');
  });

  it('lets requests reach only the app, inline data and its own blobs', () => {
    const { session, handlers } = fakeSession();
    guardSession(session, () => undefined);
    const decide = (url: string) => {
      let cancel: boolean | null = null;
      handlers.before({ url }, (r: { cancel: boolean }) => (cancel = r.cancel));
      return cancel;
    };
    for (const url of ['app://cabinet/index.html', 'data:image/png;base64,AA==', 'blob:app://cabinet/1234'])
      expect(decide(url), url).toBe(false);
    for (const url of [
      'https://example.com/x.js',
      'http://127.0.0.1:8080/',
      'ws://localhost/ws',
      'file:///etc/passwd',
      'app://other/x',
      'blob:https://evil/1',
    ]) {
      expect(decide(url), url).toBe(true);
    }
    expect(requestAllowed('ftp://x')).toBe(false);
  });

  it('puts the CSP on every response', () => {
    const { session, handlers } = fakeSession();
    guardSession(session, () => undefined);
    let out: unknown = null;
    handlers.headers(
      { url: 'app://cabinet/', responseHeaders: { 'Content-Security-Policy': ['default-src *'] } },
      (r: unknown) => (out = r),
    );
    expect(out).toEqual({ responseHeaders: { 'Content-Security-Policy': [APP_CSP] } });
  });
});
