// The Deuces Wild evaluator against the brute force of W-2 (every value for every deuce) on all
// 2,598,960 hands: the test checks a random sample, this checks them all. Prints both times.

import { DEUCES_WILD_CATEGORIES, deucesCategory5 } from '../src/core/video-poker';
import { bruteForceDeuces } from '../src/core/testing/deuces-brute-force';

let started = performance.now();
const fast = new Uint8Array(2598960);
let at = 0;
for (let a = 0; a < 48; a++)
  for (let b = a + 1; b < 49; b++)
    for (let c = b + 1; c < 50; c++)
      for (let d = c + 1; d < 51; d++) for (let e = d + 1; e < 52; e++) fast[at++] = deucesCategory5(a, b, c, d, e);
const fastSeconds = (performance.now() - started) / 1000;

started = performance.now();
at = 0;
let wrong = 0;
const counts = new Array<number>(DEUCES_WILD_CATEGORIES.length).fill(0);
for (let a = 0; a < 48; a++)
  for (let b = a + 1; b < 49; b++)
    for (let c = b + 1; c < 50; c++)
      for (let d = c + 1; d < 51; d++)
        for (let e = d + 1; e < 52; e++) {
          const brute = DEUCES_WILD_CATEGORIES.indexOf(bruteForceDeuces([a, b, c, d, e]));
          counts[brute]!++;
          if (brute !== fast[at++]) {
            if (wrong < 10) console.log(`differs: ${[a, b, c, d, e].join(' ')}: ${fast[at - 1]} vs ${brute}`);
            wrong++;
          }
        }
const bruteSeconds = (performance.now() - started) / 1000;
console.log(
  `Deuces Wild, all 2,598,960 hands: evaluator ${fastSeconds.toFixed(3)} s, brute force ${bruteSeconds.toFixed(1)} s`,
);
DEUCES_WILD_CATEGORIES.forEach((id, i) => console.log(`  ${id.padEnd(18)} ${String(counts[i]).padStart(9)}`));
console.log(wrong === 0 ? 'every hand agrees' : `${wrong} hands differ`);
process.exitCode = wrong === 0 ? 0 : 1;
