// The cabinet's command line (src/app/cli.ts) bundled once per test process, for the tests that
// start it as a child process again and again (the crash tests: dozens of SIGKILLs a file).
// Started through tsx, every child transpiles and resolves the whole program before its first
// line runs: about 1.7 s of CPU, against 0.7 s for the same code bundled by the same esbuild.
// The bundle sits under node_modules/.cache, inside the package, so the program finds its
// package root, its assets and its dependencies as it does from src/.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let bundled: Promise<string> | null = null;

/** The path of the bundled CLI, built on the first call; removed when this process exits. */
export function cliBundle(): Promise<string> {
  bundled ??= (async () => {
    const cache = join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(join(cache, 'cabinet-cli-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, 'cli.mjs');
    await build({
      entryPoints: [join(ROOT, 'src', 'app', 'cli.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages load from node_modules at run time, native ones above all, as under tsx.
      packages: 'external',
      tsconfig: join(ROOT, 'tsconfig.json'),
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}
