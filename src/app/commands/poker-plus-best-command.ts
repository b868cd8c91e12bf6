// `parsheet poker-plus --best`: the strongest strategy found from exact decision values, played
// and audited (src/math/poker-plus-best.ts, docs/poker-plus-strategy.md). The run's own time is
// reported as wall and CPU seconds with the load average, as the machine may be shared, and
// stage by stage. Each stage is kept in a folder as it finishes (`--resume DIR`, else a
// temporary one, removed when the run ends well), so a stopped run resumes where it was.

import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_POKER_PLUS_CONFIG, POKER_PLUS_ID } from '../../core';
import { bestPlay, type BestOptions, type BestReport, type Headroom } from '../../math/poker-plus-best';
import { BEST_PLAN, nameOf, StageResumeError } from '../../math/poker-plus-best-stages';
import { StageFolder } from './best-stage-folder';
import { CliError } from './command';
import { parseArgs, wholeNumber } from './cli-args';
import { longRun } from './long-run';
import { readPayTable } from './paytable-file';

export const BEST_USAGE =
  'parsheet poker-plus --best [--paytable FILE] [--rounds N] [--seed S] [--threads N] [--write-strategy FILE] [--resume DIR] [--json] [--quiet]';

/** The default run: what `--best` derives from and audits, sized to finish within 15 minutes. */
export const BEST_DEFAULTS = {
  rounds: 1_000_000,
  halfWidth: 0.001,
  derive: { exchange: 2000, second: 20_000, worth: 200_000, final: 200_000 },
  audit: 3000,
  samples: { derive: 12, audit: 24 },
};

const load = (): number[] => loadavg().map((x) => Math.round(x * 100) / 100);

/** What decides a run's figures (a resumed run must have the same); threads do not. */
export type BestSettings = Omit<BestOptions, 'threads' | 'progress' | 'log' | 'stages' | 'signal'>;

const quoted = (arg: string): string => (/^[\w./:=@%+-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

export async function pokerPlusBestCommand(args: string[]): Promise<number> {
  const parsed = parseArgs(
    args,
    ['paytable', 'rounds', 'seed', 'threads', 'write-strategy', 'resume'],
    ['best', 'json', 'quiet'],
    BEST_USAGE,
  );
  if (parsed.positional.length > 0) throw new CliError(`unexpected "${parsed.positional[0]}"; usage: ${BEST_USAGE}`);
  const paytable = parsed.values.get('paytable');
  const config = { ...DEFAULT_POKER_PLUS_CONFIG, payTable: await readPayTable(POKER_PLUS_ID, paytable) };
  const rounds = wholeNumber(parsed.values.get('rounds'), '--rounds', 10_000, 1e10, BEST_DEFAULTS.rounds);
  const threads = wholeNumber(parsed.values.get('threads'), '--threads', 1, 64, 0) || undefined;
  const seed = parsed.values.get('seed') ?? 'best';
  const settings: BestSettings = {
    ...BEST_DEFAULTS,
    config,
    name: `best play${paytable === undefined ? '' : `, ${paytable}`}`,
    seed,
    rounds,
  };
  const resume = parsed.values.get('resume');
  const folder = new StageFolder(resume ?? mkdtempSync(join(tmpdir(), 'poker-plus-best-')), settings);
  const again = [...args.filter((a, i) => a !== '--resume' && args[i - 1] !== '--resume'), '--resume', folder.dir];
  return longRun(
    {
      name: 'parsheet poker-plus --best',
      quiet: parsed.flags.has('quiet'),
      plan: BEST_PLAN,
      stopped: () =>
        folder.finished.length === 0
          ? [`no stage had finished${resume === undefined ? '' : ` (${folder.dir} holds none)`}`]
          : [
              `its finished stages are kept in ${folder.dir} (${folder.finished.map(nameOf).join(', ')});`,
              `resume with: npm run -s cabinet -- parsheet poker-plus ${again.map(quoted).join(' ')}`,
            ],
    },
    async ({ progress, signal }) => {
      const code = await runBest(parsed.flags.has('json'), parsed.values.get('write-strategy'), {
        ...settings,
        ...(threads !== undefined ? { threads } : {}),
        progress,
        signal,
        stages: folder,
      });
      // A temporary folder served its run; a folder the user named stays, the run's record.
      if (resume === undefined) rmSync(folder.dir, { recursive: true, force: true });
      return code;
    },
  );
}

/** Runs the analysis and prints its report (as JSON with `json`); `file`: where the strategy is written too. */
export async function runBest(json: boolean, file: string | undefined, options: BestOptions): Promise<number> {
  const loadBefore = load();
  const started = performance.now();
  const cpu = process.cpuUsage();
  let report: BestReport;
  try {
    report = await bestPlay(options);
  } catch (e) {
    if (e instanceof StageResumeError && options.stages instanceof StageFolder)
      throw new CliError(`--resume ${options.stages.dir}: ${e.message}; remove that stage's file to run it again`);
    throw e;
  }
  const used = process.cpuUsage(cpu);
  const time = {
    seconds: Math.round(performance.now() - started) / 1000,
    cpuSeconds: Math.round((used.user + used.system) / 1000) / 1000,
    loadAverage: { before: loadBefore, after: load() },
  };
  const strategyFile = { name: report.strategy.name, tables: report.strategy.tables };
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
    `${'time by stage'.padEnd(26)}${'wall s'.padStart(10)}${'CPU s'.padStart(10)}`,
    ...r.profile.map(
      (p) =>
        `${nameOf(p.stage).padEnd(26)}${(p.resumed ? 'resumed' : p.seconds.toFixed(1)).padStart(10)}${(p.resumed ? '' : p.cpuSeconds.toFixed(1)).padStart(10)}`,
    ),
    '',
  ];
  return lines.join('\n');
}
