// Bundles the main process (ESM, as package.json's "type" says) and the preload (CommonJS,
// because a sandboxed preload cannot be a module) into dist/main. Packages stay outside the
// bundle: electron is the runtime's own, and better-sqlite3 and serialport are native modules
// that electron-builder rebuilds for Electron and unpacks from the asar.
// Run: npm run build:main

import { build, type BuildOptions } from 'esbuild';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BuiltMain {
  main: string;
  preload: string;
}

/** Electron 45 runs Chromium 142 and Node 22. */
const TARGETS = { main: 'node22', preload: 'chrome142' } as const;

export async function buildMain(projectRoot: string, outDir = join(projectRoot, 'dist', 'main')): Promise<BuiltMain> {
  const common: BuildOptions = {
    bundle: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    absWorkingDir: projectRoot,
    tsconfig: join(projectRoot, 'tsconfig.json'),
  };
  const main = join(outDir, 'main.js');
  const preload = join(outDir, 'preload.cjs');
  await Promise.all([
    build({
      ...common,
      entryPoints: [join(projectRoot, 'src', 'main', 'main.ts')],
      outfile: main,
      platform: 'node',
      format: 'esm',
      target: TARGETS.main,
      // Every package, native or not, loads from node_modules at run time (inside the asar).
      packages: 'external',
      external: ['electron'],
    }),
    build({
      ...common,
      entryPoints: [join(projectRoot, 'src', 'main', 'preload.ts')],
      outfile: preload,
      // A sandboxed preload has no Node: only electron's renderer modules, so nothing else is external.
      platform: 'browser',
      format: 'cjs',
      target: TARGETS.preload,
      external: ['electron'],
    }),
  ]);
  return { main, preload };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  buildMain(root).then(
    (built) => console.log(`built ${built.main} and ${built.preload}`),
    (error: unknown) => {
      console.error(`build:main failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
