// Latency of the Jacks or Better hint (all 32 holds of one deal, exact), per hand once the
// advisor is built: median and p99 over many random deals.

import { parsePayTable, SeededRandom, shuffledDeck } from '../src/core';
import { createJacksAdvisor } from '../src/math/jacks-hint';

const parsed = parsePayTable('jacks-or-better', { 'full-house': 9, flush: 6, 'royal-flush-max-bet': 800 });
if (!parsed.ok) throw new Error(parsed.error);
const hands = Number(process.env.HANDS ?? 50_000);

let started = performance.now();
const advisor = createJacksAdvisor(parsed.table);
console.log(`advisor built in ${(performance.now() - started).toFixed(0)} ms (draw tables)`);

const random = new SeededRandom('hint-bench');
const deals = Array.from({ length: hands }, () => shuffledDeck(random).slice(0, 5));
for (let i = 0; i < 2000; i++) advisor(deals[i]!);
const times = new Float64Array(hands);
let sink = 0;
for (let i = 0; i < hands; i++) {
  started = performance.now();
  sink += advisor(deals[i]!)[0]!.ev;
  times[i] = performance.now() - started;
}
times.sort();
const at = (q: number): string => `${(times[Math.min(hands - 1, Math.floor(q * hands))]! * 1000).toFixed(1)} µs`;
console.log(
  `${hands} random hands: median ${at(0.5)}, p99 ${at(0.99)}, max ${at(1 - 1e-9)} (mean best EV ${(sink / hands).toFixed(4)})`,
);
