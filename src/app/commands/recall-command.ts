import { formatMoney } from '../../cabinet';
import { RECALL_KEEP } from '../../store';
import { parseArgs, wholeNumber } from './cli-args';
import { CliError, type Command } from './command';
import { openForReading } from './open-db';

const USAGE = 'recall --db FILE [--last N] [--json] [--replay GAME_ID]';

export const recallCommand: Command = {
  summary: `${USAGE}: the last games (C-11); --replay prints one game's replay file, for "replay -"`,
  async run(args) {
    const a = parseArgs(args, ['db', 'last', 'replay'], ['json'], USAGE);
    if (a.positional.length > 0) throw new CliError(`unexpected argument "${a.positional[0]}"; usage: ${USAGE}`);
    const store = openForReading(a.values.get('db'), USAGE);
    try {
      const records = store.recall(wholeNumber(a.values.get('last'), '--last', 1, RECALL_KEEP, 10));
      const wanted = a.values.get('replay');
      if (wanted !== undefined) {
        const id = wholeNumber(wanted, '--replay', 1, Number.MAX_SAFE_INTEGER, 0);
        const record = store.recall(RECALL_KEEP).find((r) => r.gameId === id);
        if (!record) throw new CliError(`game ${id} is not in the recall (it keeps the last ${RECALL_KEEP} games)`);
        process.stdout.write(JSON.stringify(record.replay) + '\n');
        return 0;
      }
      if (a.flags.has('json')) {
        process.stdout.write(JSON.stringify(records) + '\n');
        return 0;
      }
      const digits = store.load()?.settings.minorDigits ?? 2;
      const lines = records.map((r) => {
        const res = r.result;
        const what =
          'bet' in res
            ? `bet ${res.bet}, ${res.dealt.join(' ')} -> ${res.final.join(' ')} ${res.hand}, win ${res.win}`
            : `${res.boxes.map((b) => `${b.cards.join(' ')} ${b.hand} ${b.outcome}`).join(' | ')}; dealer ${res.dealer.cards.join(' ')} ${res.dealer.hand}; net ${res.net}`;
        return `#${r.gameId} ${new Date(r.endedAt).toISOString()} ${r.game} chip ${formatMoney(r.chipValue, digits)} staked ${formatMoney(r.staked, digits)} paid ${formatMoney(r.paid, digits)}${r.handpaid ? ' (handpay)' : ''}: ${what}`;
      });
      process.stdout.write((lines.length ? lines.join('\n') : 'no games recorded yet') + '\n');
      return 0;
    } finally {
      store.close();
    }
  },
};
