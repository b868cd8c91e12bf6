import { join, dirname } from 'node:path';
import { runHeadless } from '../headless';
import { DEFAULT_DB } from '../cabinet-app';
import { parseArgs, wholeNumber } from './cli-args';
import { CliError, type Command } from './command';

const USAGE =
  'run --headless --db FILE --bot SEED [--games N] [--config FILE] [--ledger FILE] [--print-fail-percent P] [--money-per-mille M] [--tickets-per-mille T] [--stay]';

/** SIGINT or SIGTERM: the end of the bot's play (or of a `--stay` session), closed as cleanly as a bot that finished. */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
}

export const runCommand: Command = {
  summary: `${USAGE}: the cabinet without a screen, simulated devices and a seeded player bot`,
  async run(args) {
    const a = parseArgs(
      args,
      ['db', 'bot', 'games', 'config', 'ledger', 'print-fail-percent', 'money-per-mille', 'tickets-per-mille'],
      ['headless', 'stay'],
      USAGE,
    );
    if (a.positional.length > 0) throw new CliError(`unexpected argument "${a.positional[0]}"; usage: ${USAGE}`);
    // The screen-less cabinet is the only one this command runs, and only with the bot at it.
    if (!a.flags.has('headless'))
      throw new CliError(`only --headless is supported here (the screen is started by npm start); usage: ${USAGE}`);
    const seed = a.values.get('bot');
    if (seed === undefined) throw new CliError(`--bot SEED is required; usage: ${USAGE}`);
    const dbPath = a.values.get('db') ?? DEFAULT_DB;
    // SIGINT or SIGTERM (the service stopped) ends the bot's play and closes the cabinet in order.
    const signal = stopSignal();
    try {
      await runHeadless({
        dbPath,
        ledgerPath: a.values.get('ledger') ?? join(dirname(dbPath), 'sim-devices.jsonl'),
        seed,
        games: wholeNumber(a.values.get('games'), '--games', 0, 1e9, 100),
        configFile: a.values.get('config'),
        printFailRate: wholeNumber(a.values.get('print-fail-percent'), '--print-fail-percent', 0, 100, 0) / 100,
        moneyPerMille: wholeNumber(a.values.get('money-per-mille'), '--money-per-mille', 0, 300, 15),
        ticketsPerMille: wholeNumber(a.values.get('tickets-per-mille'), '--tickets-per-mille', 0, 300, 0),
        stopOn: signal,
        ...(a.flags.has('stay') ? { stayUntil: signal } : {}),
      });
    } catch (e) {
      const message = (e as Error).message;
      const name = (e as Error).name;
      if (name === 'StoreError' || name === 'ConfigError' || name === 'PayTableError' || message.startsWith('config:'))
        throw new CliError(message);
      throw e;
    }
    return 0;
  },
};
