// `parsheet poker-plus --best` shortened: the default run with every size divided by SCALE (the
// deals each table is derived from, the decisions audited, the rounds played, the interval's
// half-width times √SCALE so the rounds scale too), so its time scales to the whole. Run by
// today's code (the tree before issue 44, taken out of git: bench/baseline-tree.ts) and by this
// checkout in the same run, on the same seed, stage by stage (deriving each table, playing the
// rounds, the audit of each stage), wall and CPU seconds, with the load average; and whether
// both found the same figures, which they must.
// npm run bench:poker-plus-best [-- --scale N] [--pairs N] [--baseline REF] [--threads N]

import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_POKER_PLUS_CONFIG } from '../src/core';
import { BEST_DEFAULTS } from '../src/app/commands/poker-plus-best-command';
import { bestPlay, type BestOptions, type BestReport } from '../src/math/poker-plus-best';
import { BEST_STAGES } from '../src/math/poker-plus-best-stages';
import { baselineTree, BEFORE_ISSUE_44 } from './baseline-tree';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const scale = Number(flag('scale', '20'));
const pairs = Number(flag('pairs', '1'));
const threads = Number(flag('threads', String(availableParallelism())));
const ref = flag('baseline', BEFORE_ISSUE_44);
if (![scale, pairs, threads].every((x) => Number.isSafeInteger(x) && x >= 1)) {
  process.stderr.write(
    'usage: npm run bench:poker-plus-best -- [--scale N] [--pairs N] [--baseline REF] [--threads N]\n',
  );
  process.exit(2);
}

const options = {
  config: DEFAULT_POKER_PLUS_CONFIG,
  name: 'best play',
  seed: 'best',
  rounds: Math.round(BEST_DEFAULTS.rounds / scale),
  halfWidth: BEST_DEFAULTS.halfWidth * Math.sqrt(scale),
  derive: {
    exchange: Math.round(BEST_DEFAULTS.derive.exchange / scale),
    second: Math.round(BEST_DEFAULTS.derive.second / scale),
    worth: Math.round(BEST_DEFAULTS.derive.worth / scale),
    final: Math.round(BEST_DEFAULTS.derive.final / scale),
  },
  audit: Math.round(BEST_DEFAULTS.audit / scale),
  samples: BEST_DEFAULTS.samples,
  threads,
};

/** The stages as both runs can tell them apart: today's logs a line after each, the pilot and the rounds in one. */
const STAGES = [
  ['derive: exchange table', /derived the exchange table/],
  ['derive: worth table', /derived the worth table/],
  ['derive: second table', /derived the second table/],
  ['derive: final table', /derived the final table/],
  ['play (pilot and rounds)', /played/],
  ['audit: final decision', /audited the final action/],
  ['audit: second action', /audited the second action/],
  ['audit: first action', /audited the first action/],
] as const;
type Times = { wall: number; cpu: number }[];
const zero = (): Times => STAGES.map(() => ({ wall: 0, cpu: 0 }));

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const comparable = (r: BestReport): string => JSON.stringify({ ...r, profile: undefined });

/** Today's code: stage times from the moments of its log lines. */
async function today(run: (o: BestOptions) => Promise<BestReport>, into: Times): Promise<string> {
  let at = performance.now();
  let cpu = process.cpuUsage();
  const report = await run({
    ...options,
    log: (line) => {
      const i = STAGES.findIndex(([, pattern]) => pattern.test(line));
      const used = process.cpuUsage(cpu);
      into[i]!.wall += (performance.now() - at) / 1000;
      into[i]!.cpu += (used.user + used.system) / 1e6;
      at = performance.now();
      cpu = process.cpuUsage();
    },
  });
  return comparable(report);
}

