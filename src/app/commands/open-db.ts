import { existsSync } from 'node:fs';
import { CabinetStore, StoreError } from '../../store';
import { CliError } from './command';

/** Opens a cabinet database for reading only; a bad or missing file is a one-line refusal. */
export function openForReading(path: string | undefined, usage: string): CabinetStore {
  if (!path) throw new CliError(`--db FILE is required; usage: ${usage}`);
  if (!existsSync(path)) throw new CliError(`${path} does not exist`);
  try {
    return CabinetStore.open(path, { readonly: true, requireIntactChain: false });
  } catch (e) {
    if (e instanceof StoreError) throw new CliError(e.message);
    throw e;
  }
}
