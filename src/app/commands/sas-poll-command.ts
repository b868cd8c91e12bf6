import { formatReading, NoAnswerFromMachine, sasPoll } from '../../devices/sas/host-read';
import { parseArgs } from './cli-args';
import { CliError, type Command } from './command';

const USAGE = 'sas-poll --port PATH --address N [--json]';

/** A technician's check of a SAS link: one full read as a casino system makes it (docs/protocols/sas.md). */
export const sasPollCommand: Command = {
  summary: `${USAGE}: reads a SAS machine once as a casino system would: who it is, its meters, its queued exceptions (taking them)`,
  async run(args) {
    const a = parseArgs(args, ['port', 'address'], ['json'], USAGE);
    if (a.positional.length > 0) throw new CliError(`unexpected argument "${a.positional[0]}"; usage: ${USAGE}`);
    const port = a.values.get('port');
    const addressText = a.values.get('address');
    if (!port || !addressText) throw new CliError(`--port and --address are needed; usage: ${USAGE}`);
    const address = Number(addressText);
    if (!/^\d{1,3}$/.test(addressText) || address < 1 || address > 127)
      throw new CliError(`--address must be a whole number from 1 to 127, not "${addressText}"`);
    try {
      const reading = await sasPoll({ port, address });
      process.stdout.write((a.flags.has('json') ? JSON.stringify(reading) : formatReading(reading)) + '\n');
      return 0;
    } catch (e) {
      if (e instanceof NoAnswerFromMachine) throw new CliError(e.message, 1);
      throw new CliError((e as Error).message);
    }
  },
};
