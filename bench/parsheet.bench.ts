// Full exact Jacks or Better analysis (9/6): wall time per run on every core and on one
// thread, and the process's peak memory (workers included: they share the process).

import { availableParallelism } from 'node:os';
import { parsePayTable } from '../src/core';
import { jacksParSheet } from '../src/math/jacks-parsheet-parallel';

const parsed = parsePayTable('jacks-or-better', { 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 });
if (!parsed.ok) throw new Error(parsed.error);
const runs = Number(process.env.RUNS ?? 3);
const cores = availableParallelism();

async function measure(threads: number, everyDeal = false): Promise<void> {
  const times: number[] = [];
  let rtp = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    rtp = (await jacksParSheet(parsed.ok ? parsed.table : (undefined as never), { threads, everyDeal })).rtp;
    times.push((performance.now() - started) / 1000);
  }
  times.sort((a, b) => a - b);
  const line = `${everyDeal ? 'every deal, ' : ''}${threads} thread${threads > 1 ? 's' : ' '}: best ${times[0]!.toFixed(3)} s, median ${times[times.length >> 1]!.toFixed(3)} s over ${runs} runs`;
  console.log(`${line}; 9/6 RTP ${(rtp * 100).toFixed(4)}%`);
}

console.log(`Jacks or Better 9/6, all 2,598,960 deals (134,459 suit classes), ${cores} cores`);
await measure(cores);
if (cores > 1) await measure(1);
if (process.env.EVERY_DEAL) {
  // The same analysis without suit classes: 19× the work, where the worker threads pay off.
  await measure(cores, true);
  if (cores > 1) await measure(1, true);
}
console.log(`peak memory (max RSS): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
