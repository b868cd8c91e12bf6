// The best strategy's tables (a strategy file written by `parsheet poker-plus --best`) read as
// rules a person can follow: for each class of hand and each up card, the action the tables
// take at the first draw action, the second, and the final decision, as docs/poker-plus-
// strategy.md prints them. The draw actions are tallied on seeded deals played by the tables
// (the tables decide box by box, so a class's cell is what they do most often, with its share
// where it is under 90%). `npm run -s analyze:poker-plus-best -- [FILE] [--deals N]`.

import { readFileSync } from 'node:fs';
import { RANK_CHARS, SeededRandom, shuffledDeck, type Card } from '../src/core';
import { pairedPositions } from '../src/math/poker-plus-patterns';
import { parseStrategy } from '../src/math/poker-plus-strategy';
import {
  drawClass,
  FINAL_CLASSES,
  SECOND_CLASSES,
  DRAW_CLASSES,
  tablesDraw,
  type TableDraw,
} from '../src/math/poker-plus-table-strategy';

const args = process.argv.slice(2);
const at = args.indexOf('--deals');
const deals = at >= 0 ? Number(args[at + 1]) : 400_000;
const file =
  args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--deals') ?? 'docs/poker-plus-best-strategy.json';
const parsed = parseStrategy(JSON.parse(readFileSync(file, 'utf8')));
if (!parsed.ok) throw new Error(parsed.error);
const tables = parsed.strategy.tables;
if (tables === undefined) throw new Error(`${file}: not a table strategy`);

/** A draw as the docs abbreviate it. */
function named(draw: TableDraw, box: readonly Card[]): string {
  if (draw === null) return 'stand';
  if (draw === 'fold') return 'fold';
  if (draw === 'sixth') return 'sixth';
  if (draw.length === 1) return 'one';
  if (draw.length === 5) return 'all five';
  return pairedPositions(box).length > 0 ? 'off the pairs' : 'two off three-flush';
}

const tally = new Map<string, Map<string, number>>();
const add = (row: string, up: number, action: string): void => {
  const key = `${row}|${up}`;
  const t = tally.get(key) ?? new Map<string, number>();
  t.set(action, (t.get(action) ?? 0) + 1);
  tally.set(key, t);
};

const random = new SeededRandom('poker-plus-best-rules');
for (let i = 0; i < deals; i++) {
  const deck = shuffledDeck(random);
  const box = deck.slice(0, 5);
  const up = deck[9]!;
  const draws = deck.slice(10);
  const first = tablesDraw(tables, 0, box, up);
  add(`first:${drawClass(box, up)}`, up >> 2, named(first, box));
  if (first === null || first === 'fold') continue;
  const cards = [...box];
  const exchanged: Card[] = [];
  let next = 0;
  if (first === 'sixth') cards.push(draws[next++]!);
  else
    for (const p of first) {
      exchanged.push(cards[p]!);
      cards[p] = draws[next++]!;
    }
  const second = tablesDraw(tables, 1, cards, up, exchanged);
  add(`second:${drawClass(cards, up)}/${cards.length}`, up >> 2, named(second, cards));
}

function cellOf(row: string, up: number): string {
  const t = tally.get(`${row}|${up}`);
  if (t === undefined) return '·';
  const total = [...t.values()].reduce((s, n) => s + n, 0);
  const [action, n] = [...t.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return n / total < 0.9 ? `${action} ${Math.round((100 * n) / total)}%` : action;
}

const header = `| class | ${[...RANK_CHARS].join(' | ')} |\n| --- |${[...RANK_CHARS].map(() => ' --- |').join('')}`;
const print = (title: string, rows: readonly string[], cell: (row: string, up: number) => string): void => {
  console.log(`${title}\n\n${header}`);
  for (const row of rows) {
    const cells = [...RANK_CHARS].map((_, up) => cell(row, up));
    if (cells.every((c) => c === '·')) continue;
    console.log(`| ${row} | ${cells.join(' | ')} |`);
  }
  console.log('');
};

console.log(
  `${parsed.strategy.name}: ${file}, draw actions tallied on ${deals.toLocaleString('en-US')} seeded deals\n`,
);
print('First draw action, by the dealt five and the up card', DRAW_CLASSES, (row, up) => cellOf(`first:${row}`, up));
print('Second draw action, by the box after the first (five or six cards)', SECOND_CLASSES, (row, up) =>
  cellOf(`second:${row}`, up),
);
print(
  'Final decision, by the final hand (up-held: the box holds the up card rank)',
  FINAL_CLASSES,
  (row, up) => tables.final[row]![up]!,
);
