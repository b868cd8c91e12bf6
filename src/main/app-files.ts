// Answers the app:// protocol: the built renderer's files and nothing else. A path that climbs
// out of the renderer's folder, another host, or a write is refused; every answer carries the CSP.

import { extname, normalize, resolve, sep } from 'node:path';
import { APP_SCHEME, isAppUrl } from './app-origin';
import { APP_CSP } from './csp';
import { SCREEN_CONTENT_TYPES } from '../contract';

const baseHeaders = (type: string): Record<string, string> => ({
  'content-type': type,
  'content-security-policy': APP_CSP,
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
});

const plain = (status: number, text: string): Response =>
  new Response(text, { status, headers: baseHeaders('text/plain; charset=utf-8') });

/** The file below `root` that an app:// URL names, or null when it names nothing there. */
export function appFileFor(root: string, url: string): string | null {
  if (!isAppUrl(url)) return null;
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const base = resolve(root);
  const file = resolve(base, '.' + normalize(sep + path));
  return file.startsWith(base + sep) ? file : null;
}

export type ReadFile = (file: string) => Promise<Uint8Array>;

export interface AppRequest {
  readonly url: string;
  readonly method: string;
}

/** The answer to one app:// request: the file with its type and the CSP, or a plain refusal. */
export async function appResponse(root: string, request: AppRequest, read: ReadFile): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return plain(405, `${request.method} is not served by ${APP_SCHEME}://`);
  const file = appFileFor(root, request.url);
  if (file === null) return plain(404, 'not found');
  let body: Uint8Array;
  try {
    body = await read(file);
  } catch {
    return plain(404, 'not found');
  }
  const headers = baseHeaders(SCREEN_CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page shown when the cabinet could not start: no script, the reason for the technician. */
export function faultResponse(reason: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Out of service</title>
<style>html,body{margin:0;height:100%;background:#000;color:#fff;font:24px sans-serif;display:flex;align-items:center;justify-content:center;text-align:center}
p{max-width:80vw;color:#bbb;font-size:18px;white-space:pre-wrap}</style></head>
<body><main><h1>OUT OF SERVICE</h1><p>${escapeHtml(reason)}</p></main></body></html>`;
  return new Response(html, { status: 200, headers: baseHeaders('text/html; charset=utf-8') });
}
