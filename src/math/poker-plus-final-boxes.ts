// A representative box of each final class (poker-plus-table-strategy.ts) against each up card
// rank, and what it is worth exactly (the best final decision, FinalTable): the worth table's
// prior, so that a class a derivation meets rarely, or never, still has its value.

import { evaluate, makeCard, type Card, type PokerPlusConfig } from '../core';
import { FinalPricer, FinalTable } from './poker-plus-final-values';
import { finalClass } from './poker-plus-table-strategy';

const RANKS = 'TJQKA';
const rankOfChar = (c: string): number => '23456789TJQKA'.indexOf(c);

/** The ranks of a representative box, and whether it is suited; null if the class cannot meet this up rank. */
function ranksFor(row: string, up: number): { ranks: number[]; suited: boolean } | null {
  const held = row.endsWith('-up-held');
  const base = held ? row.slice(0, -'-up-held'.length) : row;
  /** Kickers: high to low, none of these ranks, none making a straight with them. */
  const kickers = (taken: number[], n: number, from = 12): number[] => {
    const out: number[] = [];
    for (let r = from; r >= 0 && out.length < n; r--)
      if (!taken.includes(r) && !out.includes(r) && r !== up) out.push(r);
    return out;
  };
  const fixed: Record<string, number[]> = {
    'royal-flush': [...RANKS].map(rankOfChar),
    'straight-flush': [3, 4, 5, 6, 7],
    straight: [3, 4, 5, 6, 7],
  };
  if (base in fixed) return { ranks: fixed[base]!, suited: base !== 'straight' };
  if (base === 'flush') return { ranks: [0, 3, 6, 9, 11], suited: true };
  if (base === 'four-of-a-kind') {
    const q = up === 6 ? 7 : 6;
    return { ranks: [q, q, q, q, ...kickers([q], 1)], suited: false };
  }
  if (base === 'full-house') {
    const t = up === 7 ? 8 : 7;
    const p = up === 2 ? 3 : 2;
    return { ranks: [t, t, t, p, p], suited: false };
  }
  if (base === 'three-of-a-kind') {
    const t = up === 4 ? 5 : 4;
    return { ranks: [t, t, t, ...kickers([t], 2, 10)], suited: false };
  }
  if (base === 'two-pair') {
    const a = up === 6 ? 7 : 6;
    const b = up === 1 ? 2 : 1;
    return { ranks: [a, a, b, b, ...kickers([a, b], 1)], suited: false };
  }
  if (base.startsWith('pair-')) {
    const r = rankOfChar(base.slice(5));
    if (!held) return r === up ? null : { ranks: [r, r, ...kickers([r], 3, 10)], suited: false };
    if (r === up) return { ranks: [r, r, ...kickers([r], 3, 10)], suited: false };
    return { ranks: [r, r, up, ...kickers([r, up], 2, 10)], suited: false };
  }
  if (base === 'ace-high') {
    if (!held) return up === 12 ? null : { ranks: [12, ...lowNoStraight([12, up], 4)], suited: false };
    return {
      ranks: up === 12 ? [12, ...lowNoStraight([12], 4)] : [12, up, ...lowNoStraight([12, up], 3)],
      suited: false,
    };
  }
  if (base === 'high-card') {
    if (up === 12) return held ? null : { ranks: [11, ...lowNoStraight([11, 12], 4)], suited: false };
    const top = up === 11 ? 10 : 11;
    if (!held) return { ranks: [top, ...lowNoStraight([top, up, 12], 4)], suited: false };
    return {
      ranks: [top, up, ...lowNoStraight([top, up, 12], 3)].filter((r, i, a) => a.indexOf(r) === i),
      suited: false,
    };
  }
  return null;
}

/** `n` low ranks, none of `taken` (the box's others first, then ranks to avoid), making no straight with the box's. */
function lowNoStraight(taken: number[], n: number): number[] {
  const inBox = taken.slice(0, 5 - n);
  for (let start = 0; start < 13; start++) {
    const out: number[] = [];
    for (let r = start; r < 13 && out.length < n; r++) if (!taken.includes(r)) out.push(r);
    if (out.length < n) continue;
    const mask = [...inBox, ...out].reduce((m, r) => m | (1 << r), 0);
    const straight = [0x100f, ...Array.from({ length: 9 }, (_, i) => 0b11111 << i)].some((w) => (mask & w) === w);
    if (!straight) return out;
  }
  return [];
}

/** Cards of those ranks, none of them the up card (a spade): suited in clubs, else mixed. */
function cardsOf(ranks: readonly number[], suited: boolean, upCard: Card): Card[] | null {
  const used = new Set<Card>([upCard]);
  const out: Card[] = [];
  for (const [i, r] of ranks.entries()) {
    let card: Card | null = null;
    for (let t = 0; t < 4 && card === null; t++) {
      const c = makeCard(r, suited ? 0 : (i + t) % 4);
      if (!used.has(c)) card = c;
      if (suited) break;
    }
    if (card === null) return null;
    used.add(card);
    out.push(card);
  }
  return out;
}

const cache = new Map<string, number | null>();

/** What a representative box of this final class is worth against an up card of this rank (ante 1). */
export function representativeWorth(row: string, up: number, config: PokerPlusConfig): number | null {
  const key = `${JSON.stringify(config)}|${row}|${up}`;
  if (cache.has(key)) return cache.get(key)!;
  const upCard = makeCard(up, 3);
  const shape = ranksFor(row, up);
  const box = shape === null || shape.ranks.length !== 5 ? null : cardsOf(shape.ranks, shape.suited, upCard);
  let worth: number | null = null;
  if (box !== null && finalClass(box, upCard) === row) {
    const table = new FinalTable(new FinalPricer(config, 1));
    const isUnseen = new Uint8Array(52).fill(1);
    for (const c of box) isUnseen[c] = 0;
    isUnseen[upCard] = 0;
    table.set(isUnseen, upCard);
    worth = table.best(evaluate(box));
  }
  cache.set(key, worth);
  return worth;
}
