// The crash test at scale: `npm run bench:crash -- --kills 1000 [--acceptor ebds] [--printer tcl] [--tickets-per-mille N] [--anchor] [--aft]`;
// with `--sas MODE` (secure-enhanced, system or standard) the host simulator is on a SAS link in
// that validation mode and validates every ticket; with --anchor the records are anchored to a
// software TPM's counter (swtpm). The cabinet runs its real drivers on the serial simulators'
// pseudo-terminals (socat), as with real ports. Prints the crashes, the games that resumed and
// every discrepancy found (the target is none).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VALIDATION_MODES, type ValidationMode } from '../src/cabinet';
import { crashTest } from '../test/crash/crash-harness';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value : fallback;
}

const kills = Number(flag('kills', '100'));
const seed = flag('seed', String(Date.now()));
const acceptor = flag('acceptor', 'id003');
const printer = flag('printer', 'escpos');
const ticketsPerMille = Number(flag('tickets-per-mille', '0'));
const keep = process.argv.includes('--keep');
const anchor = process.argv.includes('--anchor');
const aft = process.argv.includes('--aft');
const sasMode = process.argv.includes('--sas') || aft ? flag('sas', 'secure-enhanced') : null;
const isMode = (m: string): m is ValidationMode => (VALIDATION_MODES as readonly string[]).includes(m);
if (
  !Number.isSafeInteger(kills) ||
  kills < 1 ||
  (sasMode !== null && !isMode(sasMode)) ||
  (acceptor !== 'id003' && acceptor !== 'ebds') ||
  (printer !== 'escpos' && printer !== 'tcl') ||
  !Number.isSafeInteger(ticketsPerMille) ||
  ticketsPerMille < 0
) {
  process.stderr.write(
    `usage: npm run bench:crash -- [--kills N] [--seed S] [--sas ${VALIDATION_MODES.join('|')}] [--acceptor id003|ebds] [--printer escpos|tcl] [--tickets-per-mille N] [--anchor] [--aft] [--keep]\n`,
  );
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'cabinet-crash-'));
const started = performance.now();
const report = await crashTest({
  dir,
  kills,
  seed,
  anchor,
  acceptor,
  printer,
  ticketsPerMille,
  ...(sasMode !== null && isMode(sasMode) ? { sas: true, validation: sasMode, ticketsPerMille: 300, aft } : {}),
  log: (line) => {
    if (process.argv.includes('--verbose')) process.stdout.write(line + '\n');
    else if (/^kill \d*[05]0:/.test(line))
      process.stderr.write(`${line} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  },
});
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  [
    `crash test (${acceptor} acceptor, ${printer} printer): seed ${seed}, ${report.kills} SIGKILLs in ${seconds.toFixed(1)} s (${report.killedBeforeReady} during start-up or recovery)`,
    `games played ${report.gamesPlayed}; interrupted games resumed with the same cards ${report.resumedGames}`,
    `notes stacked ${report.notesStacked} (${report.recoveredNotes} credited by recovery); vouchers printed ${report.vouchersPrinted} (${report.recoveredVouchers} settled by recovery); vouchers failed or voided and handpaid ${report.voidedVouchers}`,
    ...(anchor
      ? [
          `records anchored to a TPM counter (swtpm): at the end at ${report.anchorEnd}; kills that left the records one or two ahead of it (between commits and their advances) ${report.anchorAhead}, two of them ${report.anchorTwoAhead}, each finished by the next start`,
        ]
      : []),
    ...(sasMode
      ? [
          `SAS (${sasMode} validation): tickets inserted ${report.ticketsInserted}, stacked ${report.ticketsStacked}, returned ${report.ticketsReturned}; host redeemed ${report.hostRedeemed}, final statuses read ${report.hostFinalStatuses}; vouchers the host learnt ${report.hostVouchers} (${report.hostVouchersUnread} yet to read); cash-outs paid by hand ${report.handpaidCashouts}`,
        ]
      : []),
    ...(report.aft
      ? [
          `AFT: transfers in ${report.aft.transfersIn}, out ${report.aft.transfersOut}, refused ${report.aft.refused}; settled by interrogation after a kill ${report.aft.resolvedByInterrogation}; unknown at the end ${report.aft.unknownAtEnd}`,
        ]
      : []),
    `tickets put in ${report.ticketsInserted}: stacked ${report.ticketsStacked} (${report.recoveredTickets} credited by recovery), returned ${report.ticketsReturned}`,
    `discrepancies ${report.discrepancies.length}`,
    ...report.discrepancies.slice(0, 20).map((d) => `  ${d}`),
  ].join('\n') + '\n',
);
if (keep) process.stdout.write(`files kept in ${dir}\n`);
else rmSync(dir, { recursive: true, force: true });
process.exitCode = report.discrepancies.length === 0 ? 0 : 1;
