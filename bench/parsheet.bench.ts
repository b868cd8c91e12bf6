// The exact par sheet of every installed video-poker table, each as a whole process the way a
// technician runs it (`node --import tsx src/app/cli.ts parsheet GAME --paytable FILE --json`,
// what `npm run -s cabinet` starts, without npm's own start): wall time and CPU time (user +
// system, workers included), best and median of RUNS (3), with the return to six decimals.
// Yardstick in the same run: Jacks or Better 9/6 by the code before issue 38 (its own par
// sheet on every core; the tree taken out of git, bench/baseline-tree.ts; BASELINE=REF for
// another). Then each family's time against Jacks or Better's.

import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { familyOf } from '../src/core/video-poker/families';
import { parseFamilyPayTable, type VideoPokerPayTable } from '../src/core/video-poker';
import { cachedParSheet, type ParSheetStore } from '../src/math/video-poker/parsheet-cache';
import { baselineTree } from './baseline-tree';

/** Main as issue 38 began: Jacks or Better's own par sheet, every command loaded at start. */
const BEFORE_ISSUE_38 = '6c6ef8337e9e0c3d147dd4efaf7274aa3e449ac4';

const root = join(import.meta.dirname, '..');
const runs = Number(process.env.RUNS ?? 3);
const folder = join(root, 'assets', 'paytables');

interface Run {
  wall: number;
  cpu: number;
  rtp: number;
  /** The sheet as printed, less its time. */
  sheet: string;
}

/** One whole process, timed: wall here, CPU from the shell's `times` (its children's user and system time). */
function once(tree: string, game: string, file: string): Run {
  const command = `node --import tsx "${join(tree, 'src/app/cli.ts')}" parsheet ${game} --paytable "${file}" --json --quiet > "$OUT"; times`;
  const out = join(process.env.TMPDIR ?? '/tmp', `parsheet-bench-${process.pid}.json`);
  const started = performance.now();
  const child = spawnSync('bash', ['-c', command], { cwd: root, encoding: 'utf8', env: { ...process.env, OUT: out } });
  const wall = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`parsheet ${game} ${file}: exit ${child.status}\n${child.stderr}`);
  // `times` prints the shell's own times, then its children's: "0m1.234s 0m0.056s".
  const seconds = (t: string): number => {
    const m = /^(\d+)m([\d.]+)s$/.exec(t);
    if (!m) throw new Error(`times: ${t}`);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const children = child.stdout.trim().split('\n').at(-1)!.trim().split(/\s+/);
  const cpu = seconds(children[0]!) + seconds(children[1]!);
  const { seconds: _, ...sheet } = JSON.parse(readFileSync(out, 'utf8')) as { rtp: number; seconds: number };
  return { wall, cpu, rtp: sheet.rtp, sheet: JSON.stringify(sheet) };
}

function measure(tree: string, game: string, file: string): { best: Run; medianWall: number; medianCpu: number } {
  const all = Array.from({ length: runs }, () => once(tree, game, file));
  const byWall = [...all].sort((a, b) => a.wall - b.wall);
  const byCpu = [...all].sort((a, b) => a.cpu - b.cpu);
  return { best: byWall[0]!, medianWall: byWall[runs >> 1]!.wall, medianCpu: byCpu[runs >> 1]!.cpu };
}

const line = (name: string, m: ReturnType<typeof measure>): string =>
  `${name.padEnd(30)} wall ${m.best.wall.toFixed(2)} s best, ${m.medianWall.toFixed(2)} s median; CPU ${m.medianCpu.toFixed(2)} s median; RTP ${(m.best.rtp * 100).toFixed(6)}%`;

console.log(
  `whole-process par sheets, ${runs} runs each; load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
const ref = process.env.BASELINE ?? BEFORE_ISSUE_38;
const baseline = baselineTree(ref);
let yardstick = '';
try {
  const before = measure(baseline.dir, 'jacks-or-better', join(folder, 'jacks-or-better-9-6.json'));
  console.log(line(`yardstick ${baseline.commit.slice(0, 7)} jacks-or-better-9-6`, before));
  yardstick = before.best.sheet;
} finally {
  baseline.remove();
}
const files = readdirSync(folder)
  .filter((n) => n.endsWith('.json'))
  .sort()
  .map((n) => ({
    name: n.replace(/\.json$/, ''),
    file: join(folder, n),
    game: (JSON.parse(readFileSync(join(folder, n), 'utf8')) as { game: string }).game,
  }))
  .filter((t) => familyOf(t.game) !== undefined);
const results = files.map((t) => {
  const m = measure(root, t.game, t.file);
  console.log(line(t.name, m));
  return { ...t, m };
});
const jacks = results.find((r) => r.name === 'jacks-or-better-9-6')!.m;
console.log(
  jacks.best.sheet === yardstick
    ? "Jacks or Better 9/6 by the families' par sheet: the yardstick's sheet, count for count"
    : "Jacks or Better 9/6 by the families' par sheet DIFFERS from the yardstick's",
);
console.log(
  `\nagainst Jacks or Better 9/6 (wall ${jacks.best.wall.toFixed(2)} s, CPU ${jacks.medianCpu.toFixed(2)} s):`,
);
for (const r of results)
  console.log(
    `${r.name.padEnd(30)} ${(r.m.best.wall / jacks.best.wall).toFixed(2)}× wall, ${(r.m.medianCpu / jacks.medianCpu).toFixed(2)}× CPU`,
  );
// A start with every table installed: each sheet worked out (a cold store), then read back
// from the store keyed by digest, as a cabinet that keeps them with its records starts.
const store = new Map<string, unknown>();
const kept: ParSheetStore = {
  get: (d) => store.get(d),
  set: (d, sheet) => void store.set(d, JSON.parse(JSON.stringify(sheet))),
};
const installed = files.map((t) => {
  const family = familyOf(t.game)!;
  const parsed = parseFamilyPayTable(family, (JSON.parse(readFileSync(t.file, 'utf8')) as { table: unknown }).table);
  if (!parsed.ok) throw new Error(`${t.file}: ${parsed.error}`);
  return { family, table: parsed.table as VideoPokerPayTable };
});
for (const pass of ['cold (every sheet worked out)', 'from the store (every sheet kept)']) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let worked = 0;
  for (const { family, table } of installed) if (!(await cachedParSheet(family, table, kept)).kept) worked++;
  const used = process.cpuUsage(cpu);
  console.log(
    `start with ${installed.length} tables, ${pass}: ${((performance.now() - started) / 1000).toFixed(3)} s wall, ${((used.user + used.system) / 1e6).toFixed(3)} s CPU, ${worked} worked out`,
  );
}
console.log(
  `load average at the end ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
