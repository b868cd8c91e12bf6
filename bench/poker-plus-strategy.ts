// The figures behind docs/poker-plus-strategy.md, printed again: exact final-decision values of
// sample boxes, BET against FOLD for low pairs by the dealer's up card, buying the game and
// taking half by category, the value of draw actions, and the strategies side by side on the
// same seeded rounds. `npm run -s analyze:poker-plus [-- --quick]` (a few minutes; quick: less).

import { readFileSync } from 'node:fs';
import {
  CATEGORIES,
  categoryIndexOf,
  evaluate,
  freshDeck,
  parseCard,
  parseCards,
  rankOf,
  RANK_CHARS,
  SeededRandom,
  shuffleInPlace,
  uniformBelow,
  type Card,
} from '../src/core';
import { DEFAULT_POKER_PLUS_STRATEGY } from '../src/math/poker-plus-default-strategy';
import { drawValue, standValue, type DrawOption } from '../src/math/poker-plus-draw-ev';
import { finalDecision } from '../src/math/poker-plus-ev';
import { simulatePokerPlus } from '../src/math/poker-plus-sim-parallel';
import { parseStrategy, type PokerPlusStrategy } from '../src/math/poker-plus-strategy';

const quick = process.argv.includes('--quick');
const random = new SeededRandom('poker-plus-strategy');
const f3 = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
const mean = (xs: number[]): { m: number; se: number } => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  const v = xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
  return { m, se: Math.sqrt(v / xs.length) };
};

console.log('1. Final decision, exact (ante 1, net chips from the decision on; fold is -1)\n');
console.log(
  '| box | dealer shows | fold | bet | bet + half | bet + buy | best |\n| --- | --- | --- | --- | --- | --- | --- |',
);
for (const [box, up] of [
  ['Ah Kd 8c 6s 3d', '7c'],
  ['As Kd Qc Jh 9s', 'Ac'],
  ['2c 2d 7h 9s Jc', 'Ah'],
  ['2c 2d 7h 9s Jc', '2h'],
  ['3c 3d 7h 9s Jc', 'Kh'],
  ['Qc Qd 7h 9s 4c', 'Kh'],
  ['Ac Ad 7h 9s Jc', '5h'],
  ['9c 9d 4h 4s 2c', 'Kh'],
  ['9c 9d 9h 4s 2c', 'Kh'],
  ['5c 6d 7h 8s 9c', 'Kh'],
  ['2c 5c 7c 9c Jc', '5h'],
  ['9c 9d 9h 4s 4c', 'Kh'],
  ['9c 9d 9h 9s 4c', 'Kh'],
  ['Tc Jc Qc Kc Ac', '2d'],
] as const) {
  const d = finalDecision({ box: parseCards(box), upCard: parseCard(up), ante: 1 });
  const v = d.values;
  console.log(`| ${box} | ${up} | ${f3(v.fold)} | ${f3(v.bet)} | ${f3(v.takeHalf)} | ${f3(v.buyGame)} | ${d.best} |`);
}

/** A box of five with exactly one pair of `pair` and an up card of rank `up`, drawn at random. */
function pairBox(pair: number, up: number): { box: Card[]; upCard: Card } {
  for (;;) {
    const deck = freshDeck();
    const take = (ok: (c: Card) => boolean): Card => {
      const from = deck.filter(ok);
      const card = from[uniformBelow(random, from.length)]!;
      deck.splice(deck.indexOf(card), 1);
      return card;
    };
    const upCard = take((c) => rankOf(c) === up);
    const box = [take((c) => rankOf(c) === pair), take((c) => rankOf(c) === pair)];
    for (let i = 0; i < 3; i++) box.push(take((c) => rankOf(c) !== pair));
    if (categoryIndexOf(evaluate(box)) === 1) return { box, upCard };
  }
}

const perCell = quick ? 10 : 40;
console.log(
  `\n2. BET minus FOLD for a pair, by the dealer's up card (mean of ${perCell} boxes each, ± 2 standard errors)\n`,
);
for (const pair of [0, 1, 2]) {
  const cells = [...Array(13).keys()].map((up) => {
    const { m, se } = mean(
      Array.from({ length: perCell }, () => {
        const { box, upCard } = pairBox(pair, up);
        return finalDecision({ box, upCard, ante: 1 }).values.bet! + 1;
      }),
    );
    return `${RANK_CHARS[up]} ${m.toFixed(2)}±${(2 * se).toFixed(2)}`;
  });
  console.log(`${RANK_CHARS[pair]}${RANK_CHARS[pair]}: ${cells.join('  ')}`);
}

const perCategory = quick ? 20 : 80;
console.log(`\n3. After BET, by the final hand (${perCategory} random boxes of five or six cards each)\n`);
console.log('| hand | bet | buy − bet | buy better | half − bet |\n| --- | --- | --- | --- | --- |');
for (let category = 2; category <= 8; category++) {
  const bets: number[] = [];
  const buys: number[] = [];
  const halves: number[] = [];
  while (bets.length < perCategory) {
    const deck = shuffleInPlace(freshDeck(), random);
    const box = deck.slice(0, bets.length % 2 === 0 ? 5 : 6);
    if (categoryIndexOf(evaluate(box)) !== category) continue;
    const v = finalDecision({ box, upCard: deck[10]!, ante: 1 }).values;
    bets.push(v.bet!);
    buys.push(v.buyGame! - v.bet!);
    if (v.takeHalf !== null) halves.push(v.takeHalf - v.bet!);
  }
  const buy = mean(buys);
  console.log(
    `| ${CATEGORIES[category]} | ${mean(bets).m.toFixed(3)} | ${buy.m.toFixed(3)} ± ${(2 * buy.se).toFixed(3)} | ${buys.filter((x) => x > 0).length} of ${perCategory} | ${halves.length > 0 ? mean(halves).m.toFixed(3) : '—'} |`,
  );
}

