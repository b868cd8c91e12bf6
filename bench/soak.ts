// Soak: `npm run soak -- --games N` plays N games through the cabinet, the runner and the store
// on a real database file (WAL, synchronous=FULL, one transaction per transition), with the
// simulated devices and the seeded bot, then checks the meters and the device ledger.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeededRandom } from '../src/core';
import { parseConfig } from '../src/app/config';
import { openStore, startBotCabinet } from '../src/app/cabinet-app';
import { inspect } from '../src/app/sim/crash-harness';
import { PlayerBot } from '../src/app/sim/player-bot';
import { SimulatedDevices } from '../src/app/sim/simulated-devices';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const games = Number(flag('games', '2000'));
const seed = flag('seed', 'soak');
if (!Number.isSafeInteger(games) || games < 1) {
  process.stderr.write('usage: npm run soak -- [--games N] [--seed S] [--dir DIR]\n');
  process.exit(2);
}
// --dir /dev/shm shows what the CPU can do when fsync costs nothing.
const dir = mkdtempSync(join(flag('dir', tmpdir()), 'cabinet-soak-'));
const db = join(dir, 'cabinet.db');
const ledger = join(dir, 'devices.jsonl');
try {
  const store = openStore(db);
  const random = new SeededRandom(`soak:${seed}`);
  const sim = new SimulatedDevices({ ledgerPath: ledger, printFailRate: 0.02, random });
  const app = await startBotCabinet(parseConfig({}), store, sim, seed);
  sim.connect();
  await sim.settled();
  const commitsBefore = app.runner.state.version;
  const started = performance.now();
  const summary = await new PlayerBot(app.runner, sim, { games, random }).run();
  const seconds = (performance.now() - started) / 1000;
  const commits = app.runner.state.version - commitsBefore;
  await app.close();
  const check = inspect(db, ledger, true);
  process.stdout.write(
    [
      `soak: database in ${dir}`,
      `  ${summary.games} games in ${seconds.toFixed(2)} s = ${(summary.games / seconds).toFixed(0)} games/s`,
      `  ${commits} committed transitions (${(commits / summary.games).toFixed(2)} per game, ${(commits / seconds).toFixed(0)} per second, synchronous=FULL)`,
      `  notes ${summary.notes}, cash-outs ${summary.cashOuts}, handpays ${summary.handpays}, door opens ${summary.doorOpens}, refused wishes ${summary.refusals}`,
      `  meters after the soak: ${check.problems.length === 0 ? 'C-9 balanced, notes and vouchers match the devices, event chain intact' : check.problems.join('; ')}`,
    ].join('\n') + '\n',
  );
  process.exitCode = check.problems.length === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
