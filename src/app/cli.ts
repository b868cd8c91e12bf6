// The project's command line (`npm run -s cabinet -- COMMAND ...`). Each command lives in its
// own module; this file only dispatches and turns failures into exit codes.

import { sasPollCommand } from './commands/sas-poll-command';
import { replayCommand } from './commands/replay-command';
import { parsheetCommand } from './commands/parsheet-command';
import { hintCommand } from './commands/hint-command';
import { runCommand } from './commands/run-command';
import { metersCommand } from './commands/meters-command';
import { recallCommand } from './commands/recall-command';
import { eventsCommand } from './commands/events-command';
import { simulateCommand } from './commands/simulate-command';
import { rngReportCommand } from './commands/rng-report-command';
import { configSchemaCommand } from './commands/config-schema-command';
import { signPaytableCommand } from './commands/sign-paytable-command';
import { CliError, type Command } from './commands/command';

const commands: Record<string, Command> = {
  replay: replayCommand,
  parsheet: parsheetCommand,
  hint: hintCommand,
  run: runCommand,
  meters: metersCommand,
  recall: recallCommand,
  events: eventsCommand,
  simulate: simulateCommand,
  'rng-report': rngReportCommand,
  'sas-poll': sasPollCommand,
  'config-schema': configSchemaCommand,
  'sign-paytable': signPaytableCommand,
};

function usage(): string {
  return [
    'usage: npm run -s cabinet -- COMMAND [ARGS]',
    'commands:',
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`cabinet: unknown command "${name}"\n${usage()}\n`);
    return 2;
  }
  try {
    return await command.run(args);
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
