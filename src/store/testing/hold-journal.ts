// A cabinet's journal held open in a process of its own until it is killed (the lock's test of
// a SIGKILL). Arguments: the database path and the machine options as JSON. For tests only.

import { Journal } from '../journal';
import type { MachineOptions } from '../records-open';

const [path, machine] = process.argv.slice(2);
Journal.open(path!, JSON.parse(machine!) as MachineOptions);
process.stdout.write('open\n');
setInterval(() => {}, 60_000);
