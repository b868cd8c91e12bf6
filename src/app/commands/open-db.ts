import { existsSync } from 'node:fs';
import type { Progress } from '../../core';
import { RecordsReader, StoreError, type MachineKey } from '../../store';
import { CliError } from './command';
import { inTurns } from './long-run';

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

/** The same, the walk in turns of the event loop with its progress (events --verify on a year's records). */
export async function openForReadingInTurns(
  path: string | undefined,
  usage: string,
  key: MachineKey,
  mirror: string | undefined,
  progress: Progress,
  signal: AbortSignal,
  options: { incremental?: boolean } = {},
): Promise<RecordsReader> {
  if (!path) throw new CliError(`--db FILE is required; usage: ${usage}`);
  if (!existsSync(path)) throw new CliError(`${path} does not exist`);
  try {
    return await inTurns(
      RecordsReader.opening(path, { requireIntactChain: false, key, mirror, ...options }, progress),
      signal,
    );
  } catch (e) {
    if (e instanceof StoreError) throw new CliError(e.message);
    throw e;
  }
}
