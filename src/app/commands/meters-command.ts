import { formatMoney } from '../../cabinet';
import { metersReport } from '../service/meters-report';
import { parseArgs } from './cli-args';
import { CliError, type Command } from './command';
import { openForReading } from './open-db';

const USAGE = 'meters --db FILE [--json]';

export const metersCommand: Command = {
  summary: `${USAGE}: lifetime and period meters (SAS codes where one exists) and the C-9 balance check`,
  async run(args) {
    const a = parseArgs(args, ['db'], ['json'], USAGE);
    if (a.positional.length > 0) throw new CliError(`unexpected argument "${a.positional[0]}"; usage: ${USAGE}`);
    const store = openForReading(a.values.get('db'), USAGE);
    try {
      const state = store.load();
      if (!state) throw new CliError('the database holds no cabinet state yet');
      const report = metersReport(state, store.chain.ok);
      const { currency, minorDigits, meters: rows, derived, balanceCheck: check } = report;
      if (a.flags.has('json')) {
        process.stdout.write(JSON.stringify(report) + '\n');
      } else {
        const money = (unit: string, v: number) => (unit === 'money' ? formatMoney(v, minorDigits) : String(v));
        const lines = [
          `meters of ${store.path} (${currency}; money in ${currency}, counts as numbers)`,
          `${'code'.padEnd(5)} ${'meter'.padEnd(36)} ${'lifetime'.padStart(14)} ${'period'.padStart(14)}  what`,
          ...Object.values(derived).map(
            (d) =>
              `${d.code.padEnd(5)} ${'(derived)'.padEnd(36)} ${formatMoney(d.value, minorDigits).padStart(14)} ${''.padStart(14)}  ${d.label}`,
          ),
          ...rows.map(
            (r) =>
              `${(r.code ?? '').padEnd(5)} ${r.name.padEnd(36)} ${money(r.unit, r.lifetime).padStart(14)} ${money(r.unit, r.period).padStart(14)}  ${r.label}`,
          ),
          ...report.games.map(
            (g) =>
              `game ${g.sas} ${g.name}: pay table ${g.payTable}${g.offered ? '' : ' (not offered)'} (its meters: ${g.id}/...)`,
          ),
          check.ok
            ? `C-9 balance check: ok (current credits ${formatMoney(check.actual, minorDigits)})`
            : `C-9 balance check: MISMATCH: the meters say ${formatMoney(check.expected, minorDigits)}, the balance is ${formatMoney(check.actual, minorDigits)}`,
        ];
        if (!store.chain.ok) lines.push(`event log chain: BROKEN at row ${store.chain.seq} (see events --verify)`);
        process.stdout.write(lines.join('\n') + '\n');
      }
      return check.ok ? 0 : 1;
    } finally {
      store.close();
    }
  },
};
