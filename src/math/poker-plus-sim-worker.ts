// One worker of poker-plus-sim-parallel.ts: simulates each batch it is sent.

import { parentPort } from 'node:worker_threads';
import { simulateBatch, type BatchRequest } from './poker-plus-sim';

parentPort?.on('message', (request: BatchRequest) => {
  parentPort!.postMessage(simulateBatch(request));
});
