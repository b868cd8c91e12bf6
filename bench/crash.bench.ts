// The crash test at scale: `npm run bench:crash -- --kills 1000 [--anchor]`. The cabinet runs its
// real drivers on the serial simulators' pseudo-terminals (socat), as with real ports; with
// --anchor its records are anchored to a software TPM's counter (swtpm). Prints the crashes, the
// games that resumed and every discrepancy found (the target is none).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashTest } from '../test/crash/crash-harness';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const kills = Number(flag('kills', '100'));
const seed = flag('seed', String(Date.now()));
const keep = process.argv.includes('--keep');
const anchor = process.argv.includes('--anchor');
if (!Number.isSafeInteger(kills) || kills < 1) {
  process.stderr.write('usage: npm run bench:crash -- [--kills N] [--seed S] [--anchor] [--keep]\n');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'cabinet-crash-'));
const started = performance.now();
const report = await crashTest({
  dir,
  kills,
  seed,
  anchor,
  log: (line) => {
    if (process.argv.includes('--verbose')) process.stdout.write(line + '\n');
    else if (/^kill \d*[05]0:/.test(line))
      process.stderr.write(`${line} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  },
});
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  [
    `crash test: seed ${seed}, ${report.kills} SIGKILLs in ${seconds.toFixed(1)} s (${report.killedBeforeReady} during start-up or recovery)`,
    `games played ${report.gamesPlayed}; interrupted games resumed with the same cards ${report.resumedGames}`,
    `notes stacked ${report.notesStacked} (${report.recoveredNotes} credited by recovery); vouchers printed ${report.vouchersPrinted} (${report.recoveredVouchers} settled by recovery); vouchers failed or voided and handpaid ${report.voidedVouchers}`,
    ...(anchor
      ? [
          `records anchored to a TPM counter (swtpm): at the end at ${report.anchorEnd}; kills that left the records one ahead of it (between a commit and its advance) ${report.anchorAhead}, each finished by the next start`,
        ]
      : []),
    `discrepancies ${report.discrepancies.length}`,
    ...report.discrepancies.slice(0, 20).map((d) => `  ${d}`),
  ].join('\n') + '\n',
);
if (keep) process.stdout.write(`files kept in ${dir}\n`);
else rmSync(dir, { recursive: true, force: true });
process.exitCode = report.discrepancies.length === 0 ? 0 : 1;
