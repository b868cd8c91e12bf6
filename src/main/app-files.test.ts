import { describe, expect, it } from 'vitest';
import { appFileFor, appResponse, faultResponse } from './app-files';
import { APP_ENTRY_URL, isAppUrl } from './app-origin';
import { APP_CSP } from './csp';

const root = '/srv/renderer';
const files = new Map<string, string>([
  ['/srv/renderer/index.html', '<!doctype html><title>screen</title>'],
  ['/srv/renderer/assets/app.js', 'console.log(1)'],
]);
const read = async (file: string): Promise<Uint8Array> => {
  const text = files.get(file);
  if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  return new TextEncoder().encode(text);
};

describe('the app:// origin', () => {
  it('recognises only app://cabinet', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://cabinet/assets/x.js?v=1#a')).toBe(true);
    for (const url of [
      'app://other/',
      'https://cabinet/',
      'file:///srv/renderer/index.html',
      'app://a:b@cabinet/',
      'app://cabinet:8080/',
      'not a url',
      '',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });
});

describe('app:// files', () => {
  it('maps URLs to files below the root, index.html for a folder', () => {
    expect(appFileFor(root, 'app://cabinet/')).toBe('/srv/renderer/index.html');
    expect(appFileFor(root, 'app://cabinet/assets/app.js?x=1')).toBe('/srv/renderer/assets/app.js');
    expect(appFileFor(root, 'app://cabinet/a%20b.png')).toBe('/srv/renderer/a b.png');
  });

  it('never names a file outside the root', () => {
    const urls = [
      'app://cabinet/../../etc/passwd',
      'app://cabinet/%2e%2e/%2e%2e/etc/passwd',
      'app://cabinet/assets/..%2f..%2f..%2fetc/passwd',
      'app://cabinet/%2e%2e%5c..%5cetc',
      'app://cabinet/x%00.html',
      'app://cabinet/%E0%A4%A',
      'app://elsewhere/index.html',
      'file:///etc/passwd',
    ];
    for (const url of urls) {
      const file = appFileFor(root, url);
      expect(file === null || file.startsWith('/srv/renderer/'), `${url} -> ${file}`).toBe(true);
    }
    expect(appFileFor(root, 'app://cabinet/x%00.html')).toBeNull();
    // The URL parser resolves the dots first: this names a file inside the root.
    expect(appFileFor(root, 'app://cabinet/../../etc/passwd')).toBe('/srv/renderer/etc/passwd');
    expect(appFileFor(root, 'app://elsewhere/index.html')).toBeNull();
  });

  it('serves a file with its type, the CSP and nosniff', async () => {
    const res = await appResponse(root, { url: APP_ENTRY_URL, method: 'GET' }, read);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(files.get('/srv/renderer/index.html'));
    const js = await appResponse(root, { url: 'app://cabinet/assets/app.js', method: 'GET' }, read);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const head = await appResponse(root, { url: APP_ENTRY_URL, method: 'HEAD' }, read);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers 404 for what is not there or not ours, 405 for writes, each with the CSP', async () => {
    const cases = [
      [{ url: 'app://cabinet/missing.js', method: 'GET' }, 404],
      [{ url: 'app://cabinet/../../etc/passwd', method: 'GET' }, 404],
      [{ url: 'app://cabinet/%2e%2e/%2e%2e/etc/passwd', method: 'GET' }, 404],
      [{ url: 'app://other/index.html', method: 'GET' }, 404],
      [{ url: APP_ENTRY_URL, method: 'POST' }, 405],
    ] as const;
    for (const [request, status] of cases) {
      const res = await appResponse(root, request, read);
      expect(res.status, request.url).toBe(status);
      expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    }
  });

  it('shows the out-of-service page with the reason escaped', async () => {
    const res = faultResponse('config: <script>alert(1)</script> & more');
    expect(res.headers.get('content-security-policy')).toBe(APP_CSP);
    const html = await res.text();
    expect(html).toContain('OUT OF SERVICE');
    expect(html).toContain('config: &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).not.toContain('<script>');
  });
});
