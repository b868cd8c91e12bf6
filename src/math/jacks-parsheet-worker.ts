// One worker of jacks-parsheet-parallel.ts: takes the shared tables once, then analyzes the
// slices of suit classes it is given and sends back their counts.

import { parentPort } from 'node:worker_threads';
import { analyzeClasses, type JacksWork } from './jacks-analysis';

export type WorkerRequest = { type: 'setup'; work: JacksWork } | { type: 'slice'; from: number; to: number };

export type WorkerReply = { type: 'ready' } | { type: 'counts'; counts: Float64Array };

let work: JacksWork | null = null;

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.type === 'setup') {
    work = request.work;
    parentPort!.postMessage({ type: 'ready' } satisfies WorkerReply);
    return;
  }
  if (!work) throw new Error('par sheet worker: slice before setup');
  parentPort!.postMessage({
    type: 'counts',
    counts: analyzeClasses(work, request.from, request.to),
  } satisfies WorkerReply);
});
