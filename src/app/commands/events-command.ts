import { readMachineKey, StoreError, verifyWithArchive, type ChainCheck, type RecordsReader } from '../../store';
import { parseArgs, wholeNumber } from './cli-args';
import { CliError, type Command } from './command';
import { longRun } from './long-run';
import { openForReading, openForReadingInTurns } from './open-db';

const USAGE =
  'events --db FILE [--verify --key-file FILE [--mirror DIR] [--incremental] [--archive DIR]] [--from SEQ] [--json] [--quiet]';

export const eventsCommand: Command = {
  summary: `${USAGE}: the event log (C-12); --verify checks the keyed chain over every committed table with the machine key, and the mirror (exit 1 if anything fails); --incremental walks only the commits since the latest keyed checkpoint; --archive DIR walks the archive files and the live database as one chain`,
  async run(args) {
    const a = parseArgs(
      args,
      ['db', 'from', 'key-file', 'mirror', 'archive'],
      ['verify', 'incremental', 'json', 'quiet'],
      USAGE,
    );
    if (a.positional.length > 0) throw new CliError(`unexpected argument "${a.positional[0]}"; usage: ${USAGE}`);
    const keyFile = a.values.get('key-file');
    const mirror = a.values.get('mirror');
    if (a.flags.has('verify') && keyFile === undefined) {
      throw new CliError(
        `--verify needs --key-file FILE, the machine key: a chain checked without it can be recomputed by anyone; usage: ${USAGE}`,
      );
    }
    if (mirror !== undefined && !a.flags.has('verify'))
      throw new CliError(`--mirror goes with --verify; usage: ${USAGE}`);
    const incremental = a.flags.has('incremental');
    const archive = a.values.get('archive');
    if (archive !== undefined && (!a.flags.has('verify') || incremental))
      throw new CliError(`--archive goes with --verify, without --incremental; usage: ${USAGE}`);
    if (incremental && !a.flags.has('verify')) throw new CliError(`--incremental goes with --verify; usage: ${USAGE}`);
    let key;
    try {
      key = keyFile === undefined ? undefined : readMachineKey(keyFile);
    } catch (e) {
      if (e instanceof StoreError) throw new CliError(e.message);
      throw e;
    }
    if (a.flags.has('verify') && key !== undefined) {
      const machineKey = key;
      return longRun({ name: 'events --verify', quiet: a.flags.has('quiet') }, async ({ progress, signal }) => {
        const store = await openForReadingInTurns(a.values.get('db'), USAGE, machineKey, mirror, progress, signal, {
          incremental,
        });
        try {
          const whole = archive === undefined ? null : verifyWithArchive(store.db, machineKey.bytes, archive, progress);
          return verified(store, mirror, a.flags.has('json'), whole);
        } finally {
          store.close();
        }
      });
    }
    const store = openForReading(a.values.get('db'), USAGE, key, mirror);
    try {
      const chain = store.chain;
      const events = store.events(wholeNumber(a.values.get('from'), '--from', 1, Number.MAX_SAFE_INTEGER, 1));
      if (a.flags.has('json')) process.stdout.write(JSON.stringify(events) + '\n');
      else {
        const lines = events.map(
          (e) =>
            `${String(e.seq).padStart(6)} ${new Date(e.at).toISOString()} ${e.kind.padEnd(11)} ${JSON.stringify(e.data)}`,
        );
        process.stdout.write(lines.join('\n') + (lines.length ? '\n' : ''));
        if (!chain.ok) process.stderr.write(`events: the chain is broken at row ${chain.seq}: ${chain.problem}\n`);
      }
      return 0;
    } finally {
      store.close();
    }
  },
};

/** What --verify found, printed; exit 1 if anything is broken. */
function verified(store: RecordsReader, mirror: string | undefined, json: boolean, archive: ChainCheck | null): number {
  const chain = store.chain;
  const records = mirror === undefined ? null : store.records;
  const ok = chain.ok && (records === null || records.ok) && (archive === null || archive.ok);
  if (json) {
    process.stdout.write(
      JSON.stringify({
        ...chain,
        walked: store.walkedFrom ? { from: store.walkedFrom.seq, by: store.walkedFrom.by } : 'whole',
        mirror: records && (records.ok ? { ok: true } : { ok: false, reason: records.reason }),
        ...(archive ? { archive } : {}),
      }) + '\n',
    );
  } else {
    const from = store.walkedFrom;
    const intact = !store.keyed
      ? `event chain intact: ${chain.rows} rows (a database from before the keyed records: its unkeyed chain only)`
      : from?.by.startsWith('archive cut')
        ? `records intact from commit ${from.seq}, where the live chain starts (${from.by}): ${chain.rows} event rows, every commit signed by this machine's key; the archived ones are walked with --archive DIR`
        : from
          ? `records intact since commit ${from.seq} (${from.by}): ${chain.rows} event rows walked, every commit since signed by this machine's key; what lies before is walked without --incremental`
          : `records intact: ${chain.rows} event rows, every commit signed by this machine's key`;
    const lines = [chain.ok ? intact : `records BROKEN at event row ${chain.seq}: ${chain.problem}`];
    if (records) lines.push(records.ok ? 'mirror: agrees with the database' : `mirror: ${records.reason}`);
    if (archive)
      lines.push(
        archive.ok
          ? `archive and live database: one chain intact from the first commit, ${archive.rows} event rows`
          : `archive: BROKEN at event row ${archive.seq}: ${archive.problem}`,
      );
    process.stdout.write(lines.join('\n') + '\n');
  }
  return ok ? 0 : 1;
}
