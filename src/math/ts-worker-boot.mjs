// Worker entry in plain JavaScript: registers tsx's ES module hooks on this worker (Node 20
// ignores `--import tsx` in a worker's execArgv, and hooks registered on the main thread do not
// reach a worker), then imports the TypeScript module. ES modules and not tsx's CommonJS hook:
// as CommonJS every call of an imported function, and every read of an imported table, goes
// through an export getter, and the counting loops of the Poker Plus analysis ran 3.6 times
// slower on a worker than on the main thread (issue 44); as modules they run alike.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entryUrl);
