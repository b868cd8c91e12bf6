// npm run bench:evaluator: evaluations per second of our evaluator and three npm evaluators,
// over all 2,598,960 five-card hands and over random six-card hands (best five of six). Each
// library gets the hands in its own card form, converted before the clock starts; every hand
// is evaluated on its own (no work shared across the enumeration order).
import { createRequire } from 'node:module';
import { evaluate, formatCard, SeededRandom, shuffledDeck } from '../src/core';

const require = createRequire(import.meta.url);
const phe = require('phe') as { evaluateCardCodes(codes: number[]): number; cardCodes(cards: string[]): number[] };
const pokertools = require('@pokertools/evaluator') as {
  evaluate(codes: number[]): number;
  getCardCode(card: string): number;
};
const { Hand } = require('pokersolver') as { Hand: { solve(cards: string[]): { rank: number } } };

interface Contender {
  name: string;
  prepare(hands: number[][]): unknown[];
  run(hands: unknown[]): number;
  sampleLimit?: number;
}

const contenders: Contender[] = [
  {
    name: 'ours (src/core evaluate)',
    prepare: (hands) => hands.map((h) => [...h]),
    run: (hands) => {
      let sum = 0;
      for (let i = 0; i < hands.length; i++) sum += evaluate(hands[i] as number[]);
      return sum;
    },
  },
  {
    name: '@pokertools/evaluator',
    prepare: (hands) => hands.map((h) => h.map((c) => pokertools.getCardCode(formatCard(c)))),
    run: (hands) => {
      let sum = 0;
      for (let i = 0; i < hands.length; i++) sum += pokertools.evaluate(hands[i] as number[]);
      return sum;
    },
  },
  {
    name: 'phe',
    prepare: (hands) => hands.map((h) => phe.cardCodes(h.map(formatCard))),
    run: (hands) => {
      let sum = 0;
      for (let i = 0; i < hands.length; i++) sum += phe.evaluateCardCodes(hands[i] as number[]);
      return sum;
    },
  },
  {
    name: 'pokersolver',
    sampleLimit: 200_000,
    prepare: (hands) => hands.map((h) => h.map(formatCard)),
    run: (hands) => {
      let sum = 0;
      for (let i = 0; i < hands.length; i++) sum += Hand.solve(hands[i] as string[]).rank;
      return sum;
    },
  },
];

function allFiveCardHands(): number[][] {
  const hands: number[][] = [];
  for (let a = 0; a < 48; a++)
    for (let b = a + 1; b < 49; b++)
      for (let c = b + 1; c < 50; c++)
        for (let d = c + 1; d < 51; d++) for (let e = d + 1; e < 52; e++) hands.push([a, b, c, d, e]);
  return hands;
}

function randomHands(count: number, size: number, seed: number): number[][] {
  const rng = new SeededRandom(seed);
  return Array.from({ length: count }, () => shuffledDeck(rng).slice(0, size));
}

/** Best of `rounds` timed passes, in hands per second. */
function measure(c: Contender, hands: number[][], rounds: number): number {
  const prepared = c.prepare(c.sampleLimit ? hands.slice(0, c.sampleLimit) : hands);
  c.run(prepared.slice(0, Math.min(prepared.length, 100_000))); // warm-up: let the JIT settle
  let best = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    const sink = c.run(prepared);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    if (sink === -1) console.log('');
    best = Math.max(best, prepared.length / seconds);
  }
  return best;
}

function table(title: string, hands: number[][], rounds: number): void {
  console.log(`\n${title} (${hands.length.toLocaleString('en-US')} hands, best of ${rounds} passes)`);
  const rates = contenders.map((c) => ({
    name: c.name,
    rate: measure(c, hands, c.sampleLimit ? 1 : rounds),
    sample: c.sampleLimit,
  }));
  const ours = rates[0]!.rate;
  for (const r of rates) {
    const ratio = r === rates[0] ? '' : `   ours/them ${(ours / r.rate).toFixed(2)}x`;
    const note = r.sample ? ` (first ${r.sample.toLocaleString('en-US')} hands)` : '';
    console.log(`  ${r.name.padEnd(26)} ${(r.rate / 1e6).toFixed(2).padStart(8)} M hands/s${ratio}${note}`);
  }
}

console.log(`node ${process.version}, ${process.arch}`);
table('All five-card hands', allFiveCardHands(), 5);
table('Random six-card hands, best five of six', randomHands(1_000_000, 6, 42), 5);
