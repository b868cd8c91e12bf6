// What `simulate poker-plus` and `parsheet poker-plus` share: their flags, the strategy file,
// the run on every core and the printed report.

import { DEFAULT_POKER_PLUS_CONFIG, POKER_PLUS_ID } from '../../core';
import { DEFAULT_POKER_PLUS_STRATEGY } from '../../math/poker-plus-default-strategy';
import type { PokerPlusReport } from '../../math/poker-plus-sim';
import { simulatePokerPlus } from '../../math/poker-plus-sim-parallel';
import { parseStrategy, type PokerPlusStrategy } from '../../math/poker-plus-strategy';
import { CliError } from './command';
import { parseArgs, wholeNumber } from './cli-args';
import { readPayTable } from './paytable-file';
import { longRun } from './long-run';
import { parseJson, readInput } from './read-input';

export interface PokerPlusRunDefaults {
  /** The command as typed, for its progress and a stopped run's line. */
  name: string;
  usage: string;
  rounds?: number;
  seed?: string;
}

async function readStrategy(path: string | undefined): Promise<PokerPlusStrategy> {
  if (path === undefined) return DEFAULT_POKER_PLUS_STRATEGY;
  const parsed = parseStrategy(parseJson(await readInput(path), path));
  if (!parsed.ok) throw new CliError(`${path}: ${parsed.error}`);
  return parsed.strategy;
}

export async function runPokerPlus(args: string[], defaults: PokerPlusRunDefaults): Promise<number> {
  const parsed = parseArgs(
    args,
    ['rounds', 'seed', 'strategy', 'boxes', 'threads', 'paytable'],
    ['json', 'engine', 'quiet'],
    defaults.usage,
  );
  if (parsed.positional.length > 0)
    throw new CliError(`unexpected "${parsed.positional[0]}"; usage: ${defaults.usage}`);
  const roundsText = parsed.values.get('rounds');
  if (roundsText === undefined && defaults.rounds === undefined)
    throw new CliError(`--rounds is required; usage: ${defaults.usage}`);
  const rounds = wholeNumber(roundsText, '--rounds', 1, 1e12, defaults.rounds ?? 0);
  const seed = parsed.values.get('seed') ?? defaults.seed;
  if (seed === undefined) throw new CliError(`--seed is required; usage: ${defaults.usage}`);
  const boxes = wholeNumber(parsed.values.get('boxes'), '--boxes', 1, 2, 1) as 1 | 2;
  const threads = wholeNumber(parsed.values.get('threads'), '--threads', 1, 64, 0) || undefined;
  const strategy = await readStrategy(parsed.values.get('strategy'));
  const paytable = parsed.values.get('paytable');
  // Without --paytable the P-12 default: the figures of existing seeds stay what they were.
  const config =
    paytable === undefined
      ? undefined
      : { ...DEFAULT_POKER_PLUS_CONFIG, payTable: await readPayTable(POKER_PLUS_ID, paytable) };
  const engine = parsed.flags.has('engine');
  return longRun({ name: defaults.name, quiet: parsed.flags.has('quiet') }, async ({ progress, signal }) => {
    const started = performance.now();
    progress.stage('play', rounds, 'rounds');
    const report = await simulatePokerPlus({
      strategy,
      rounds,
      seed,
      boxes,
      threads,
      config,
      engine,
      progress,
      signal,
    });
    const seconds = (performance.now() - started) / 1000;
    const out = {
      ...report,
      seed,
      seconds: Math.round(seconds * 1000) / 1000,
      roundsPerSecond: Math.round(rounds / seconds),
    };
    process.stdout.write(parsed.flags.has('json') ? JSON.stringify(out) + '\n' : formatReport(report, seed, seconds));
    return 0;
  });
}

const pct = (x: number, digits = 4): string => `${(x * 100).toFixed(digits)}%`;

export function formatReport(r: PokerPlusReport, seed: string, seconds: number): string {
  const lines = [
    `Poker Plus, strategy "${r.strategy}", ${r.boxes === 2 ? 'a seen and a blind box' : 'one seen box'}, ante 1, seed "${seed}"`,
    `${r.rounds.toLocaleString('en-US')} rounds in ${seconds.toFixed(1)} s (${Math.round(r.rounds / seconds).toLocaleString('en-US')} rounds/s)`,
    '',
    `RTP ${pct(r.rtp)}   95% CI ${pct(r.ci95[0])} .. ${pct(r.ci95[1])}   (returned / staked, fees included in staked)`,
    `net per round ${r.netPerRound.toFixed(5)} antes; fees: draw actions ${pct(r.fees.draw, 3)}, buying the game ${pct(r.fees.game, 3)} of all staked`,
    '',
    `${'outcome'.padEnd(22)}${'count'.padStart(14)}${'frequency'.padStart(12)}${'contribution'.padStart(14)}`,
  ];
  const table = (rows: Record<string, { count: number; frequency: number; contribution: number }>): void => {
    for (const [k, v] of Object.entries(rows)) {
      lines.push(
        `${k.padEnd(22)}${v.count.toLocaleString('en-US').padStart(14)}${v.frequency.toFixed(6).padStart(12)}${((v.contribution >= 0 ? '+' : '') + v.contribution.toFixed(6)).padStart(14)}`,
      );
    }
  };
  table(r.outcomes);
  lines.push(
    '',
    `${'seen box final hand'.padEnd(22)}${'count'.padStart(14)}${'frequency'.padStart(12)}${'contribution'.padStart(14)}`,
  );
  table(r.hands);
  lines.push('', 'seen box actions:');
  for (const [path, n] of Object.entries(r.actions)) lines.push(`  ${path.padEnd(32)}${(n / r.rounds).toFixed(6)}`);
  lines.push('', '(contribution: net chips per chip staked; they add up to RTP − 1)', '');
  return lines.join('\n');
}
