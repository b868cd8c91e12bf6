// The project's command line (`npm run -s cabinet -- COMMAND ...`). Each command lives in its
// own module; this file only dispatches and turns failures into exit codes.

import { CliError, type Command } from './commands/command';

// Each command's module is loaded when that command runs: loading every command's dependencies
// (the cabinet, SQLite, the devices, the Poker Plus analyses) took about a second of CPU before
// any command could start, longer than the whole exact par sheet of a video-poker table.
const commands: Record<string, () => Promise<Command>> = {
  replay: async () => (await import('./commands/replay-command')).replayCommand,
  parsheet: async () => (await import('./commands/parsheet-command')).parsheetCommand,
  hint: async () => (await import('./commands/hint-command')).hintCommand,
  run: async () => (await import('./commands/run-command')).runCommand,
  meters: async () => (await import('./commands/meters-command')).metersCommand,
  recall: async () => (await import('./commands/recall-command')).recallCommand,
  events: async () => (await import('./commands/events-command')).eventsCommand,
  simulate: async () => (await import('./commands/simulate-command')).simulateCommand,
  'rng-report': async () => (await import('./commands/rng-report-command')).rngReportCommand,
  'sas-poll': async () => (await import('./commands/sas-poll-command')).sasPollCommand,
  'config-schema': async () => (await import('./commands/config-schema-command')).configSchemaCommand,
  'sign-paytable': async () => (await import('./commands/sign-paytable-command')).signPaytableCommand,
};

async function usage(): Promise<string> {
  const summaries = await Promise.all(
    Object.entries(commands).map(async ([name, load]) => ({ name, summary: (await load()).summary })),
  );
  return [
    'usage: npm run -s cabinet -- COMMAND [ARGS]',
    'commands:',
    ...summaries.map(({ name, summary }) => `  ${name.padEnd(10)} ${summary}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write((await usage()) + '\n');
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`cabinet: unknown command "${name}"\n${await usage()}\n`);
    return 2;
  }
  try {
    return await (await load()).run(args);
  } catch (e) {
    if (e instanceof CliError) {
      process.stderr.write(`${name}: ${e.message}\n`);
      return e.exitCode;
    }
    throw e;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`cabinet: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
