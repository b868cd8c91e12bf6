// The records against their TPM counter as the next start will compare them, from outside the
// cabinet (the crash test after each kill, the soak at its end): at the counter's value, or one
// ahead (a commit made whose advance did not land); anything else would read as a rollback or
// as another counter.

import type { MachineKey } from '../machine-key';
import type { RecordsReader } from '../records-reader';
import { readCounter } from '../anchor/nv-counter';
import type { Tcti } from '../anchor/transport';

/** Adds what is wrong to `problems`; gives whether the records stood one ahead, and the counter's value (-1: none). */
export function recordsAgainstCounter(
  store: RecordsReader,
  tcti: Tcti,
  key: MachineKey,
  problems: string[],
): { ahead: boolean; counter: number } {
  const records = store.anchorValue();
  const counter = readCounter(tcti, key);
  const value = counter.found === 'value' ? counter.value : null;
  if (records === null) problems.push('the records are not anchored');
  else if (value === null) problems.push(`the counter is ${counter.found}, the records at ${records}`);
  else if (records !== value && records !== value + 1)
    problems.push(`the records are at counter value ${records}, the TPM counter at ${value}`);
  return { ahead: records !== null && value !== null && records === value + 1, counter: value ?? -1 };
}
