import { checkBalance, derivedMeters, formatMoney, meterDef } from '../../cabinet';
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
      const { currency, minorDigits } = state.settings;
      const { lifetime, period } = state.meters;
      const check = checkBalance(lifetime, state.balance);
      const names = [...new Set([...Object.keys(lifetime), ...Object.keys(period)])].sort();
      const rows = names.map((name) => {
        const def = meterDef(name, currency, minorDigits);
        return { name, code: def?.code ?? null, unit: def?.unit ?? 'count', label: def?.label ?? name, lifetime: lifetime[name] ?? 0, period: period[name] ?? 0 };
      });
      const derived = derivedMeters(lifetime, state.balance);
      if (a.flags.has('json')) {
        process.stdout.write(
          JSON.stringify({ currency, minorDigits, balance: state.balance, meters: rows, derived, balanceCheck: check, eventChain: store.chain.ok ? 'intact' : 'broken' }) + '\n',
        );
      } else {
        const money = (unit: string, v: number) => (unit === 'money' ? formatMoney(v, minorDigits) : String(v));
        const lines = [
          `meters of ${store.path} (${currency}; money in ${currency}, counts as numbers)`,
          `${'code'.padEnd(5)} ${'meter'.padEnd(36)} ${'lifetime'.padStart(14)} ${'period'.padStart(14)}  what`,
          ...Object.values(derived).map((d) => `${d.code.padEnd(5)} ${'(derived)'.padEnd(36)} ${formatMoney(d.value, minorDigits).padStart(14)} ${''.padStart(14)}  ${d.label}`),
          ...rows.map((r) => `${(r.code ?? '').padEnd(5)} ${r.name.padEnd(36)} ${money(r.unit, r.lifetime).padStart(14)} ${money(r.unit, r.period).padStart(14)}  ${r.label}`),
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
