// `config-schema`: the configuration file's JSON Schema, from the file's one declaration
// (src/app/config-file.ts). cabinet.schema.json at the repository's root is its output, shipped
// with the package so a technician's editor completes and checks config.json.

import { configJsonSchema } from '../config-file';
import { CliError, type Command } from './command';

export const configSchemaCommand: Command = {
  summary: "config-schema: print the config file's JSON Schema (cabinet.schema.json)",
  async run(args) {
    if (args.length !== 0) throw new CliError('usage: config-schema');
    process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
    return 0;
  },
};
