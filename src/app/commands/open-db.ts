import { existsSync } from 'node:fs';
import { RecordsReader, StoreError, type MachineKey } from '../../store';
import { CliError } from './command';

/**
 * Opens a cabinet database for reading only; a bad or missing file is a one-line refusal. With
 * the machine key the keyed records are checked whole (and against the mirror folder, if given);
 * without it, only the event log's unkeyed chain.
 */
export function openForReading(
  path: string | undefined,
  usage: string,
  key?: MachineKey,
  mirror?: string,
): RecordsReader {
  if (!path) throw new CliError(`--db FILE is required; usage: ${usage}`);
  if (!existsSync(path)) throw new CliError(`${path} does not exist`);
  try {
    return RecordsReader.open(path, { requireIntactChain: false, key, mirror });
  } catch (e) {
    if (e instanceof StoreError) throw new CliError(e.message);
    throw e;
  }
}
