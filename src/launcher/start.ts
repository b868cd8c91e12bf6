// `npm start`: the cabinet in Electron where its binary is installed, otherwise the same screen
// served to a browser by the host, said in one line. Simulated devices and ./data/cabinet.db
// unless the configuration names serial ports; the simulators' page carries a token printed here.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../app/cabinet-app';
import { electronLaunchPlan } from '../main/launch';
import { startBrowserCabinet } from './browser-cabinet';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface StartArgs {
  config?: string;
  db: string;
  port: number;
  browser: boolean;
}

function parseArgs(argv: string[]): StartArgs {
  const args: StartArgs = { db: './data/cabinet.db', port: 8080, browser: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--config') args.config = value();
    else if (a === '--db') args.db = value();
    else if (a === '--port') {
      args.port = Number(value());
      if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535)
        throw new Error('--port must be 0 to 65535');
    } else if (a === '--browser') args.browser = true;
    else throw new Error(`unknown option ${a} (known: --config FILE, --db FILE, --port N, --browser)`);
  }
  return args;
}

/** Newest modification time of the files below a folder. */
function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function buildRendererIfStale(): void {
  const built = join(root, 'dist', 'renderer', 'index.html');
  if (
    existsSync(built) &&
    statSync(built).mtimeMs >= Math.max(newest(join(root, 'renderer')), newest(join(root, 'src', 'contract')))
  )
    return;
  console.log('building the cabinet screen (vite)…');
  const r = spawnSync('npm', ['run', '-s', 'build:renderer'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the screen did not build (npm run build:renderer)');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // The config file first, pay-table returns included (C-24): a file the cabinet would refuse
  // stops here, before anything is built, started or written.
  loadConfig(args.config);
  buildRendererIfStale();
  const plan = electronLaunchPlan(root);
  if (!args.browser && (plan.available || plan.command)) {
    const build = spawnSync('npm', ['run', '-s', 'build:main'], { cwd: root, stdio: 'inherit' });
    if (build.status === 0) {
      const retry = electronLaunchPlan(root);
      if (retry.available && retry.command) {
        const extra = [...(args.config ? ['--config', args.config] : []), '--db', args.db];
        const child = spawn(retry.command, [...(retry.args ?? []), ...extra], { cwd: root, stdio: 'inherit' });
        child.on('exit', (code) => process.exit(code ?? 1));
        return;
      }
    }
  }
  const why = args.browser
    ? 'asked for the browser'
    : `Electron is not installed here: ${plan.reason ?? 'unknown reason'}`;
  const running = await startBrowserCabinet({ root, config: args.config, db: args.db, port: args.port });
  const simulators = running.devUrl ? ` (simulators: ${running.devUrl})` : '';
  console.log(`${why}. Serving the cabinet screen at ${running.url}${simulators}; Ctrl-C stops it.`);
  const stop = (): void => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
});
