// One worker of `parsheet poker-plus --best` (poker-plus-best.ts): runs each batch it is sent.

import { parentPort } from 'node:worker_threads';
import { runBest, type BestRequest } from './poker-plus-best-work';

parentPort?.on('message', (request: BestRequest) => {
  parentPort!.postMessage(runBest(request));
});
