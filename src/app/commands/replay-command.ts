import { ReplayError, runReplay } from '../../core';
import { CliError, type Command } from './command';
import { parseJson, readInput } from './read-input';

export const replayCommand: Command = {
  summary: 'replay FILE: run one game from a replay file (docs/replay.md); FILE "-" reads stdin',
  async run(args) {
    const [path, ...extra] = args;
    if (path === undefined || extra.length > 0)
      throw new CliError('usage: replay FILE (FILE "-" reads standard input)');
    const file = parseJson(await readInput(path), path === '-' ? 'standard input' : path);
    try {
      process.stdout.write(JSON.stringify(runReplay(file)) + '\n');
      return 0;
    } catch (e) {
      if (e instanceof ReplayError) throw new CliError(e.message);
      throw e;
    }
  },
};
