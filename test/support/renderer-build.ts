// Builds the real renderer once per test process into a folder of its own, so that test files
// running side by side never empty each other's output (vite's emptyOutDir).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let built: Promise<string> | null = null;

export function buildRenderer(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'renderer-build-'));
    await build({
      root: join(ROOT, 'renderer'),
      configFile: join(ROOT, 'renderer', 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    return outDir;
  })();
  return built;
}

// Sound without a touch first, as the cabinet's Electron window allows (src/main/window-options.ts).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--autoplay-policy=no-user-gesture-required',
];