const samples = quick ? 150 : 600;
console.log(
  `\n4. Draw actions (value after the fee; exact where a column says so, else ${samples} sampled draws ± 2 standard errors)\n`,
);
const sixth: DrawOption = { kind: 'sixth' };
const swap = (...positions: number[]): DrawOption => ({ kind: 'exchange', positions });
const draws: [string, string, number, [string, DrawOption][]][] = [
  [
    '9c 9d 9h 4s 2c',
    'Kh',
    0,
    [
      ['sixth', sixth],
      ['swap 2c', swap(4)],
      ['swap 4s 2c', swap(3, 4)],
    ],
  ],
  [
    '9c 9d 4h 4s 2c',
    'Kh',
    0,
    [
      ['sixth', sixth],
      ['swap 2c', swap(4)],
    ],
  ],
  [
    'Qc Qd 7h 9s 4c',
    'Kh',
    0,
    [
      ['sixth', sixth],
      ['swap 4c', swap(4)],
      ['swap three', swap(2, 3, 4)],
    ],
  ],
  [
    '5c 5d 7h 9s Kc',
    '8h',
    0,
    [
      ['sixth', sixth],
      ['swap three', swap(2, 3, 4)],
    ],
  ],
  [
    '2h 9h Kc 5h Jh',
    '8d',
    0,
    [
      ['sixth', sixth],
      ['swap Kc', swap(2)],
    ],
  ],
  [
    '2h 9h 9c 5h Jh',
    '8d',
    0,
    [
      ['sixth', sixth],
      ['swap 9c', swap(2)],
    ],
  ],
  [
    '5c 6d 7h 8s Kc',
    'Jd',
    0,
    [
      ['sixth', sixth],
      ['swap Kc', swap(4)],
    ],
  ],
  [
    '5c 6d 8h 9s Kc',
    'Jd',
    0,
    [
      ['sixth', sixth],
      ['swap Kc', swap(4)],
    ],
  ],
  [
    'Jc 8d 6h 4s 2c',
    '7d',
    0,
    [
      ['sixth', sixth],
      ['swap all', swap(0, 1, 2, 3, 4)],
    ],
  ],
  // The second action exchanges one card (P-3): each one-card exchange is exact, 46 draws.
  [
    '2h 9h Kc 5h Jh 7s',
    '8d',
    1,
    [
      ['swap 7s', swap(5)],
      ['swap Kc', swap(2)],
    ],
  ],
  [
    '5c 6d 7h 8s Kc 2d',
    'Jd',
    1,
    [
      ['swap 2d', swap(5)],
      ['swap Kc', swap(4)],
    ],
  ],
  ['9c 9d 9h 4s 2c 7d', 'Kh', 1, [['swap 2c', swap(4)]]],
  ['9c 9d 4h 4s 2c 7d', 'Kh', 1, [['swap 2c', swap(4)]]],
  ['Qc Qd 7h 9s 4c 2d', 'Kh', 1, [['swap 2d', swap(5)]]],
  ['5c 5d 7h 9s Kc 2d', '8h', 1, [['swap 2d', swap(5)]]],
  ['Ac Kd 8h 6s 3c 2d', '7d', 1, [['swap 2d', swap(5)]]],
];
console.log('| box | up | action | stand | draw |\n| --- | --- | --- | --- | --- |');
for (const [boxText, upText, taken, options] of draws) {
  const box = parseCards(boxText);
  const upCard = parseCard(upText);
  const parts = options.map(([name, option]) => {
    const d = drawValue({ box, upCard, option, ante: 1, taken }, { maxHands: samples, random });
    return `${name} ${d.value.toFixed(3)}${d.exact ? ' (exact)' : ` ± ${(2 * d.error).toFixed(2)}`}`;
  });
  console.log(
    `| ${boxText} | ${upText} | ${taken === 0 ? 'first' : 'second'} | ${standValue(box, upCard, 1).toFixed(3)} | ${parts.join('; ')} |`,
  );
}

function strategyFile(path: string): PokerPlusStrategy {
  const parsed = parseStrategy(JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.error}`);
  return parsed.strategy;
}

const rounds = quick ? 500_000 : 4_000_000;
console.log(
  `\n5. Strategies on the same ${rounds.toLocaleString('en-US')} seeded rounds (seed "compare"), P-12 table, one seen box\n`,
);
for (const strategy of [DEFAULT_POKER_PLUS_STRATEGY, strategyFile('../docs/poker-plus-strong-strategy.json')]) {
  const r = await simulatePokerPlus({ strategy, rounds, seed: 'compare', boxes: 1 });
  console.log(
    `${strategy.name.padEnd(34)} RTP ${(r.rtp * 100).toFixed(4)}%  95% CI ${(r.ci95[0] * 100).toFixed(4)}% .. ${(r.ci95[1] * 100).toFixed(4)}%  net ${r.netPerRound.toFixed(5)} antes/round`,
  );
}
