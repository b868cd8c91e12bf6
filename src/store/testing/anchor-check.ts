// The records against their TPM counter as the next start will compare them, from outside the
// cabinet (the crash test after each kill, the soak at its end): at the counter's value, or one
// or two ahead (commits made whose advances had not landed: the one in flight and the one about
// to go, records-anchor.ts), which the next start finishes; anything else would read as a
// rollback or as another counter.

import type { MachineKey } from '../machine-key';
import type { RecordsReader } from '../records-reader';
import { readCounter } from '../anchor/nv-counter';
import type { Tcti } from '../anchor/transport';

/** Adds what is wrong to `problems`; gives how many advances the records stood ahead (0 to 2), and the counter's value (-1: none). */
export function recordsAgainstCounter(
  store: RecordsReader,
  tcti: Tcti,
  key: MachineKey,
  problems: string[],
): { ahead: number; counter: number } {
  const records = store.anchorValue();
  const counter = readCounter(tcti, key);
  const value = counter.found === 'value' ? counter.value : null;
  if (records === null) problems.push('the records are not anchored');
  else if (value === null) problems.push(`the counter is ${counter.found}, the records at ${records}`);
  else if (records < value || records > value + 2)
    problems.push(`the records are at counter value ${records}, the TPM counter at ${value}`);
  const ahead = records !== null && value !== null ? records - value : 0;
  return { ahead: ahead >= 1 && ahead <= 2 ? ahead : 0, counter: value ?? -1 };
}
