import { JACKS_OR_BETTER_ID } from '../../core/games/jacks-or-better/id';
import { POKER_PLUS_ID } from '../../core/games/poker-plus/id';
import { familyOf, VIDEO_POKER_FAMILIES } from '../../core/video-poker/families';
import { familyParSheet } from '../../math/video-poker/parsheet-parallel';
import type { FamilyParSheet } from '../../math/video-poker/parsheet';
import { CliError, type Command } from './command';
import { parseArgs, wholeNumber } from './cli-args';
import { longRun } from './long-run';
import { readFamilyPayTable, readPayTable } from './paytable-file';

const USAGE =
  `parsheet ${VIDEO_POKER_FAMILIES.map((f) => f.game).join('|')} [--paytable FILE] [--json] [--threads N] [--quiet] | ` +
  'parsheet poker-plus [--rounds N] [--seed S] [--strategy FILE] [--boxes 1|2] [--paytable FILE] [--engine] [--json] [--quiet] | parsheet poker-plus --best [--paytable FILE] [--rounds N] [--resume DIR] [--json] [--quiet]';

export const parsheetCommand: Command = {
  summary: 'parsheet GAME: exact video-poker par sheet (optimal play), or a simulated Poker Plus one',
  async run(args) {
    const [game, ...rest] = args;
    // Loaded when asked for: the Poker Plus analyses are a large part of the command's start.
    if (game === POKER_PLUS_ID) return (await import('./poker-plus-parsheet')).pokerPlusParSheetCommand(rest);
    const family = game === undefined ? undefined : familyOf(game);
    if (!family) throw new CliError(`usage: ${USAGE}`);
    const parsed = parseArgs(rest, ['paytable', 'threads'], ['json', 'quiet'], USAGE);
    if (parsed.positional.length > 0) throw new CliError(`unexpected "${parsed.positional[0]}"; usage: ${USAGE}`);
    const path = parsed.values.get('paytable');
    // Jacks or Better reads its table as it always has (core's parsePayTable); the generic par
    // sheet gives its figures count for count (src/math/video-poker/family-parsheet.test.ts).
    const table =
      family.game === JACKS_OR_BETTER_ID
        ? await readPayTable(JACKS_OR_BETTER_ID, path)
        : await readFamilyPayTable(family, path);
    const threads = wholeNumber(parsed.values.get('threads'), '--threads', 1, 64, 0) || undefined;
    return longRun(
      { name: `parsheet ${family.game}`, quiet: parsed.flags.has('quiet') },
      async ({ progress, signal }) => {
        const started = performance.now();
        const sheet = await familyParSheet(family, table, { threads, progress, signal });
        const seconds = Math.round(performance.now() - started) / 1000;
        process.stdout.write(
          parsed.flags.has('json')
            ? JSON.stringify({ ...sheet, seconds }) + '\n'
            : formatParSheet(family.name, sheet, seconds),
        );
        return 0;
      },
    );
  },
};

export function formatParSheet(name: string, sheet: FamilyParSheet, seconds: number): string {
  const lines = [`${name}, every deal played by its best hold, max bet`, ''];
  lines.push(`${'hand'.padEnd(20)}${'count'.padStart(22)}${'probability'.padStart(16)}${'return'.padStart(12)}`);
  for (const [hand, line] of Object.entries(sheet.hands)) {
    lines.push(
      `${hand.padEnd(20)}${line.count.toLocaleString('en-US').padStart(22)}${line.probability.toFixed(9).padStart(16)}${line.return.toFixed(6).padStart(12)}`,
    );
  }
  lines.push(
    `${'total'.padEnd(20)}${sheet.total.toLocaleString('en-US').padStart(22)}${(1).toFixed(9).padStart(16)}${sheet.rtp.toFixed(6).padStart(12)}`,
  );
  lines.push('', `RTP ${(sheet.rtp * 100).toFixed(4)}%   (${seconds} s)`, '');
  return lines.join('\n');
}
