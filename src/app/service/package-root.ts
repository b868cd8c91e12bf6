// The package's own folder, found from a module's location: the nearest folder above it with a
// package.json. The same walk works from src/ under tsx, from dist/main/main.js once bundled and
// inside Electron's app.asar, where the folders between differ.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(moduleUrl: string | URL = import.meta.url): string {
  const start = dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}: cannot find the cabinet's assets`);
  }
}