/** This checkout: its own profile by stage. */
async function now(into: Times): Promise<string> {
  const report = await bestPlay(options);
  for (const p of report.profile) {
    const name = BEST_STAGES.find((s) => s.key === p.stage)!.name;
    const i = name.startsWith('play') ? 4 : STAGES.findIndex(([n]) => n === name);
    into[i]!.wall += p.seconds;
    into[i]!.cpu += p.cpuSeconds;
  }
  return comparable(report);
}

const tree = baselineTree(ref);
try {
  const old = (await import(join(tree.dir, 'src/math/poker-plus-best.ts'))) as {
    bestPlay: (o: BestOptions) => Promise<BestReport>;
  };
  const d = options.derive;
  console.log(
    `Poker Plus best play, 1/${scale} of the default run: derived from ${d.exchange}, ${d.worth}, ${d.second} and ${d.final} deals, ` +
      `${options.audit} decisions audited a stage, ${options.rounds.toLocaleString('en-US')} rounds or more (±${(options.halfWidth * 100).toFixed(2)}%), seed "${options.seed}", ${threads} threads`,
  );
  console.log(`today: ${tree.commit.slice(0, 10)} (git archive into ${tree.dir}); now: this checkout`);
  console.log(`load average at the start: ${load()}`);
  const before = zero();
  const after = zero();
  const figures: { today: string; now: string }[] = [];
  for (let p = 0; p < pairs; p++) {
    // Each goes first in turn, so a change in the machine's load favours neither.
    const f = { today: '', now: '' };
    if (p % 2 === 0) {
      f.today = await today(old.bestPlay, before);
      f.now = await now(after);
    } else {
      f.now = await now(after);
      f.today = await today(old.bestPlay, before);
    }
    figures.push(f);
    console.log(`pair ${p + 1} done; load average ${load()}`);
  }
  const col = (x: number, w = 9): string => x.toFixed(1).padStart(w);
  console.log('');
  console.log(
    `${'stage (seconds, summed over the pairs)'.padEnd(40)}${'today wall'.padStart(11)}${'CPU'.padStart(9)}${'now wall'.padStart(11)}${'CPU'.padStart(9)}${'wall ×'.padStart(9)}${'CPU ×'.padStart(8)}`,
  );
  const row = (name: string, a: { wall: number; cpu: number }, b: { wall: number; cpu: number }): void =>
    console.log(
      `${name.padEnd(40)}${col(a.wall, 11)}${col(a.cpu)}${col(b.wall, 11)}${col(b.cpu)}${(a.wall / b.wall).toFixed(2).padStart(9)}${(a.cpu / b.cpu).toFixed(2).padStart(8)}`,
    );
  STAGES.forEach(([name], i) => row(name, before[i]!, after[i]!));
  const sum = (t: Times) => t.reduce((s, x) => ({ wall: s.wall + x.wall, cpu: s.cpu + x.cpu }), { wall: 0, cpu: 0 });
  const a = sum(before);
  const b = sum(after);
  row('whole run', a, b);
  const whole = (x: number): string => `${((x / pairs) * scale).toFixed(0)} s`;
  console.log('');
  console.log(
    `projected to the default run (each stage × ${scale}; a worker's start-up does not scale, so this leans high): ` +
      `today ${whole(a.wall)} wall, ${whole(a.cpu)} CPU; now ${whole(b.wall)} wall, ${whole(b.cpu)} CPU`,
  );
  const same = figures.every((f) => f.today === f.now);
  const r = JSON.parse(figures[0]!.now) as BestReport;
  console.log(
    `figures ${same ? 'identical' : 'DIFFER'}: RTP ${(r.rtp * 100).toFixed(4)}%, 95% ${(r.ci95[0] * 100).toFixed(4)}..${(r.ci95[1] * 100).toFixed(4)}%, upper ${(r.upper * 100).toFixed(4)}%, ${r.rounds.toLocaleString('en-US')} rounds`,
  );
  console.log(`load average at the end: ${load()}`);
  if (!same) process.exitCode = 1;
} finally {
  tree.remove();
}
