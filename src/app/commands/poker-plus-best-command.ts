// `parsheet poker-plus --best`: the strongest strategy found from exact decision values, played
// and audited (src/math/poker-plus-best.ts, docs/poker-plus-strategy.md). The run's own time is
// reported as wall and CPU seconds with the load average, as the machine may be shared.

import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { DEFAULT_POKER_PLUS_CONFIG } from '../../core';
import { bestPlay, type BestReport, type Headroom } from '../../math/poker-plus-best';
import { CliError } from './command';
import { parseArgs, wholeNumber } from './cli-args';
import { readPayTable } from './paytable-file';

export const BEST_USAGE =
  'parsheet poker-plus --best [--paytable FILE] [--rounds N] [--seed S] [--threads N] [--write-strategy FILE] [--json]';

/** The default run: what `--best` derives from and audits, sized to finish within 15 minutes. */
export const BEST_DEFAULTS = {
  rounds: 1_000_000,
  halfWidth: 0.001,
  derive: { exchange: 2000, second: 20_000, worth: 200_000, final: 200_000 },
  audit: 3000,
  samples: { derive: 12, audit: 24 },
};

const load = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);

export async function pokerPlusBestCommand(args: string[]): Promise<number> {
  const parsed = parseArgs(
    args,
    ['paytable', 'rounds', 'seed', 'threads', 'write-strategy'],
    ['best', 'json'],
    BEST_USAGE,
  );
  if (parsed.positional.length > 0) throw new CliError(`unexpected "${parsed.positional[0]}"; usage: ${BEST_USAGE}`);
  const paytable = parsed.values.get('paytable');
  const config = { ...DEFAULT_POKER_PLUS_CONFIG, payTable: await readPayTable('poker-plus', paytable) };
  const rounds = wholeNumber(parsed.values.get('rounds'), '--rounds', 10_000, 1e10, BEST_DEFAULTS.rounds);
  const threads = wholeNumber(parsed.values.get('threads'), '--threads', 1, 64, 0) || undefined;
  const seed = parsed.values.get('seed') ?? 'best';
  const json = parsed.flags.has('json');
  const loadBefore = load();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await bestPlay({
    ...BEST_DEFAULTS,
    config,
    name: `best play${paytable === undefined ? '' : `, ${paytable}`}`,
    seed,
    rounds,
    ...(threads !== undefined ? { threads } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const used = process.cpuUsage(cpu);
  const time = {
    seconds: Math.round(performance.now() - started) / 1000,
    cpuSeconds: Math.round((used.user + used.system) / 1000) / 1000,
    loadAverage: { before: loadBefore, after: load() },
  };
  const strategyFile = { name: report.strategy.name, tables: report.strategy.tables };
  const file = parsed.values.get('write-strategy');
  if (file !== undefined) await writeFile(file, JSON.stringify(strategyFile, null, 2) + '\n');
  if (json) {
    const { strategy: _played, play, ...rest } = report;
    process.stdout.write(
      JSON.stringify({
        ...rest,
        strategy: strategyFile,
        ...(file !== undefined ? { strategyFile: file } : {}),
        staked: play.staked,
        returned: play.returned,
        ...time,
      }) + '\n',
    );
  } else process.stdout.write(formatBest(report, time));
  return 0;
}

const pct = (x: number, digits = 4): string => `${(x * 100).toFixed(digits)}%`;

function headroomLine(stage: string, h: Headroom): string {
  return `${stage.padEnd(16)}${pct(h.mean).padStart(10)}   95% CI ${pct(h.ci95[0])} .. ${pct(h.ci95[1])}   (${h.points.toLocaleString('en-US')} decisions, ${h.rounds.toLocaleString('en-US')} rounds)`;
}

export function formatBest(
  r: BestReport,
  time: { seconds: number; cpuSeconds: number; loadAverage: { before: number[]; after: number[] } },
): string {
  const lines = [
    `Poker Plus best play: ${Object.entries(r.paytable)
      .filter(([, c]) => c > 0)
      .map(([k, c]) => `${k} ${c}`)
      .join(', ')}`,
    '',
    `strategy found, played ${r.rounds.toLocaleString('en-US')} rounds: RTP ${pct(r.rtp)}   95% CI ${pct(r.ci95[0])} .. ${pct(r.ci95[1])}`,
    '',
    'headroom (the exact best action over the strategy, per chip staked):',
    headroomLine('first action', r.headroom.first),
    headroomLine('second action', r.headroom.second),
    headroomLine('final decision', r.headroom.final),
    '',
    `upper: ${pct(r.upper)}   (the return best play is estimated not to exceed)`,
    '',
    `derived from ${r.method.derive.exchange.decisions} first actions, ${r.method.derive.second.decisions} second actions, ${r.method.derive.worth.decisions + r.method.derive.final.decisions} final decisions;`,
    `first-action exchanges of 2 to 5 cards sampled (${r.method.firstActionDrawsSampled.derive} draws each to derive, ${r.method.firstActionDrawsSampled.audit} or more to audit, ${r.method.firstActionDrawsSampled.auditMean.toFixed(1)} on average); all else exact`,
    `${time.seconds} s wall, ${time.cpuSeconds} s CPU; load average ${time.loadAverage.before.join(' ')} before, ${time.loadAverage.after.join(' ')} after`,
    '',
  ];
  return lines.join('\n');
}
