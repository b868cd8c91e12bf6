// The hint of every family against enumerating every draw of every hold (1,729,648 final hands a
// deal) on 300 random deals each, with V-1's order: the test checks a sample, this checks the
// few hundred deals. Prints the deals checked, the time, and any difference (exit 1).

import { SeededRandom, shuffledDeck } from '../src/core';
import { VIDEO_POKER_FAMILIES } from '../src/core/video-poker';
import { compareHolds } from '../src/math/video-poker/hold-choice';
import { createFamilyAdvisor } from '../src/math/video-poker/hint';
import { bruteForceReturns } from '../src/math/video-poker/testing/brute-force-holds';

const DEALS = Number(process.env.DEALS ?? 300);
let differences = 0;
for (const family of VIDEO_POKER_FAMILIES) {
  const started = performance.now();
  const table = { game: family.game, ...family.defaultTable };
  const advise = createFamilyAdvisor(family, table);
  const random = new SeededRandom(`hint-brute-bench:${family.game}`);
  for (let i = 0; i < DEALS; i++) {
    const deal = shuffledDeck(random).slice(0, 5);
    const brute = bruteForceReturns(family, table, deal);
    const ranks = deal.map((c) => c >> 2);
    const order = Array.from({ length: 32 }, (_, m) => m).sort((a, b) =>
      compareHolds(brute.returns, brute.squares, ranks, a, b),
    );
    const advice = advise(deal);
    const same =
      advice.map((a) => a.mask).join() === order.join() &&
      advice.every((a) => family.categories.map((id) => a.counts[id]).join() === brute.counts[a.mask]!.join());
    if (!same) {
      differences++;
      console.log(`${family.game}: deal ${deal.join(' ')} differs`);
    }
  }
  console.log(
    `${family.name}: ${DEALS} deals, every draw of all 32 holds, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
console.log(differences === 0 ? 'the hint agrees on every deal' : `${differences} deals differ`);
process.exitCode = differences === 0 ? 0 : 1;
