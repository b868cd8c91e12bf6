// One worker of parsheet-parallel.ts (through worker-pool.ts): each request carries the work in
// shared memory and a slice of suit classes; the answer is that slice's counts for each plan.

import { parentPort } from 'node:worker_threads';
import { analyzeClasses, type FamilyWork, type TablePlan } from './analysis';

export interface SliceRequest {
  work: FamilyWork;
  plans: TablePlan[];
  from: number;
  to: number;
}

export const analyzeSlice = (request: SliceRequest): Float64Array[] =>
  analyzeClasses(request.work, request.plans, request.from, request.to);

parentPort?.on('message', (request: SliceRequest) => parentPort!.postMessage(analyzeSlice(request)));
