// Serves the built renderer: only files below the root, never a path that climbs out of it.

import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

/** Content-Security-Policy for the screen: its own scripts and the carrier's socket only. */
export const SCREEN_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export async function serveStatic(root: string, urlPath: string, res: ServerResponse): Promise<boolean> {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return false;
  }
  if (path.endsWith('/')) path += 'index.html';
  const base = resolve(root);
  const file = resolve(base, '.' + normalize(sep + path));
  if (file !== base && !file.startsWith(base + sep)) return false;
  try {
    if (!(await stat(file)).isFile()) return false;
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': SCREEN_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    res.end(body);
    return true;
  } catch {
    return false;
  }
}

export const rendererRoot = (projectRoot: string): string => join(projectRoot, 'dist', 'renderer');
