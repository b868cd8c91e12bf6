import { SeededRandom, type RandomSource } from '../../core';
import { rngReportSteps, type RngReport } from '../../math/rng-report';
import { CryptoRandom } from '../crypto-random';
import { CliError, type Command } from './command';
import { parseArgs, wholeNumber } from './cli-args';
import { inTurns, longRun } from './long-run';

const USAGE = 'rng-report --deals N [--values N] [--source crypto|seeded:SEED] [--json] [--quiet]';

function sourceOf(spec: string): RandomSource {
  if (spec === 'crypto') return new CryptoRandom();
  if (spec.startsWith('seeded:') && spec.length > 'seeded:'.length)
    return new SeededRandom(spec.slice('seeded:'.length));
  throw new CliError(`--source must be "crypto" or "seeded:SEED", got "${spec}"`);
}

export const rngReportCommand: Command = {
  summary: 'rng-report --deals N: chi-square, runs and serial-correlation tests of the random source (99% confidence)',
  async run(args) {
    const parsed = parseArgs(args, ['deals', 'values', 'source'], ['json', 'quiet'], USAGE);
    if (parsed.positional.length > 0) throw new CliError(`unexpected "${parsed.positional[0]}"; usage: ${USAGE}`);
    if (!parsed.values.has('deals')) throw new CliError(`--deals is required; usage: ${USAGE}`);
    const deals = wholeNumber(parsed.values.get('deals'), '--deals', 1, 1e10, 0);
    const valuesText = parsed.values.get('values');
    const values = valuesText === undefined ? undefined : wholeNumber(valuesText, '--values', 3, 1e10, 0);
    const spec = parsed.values.get('source') ?? 'crypto';
    const source = sourceOf(spec);
    return longRun({ name: 'rng-report', quiet: parsed.flags.has('quiet') }, async ({ progress, signal }) => {
      const started = performance.now();
      const report = await inTurns(rngReportSteps(source, { deals, values }, progress), signal);
      const seconds = Math.round(performance.now() - started) / 1000;
      process.stdout.write(
        parsed.flags.has('json')
          ? JSON.stringify({ source: spec, ...report, seconds }) + '\n'
          : formatRngReport(report, spec, seconds),
      );
      // A failed report is an answer, not an error: exit 0 either way, as the lab reads the figures.
      return 0;
    });
  },
};

export function formatRngReport(report: RngReport, source: string, seconds: number): string {
  const lines = [
    `RNG report: source ${source}, ${report.deals.toLocaleString('en-US')} deals (shuffled 52-card decks), ${report.values.toLocaleString('en-US')} raw 32-bit values, ${seconds} s`,
    `each test passes at ${(100 * (1 - report.alpha)).toFixed(0)}% confidence (p ≥ ${report.alpha})`,
    '',
  ];
  for (const t of report.tests) {
    const stat = t.df === undefined ? `z = ${t.statistic.toFixed(3)}` : `χ² = ${t.statistic.toFixed(2)}, df ${t.df}`;
    lines.push(
      `${(t.pass ? 'PASS' : 'FAIL').padEnd(6)}${t.name.padEnd(30)}${stat.padEnd(28)}p = ${t.pValue.toPrecision(4).padEnd(12)}${t.detail}`,
    );
  }
  lines.push('', report.pass ? 'overall: PASS' : 'overall: FAIL', '');
  return lines.join('\n');
}
