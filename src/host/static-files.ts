// Serves the built renderer: only files below the root, never a path that climbs out of it.

import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { SCREEN_CONTENT_TYPES, screenCsp } from '../contract';

/** Content-Security-Policy for the screen: its own scripts and the carrier's socket only. */
export const SCREEN_CSP = screenCsp("'self' ws://127.0.0.1:* ws://localhost:*");

export async function serveStatic(root: string, urlPath: string, res: ServerResponse): Promise<boolean> {
  let path: string;
  try {
    const query = urlPath.indexOf('?');
    path = decodeURIComponent(query < 0 ? urlPath : urlPath.slice(0, query));
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
      'content-type': SCREEN_CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
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
