// A cabinet's start with every pay table installed and every game offered (issue 38 §3): each
// start in a process of its own, so that nothing is remembered between them but what the data
// folder keeps. The first start works out the par sheets of the tables in play (C-24, before the
// database opens), then the other installed tables' in turns; the next starts read them back
// from the par-sheet file (src/app/service/par-sheet-file.ts). Prints, for each start, the time
// to a running cabinet and the time until every installed table has its return.
// npm run bench:start [-- --starts N]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const ONE = '--one-start';

async function oneStart(dataDir: string): Promise<void> {
  const { parseConfig } = await import('../src/app/config');
  const { simulatedCabinet } = await import('../src/app/testing/simulated-cabinet');
  const config = parseConfig({ devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated' } });
  const began = performance.now();
  const { app } = await simulatedCabinet({ config, dataDir });
  const running = performance.now() - began;
  const rated = await app.payTablesRated();
  const allRated = performance.now() - began;
  const tables = rated?.installed.length ?? 0;
  await app.close();
  process.stdout.write(`${JSON.stringify({ running, allRated, tables, games: config.settings.games.length })}\n`);
}

if (process.argv[2] === ONE) {
  await oneStart(process.argv[3]!);
} else {
  const at = process.argv.indexOf('--starts');
  const starts = at >= 0 ? Number(process.argv[at + 1]) : 3;
  const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const dataDir = join(dir, 'data');
  try {
    process.stdout.write(`load average ${loadavg()[0]!.toFixed(2)}\n`);
    for (let i = 1; i <= starts; i++) {
      const began = performance.now();
      const run = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, ONE, dataDir], {
        encoding: 'utf8',
      });
      const whole = performance.now() - began;
      if (run.status !== 0) throw new Error(`start ${i} failed: ${run.stderr}`);
      const r = JSON.parse(run.stdout.trim().split('\n').pop()!) as Record<string, number>;
      process.stdout.write(
        `start ${i}${i === 1 ? ' (fresh data folder)' : ''}: running in ${(r.running! / 1000).toFixed(2)} s, ` +
          `all ${r.tables} installed tables rated in ${(r.allRated! / 1000).toFixed(2)} s, ` +
          `process ${(whole / 1000).toFixed(2)} s (${r.games} games offered)\n`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
