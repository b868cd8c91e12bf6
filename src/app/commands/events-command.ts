import { parseArgs, wholeNumber } from './cli-args';
import { CliError, type Command } from './command';
import { openForReading } from './open-db';

const USAGE = 'events --db FILE [--verify] [--from SEQ] [--json]';

export const eventsCommand: Command = {
  summary: `${USAGE}: the event log (C-12); --verify checks its hash chain (exit 1 if broken)`,
  async run(args) {
    const a = parseArgs(args, ['db', 'from'], ['verify', 'json'], USAGE);
    if (a.positional.length > 0) throw new CliError(`unexpected argument "${a.positional[0]}"; usage: ${USAGE}`);
    const store = openForReading(a.values.get('db'), USAGE);
    try {
      const chain = store.chain;
      if (a.flags.has('verify')) {
        const text = chain.ok ? `event chain intact: ${chain.rows} rows` : `event chain BROKEN at row ${chain.seq}: ${chain.problem}`;
        process.stdout.write((a.flags.has('json') ? JSON.stringify(chain) : text) + '\n');
        return chain.ok ? 0 : 1;
      }
      const events = store.events(wholeNumber(a.values.get('from'), '--from', 1, Number.MAX_SAFE_INTEGER, 1));
      if (a.flags.has('json')) process.stdout.write(JSON.stringify(events) + '\n');
      else {
        const lines = events.map((e) => `${String(e.seq).padStart(6)} ${new Date(e.at).toISOString()} ${e.kind.padEnd(11)} ${JSON.stringify(e.data)}`);
        process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
        if (!chain.ok) process.stderr.write(`events: the chain is broken at row ${chain.seq}: ${chain.problem}\n`);
      }
      return 0;
    } finally {
      store.close();
    }
  },
};
