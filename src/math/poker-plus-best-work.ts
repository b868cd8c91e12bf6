// The pieces of work `parsheet poker-plus --best` hands to its workers, each a batch of seeded
// deals: valuing the candidate actions of each table row where the rows are met (to derive the
// tables), and measuring how much the exact best action gains over the tables' choice (the
// audit). A batch's result depends on its seed alone, never on which thread ran it.

import { evaluate, SeededRandom, shuffledDeck, uniformBelow, type Card, type PokerPlusConfig } from '../core';
import { ClassValues } from './poker-plus-class-values';
import { FinalPricer, FinalTable } from './poker-plus-final-values';
import { FirstValuer, type FirstAction, type FirstOptionValue } from './poker-plus-first-values';
import { SecondValuer, type SecondValues } from './poker-plus-second-values';
import { pairedPositions } from './poker-plus-patterns';
import {
  drawClass,
  finalClass,
  FINAL_ACTIONS,
  tablesDraw,
  tablesFinal,
  UNPAIRED_CLASSES,
  type StrategyTables,
  type TableDraw,
} from './poker-plus-table-strategy';

export interface BestSetup {
  config: PokerPlusConfig;
  ante: number;
  /** Each chip staked priced at this on top of what it returns (FinalPricer). */
  bonus: number;
  /** Draws sampled per number of cards exchanged at the first action. */
  samples: number;
  /** Close calls sampled further (the audit), see FirstValuerOptions.refine. */
  refine?: { z: number; error: number; maxSamples: number };
}

/**
 * What a derivation batch values: the first action's exchanges of several cards, a box's worth
 * before the second action and at the final decision, or the final table's candidates.
 */
export type DeriveStage = 'exchange' | 'second' | 'worth' | 'final';
/** The stages audited: the first and second draw actions and the final decision. */
export type AuditStage = 'first' | 'second' | 'final';

export type BestRequest =
  | { kind: 'derive'; stage: DeriveStage; setup: BestSetup; seed: string; deals: number; tables?: StrategyTables }
  | { kind: 'audit'; stage: AuditStage; setup: BestSetup; seed: string; deals: number; tables: StrategyTables };

/** One decision met: its row and up card rank, and each candidate's value (NaN where it has none). */
export interface RowSample {
  row: string;
  up: number;
  values: number[];
}

export interface DeriveResult {
  kind: 'derive';
  samples: RowSample[];
}

/** What the exact best action gained over the tables' choice, per deal (0 where not met). */
export interface AuditResult {
  kind: 'audit';
  deals: number;
  points: number;
  sum: number;
  sum2: number;
  /** Gain by row, to show where it comes from. */
  byRow: Record<string, { points: number; sum: number }>;
  /** Draws of the sampled first-action exchanges, and how many of those there were. */
  sampledDraws: number;
  sampledOptions: number;
}

export type BestResult = DeriveResult | AuditResult;

/** The valuers of one setup, kept by a worker across its batches. */
class Valuers {
  readonly pricer: FinalPricer;
  readonly first: FirstValuer;
  readonly second: SecondValuer;
  readonly final: FinalTable;
  private current = new SeededRandom('none yet');

  constructor(readonly setup: BestSetup) {
    this.pricer = new FinalPricer(setup.config, setup.ante, setup.bonus);
    const classValues = new ClassValues(this.pricer);
    // The sampled draws come from the batch's own source (set per batch).
    const random = { nextUint32: (): number => this.current.nextUint32() };
    this.first = new FirstValuer(this.pricer, {
      samples: setup.samples,
      random,
      classValue: classValues.value,
      ...(setup.refine ? { refine: setup.refine } : {}),
    });
    this.second = new SecondValuer(this.pricer);
    this.final = new FinalTable(this.pricer);
  }

  useRandom(random: SeededRandom): void {
    this.current = random;
  }
}

let valuers: Valuers | null = null;
let valuersKey = '';

function valuersFor(setup: BestSetup): Valuers {
  const key = JSON.stringify(setup);
  if (valuers === null || key !== valuersKey) {
    valuers = new Valuers(setup);
    valuersKey = key;
  }
  return valuers;
}

/** A dealt round as the player sees it: the box, the up card, and the deck's next cards. */
interface Deal {
  box: Card[];
  upCard: Card;
  /** Cards the draws take, in order (P-5). */
  draws: Card[];
}

/** P-2: five to the box, five to the dealer (the fifth face up), draws from the rest. */
function deal(random: SeededRandom): Deal {
  const deck = shuffledDeck(random);
  return { box: deck.slice(0, 5), upCard: deck[9]!, draws: deck.slice(10) };
}

const sameAction = (a: FirstAction, d: TableDraw): boolean => {
  if (d === null) return a.kind === 'stand';
  if (d === 'fold') return a.kind === 'fold';
  if (d === 'sixth') return a.kind === 'sixth';
  return a.kind === 'exchange' && a.positions.length === d.length && a.positions.every((p, i) => p === d[i]);
};

function valueOf(options: readonly FirstOptionValue[], d: TableDraw): number {
  const found = options.find((o) => sameAction(o.action, d));
  if (found === undefined) throw new Error('best: a table action with no value');
  return found.value;
}

/** The second action's values as a table's draw reads them; fold is the ante lost. */
function secondValue(v: SecondValues, d: TableDraw, ante: number): number {
  if (d === null) return v.stand;
  if (d === 'fold') return -ante;
  if (d === 'sixth') return v.sixth!;
  return v.exchange[d[0]!]!;
}

interface Played {
  cards: Card[];
  exchanged: Card[];
  taken: number;
  folded: boolean;
}

/** Applies a draw to the box, taking cards from the deal in order (P-5). */
function apply(p: Played, step: TableDraw, d: Deal, next: { at: number }): void {
  if (step === null) return;
  if (step === 'fold') {
    p.folded = true;
    return;
  }
  if (step === 'sixth') p.cards.push(d.draws[next.at++]!);
  else
    for (const position of [...step].sort((x, y) => x - y)) {
      p.exchanged.push(p.cards[position]!);
      p.cards[position] = d.draws[next.at++]!;
    }
  p.taken++;
}

/** A random first action: stand, a sixth card, one card, the cards outside the pairs, or all five. */
function mixedFirst(box: readonly Card[], mix: SeededRandom): TableDraw {
  switch (uniformBelow(mix, 5)) {
    case 0:
      return null;
    case 1:
      return 'sixth';
    case 2:
      return [uniformBelow(mix, 5)];
    case 3: {
      const paired = pairedPositions(box);
      const off = [0, 1, 2, 3, 4].filter((i) => !paired.includes(i));
      return off.length > 0 ? off : null;
    }
    default:
      return [0, 1, 2, 3, 4];
  }
}

/**
 * Plays a deal's draw actions, up to `upTo` of them: by the tables, or (with `mix`) at random
 * (the first among the kinds above, the second none half the time, else a sixth card or one
 * card), so that boxes of every kind are met.
 */
function playDraws(tables: StrategyTables | undefined, d: Deal, upTo: number, mix: SeededRandom | null): Played {
  const p: Played = { cards: [...d.box], exchanged: [], taken: 0, folded: false };
  const next = { at: 0 };
  apply(
    p,
    mix !== null || tables === undefined ? mixedFirst(d.box, mix!) : tablesDraw(tables, 0, p.cards, d.upCard),
    d,
    next,
  );
  if (p.folded || p.taken === 0 || upTo < 2) return p;
  if (mix === null) apply(p, tablesDraw(tables!, 1, p.cards, d.upCard, p.exchanged), d, next);
  else if (uniformBelow(mix, 2) === 1) {
    const choice = uniformBelow(mix, p.cards.length + (p.cards.length < 6 ? 1 : 0));
    apply(p, choice === p.cards.length ? 'sixth' : [choice], d, next);
  }
  return p;
}

function unseenOf(cards: readonly Card[], upCard: Card, exchanged: readonly Card[]): Uint8Array {
  const isUnseen = new Uint8Array(52).fill(1);
  for (const c of cards) isUnseen[c] = 0;
  isUnseen[upCard] = 0;
  for (const c of exchanged) isUnseen[c] = 0;
  return isUnseen;
}

export function runBest(request: BestRequest): BestResult {
  const v = valuersFor(request.setup);
  const random = new SeededRandom(request.seed);
  v.useRandom(new SeededRandom(`${request.seed}/draws`));
  const mix = new SeededRandom(`${request.seed}/mix`);
  const ante = request.setup.ante;
  const samples: RowSample[] = [];
  const audit: AuditResult = {
    kind: 'audit',
    deals: 0,
    points: 0,
    sum: 0,
    sum2: 0,
    byRow: {},
    sampledDraws: 0,
    sampledOptions: 0,
  };
  const gain = (row: string, g: number): void => {
    audit.points++;
    audit.sum += g;
    audit.sum2 += g * g;
    const r = (audit.byRow[row] ??= { points: 0, sum: 0 });
    r.points++;
    r.sum += g;
  };
  for (let i = 0; i < request.deals; i++) {
    const d = deal(random);
    audit.deals++;
    const up = d.upCard;
    if (request.stage === 'exchange') {
      // The first action's exchange of all five, and of the cards outside a pair or trips.
      const row = drawClass(d.box, up);
      const off = [0, 1, 2, 3, 4].filter((p) => !pairedPositions(d.box).includes(p));
      const unpaired = UNPAIRED_CLASSES.includes(row) && off.length >= 2 ? off : null;
      const wanted = (a: FirstAction): boolean =>
        a.kind === 'exchange' && (a.positions.length === 5 || (unpaired !== null && sameAction(a, unpaired)));
      const options = v.first.values(d.box, up, wanted);
      samples.push({
        row,
        up: up >> 2,
        values: [valueOf(options, [0, 1, 2, 3, 4]), unpaired === null ? Number.NaN : valueOf(options, unpaired)],
      });
      continue;
    }
    if (request.stage === 'first') {
      // The audit: the exact best first action against the tables'.
      const row = drawClass(d.box, up);
      const options = v.first.values(d.box, up);
      for (const o of options)
        if (!o.exact) {
          audit.sampledDraws += o.draws;
          audit.sampledOptions++;
        }
      const best = options.reduce((m, o) => Math.max(m, o.value), Number.NEGATIVE_INFINITY);
      gain(row, best - valueOf(options, tablesDraw(request.tables, 0, d.box, up)));
      continue;
    }
    if (request.stage === 'second') {
      // After a first action: by the tables (audit) or at random (what boxes are worth here).
      const played = playDraws(request.tables, d, 1, request.kind === 'derive' ? mix : null);
      if (played.folded || played.taken !== 1) continue;
      const { cards, exchanged } = played;
      const values = v.second.valueAll([cards], up, unseenOf(cards, up, exchanged))[0]!;
      const row = `${drawClass(cards, up)}/${cards.length}`;
      if (request.kind === 'derive') samples.push({ row, up: up >> 2, values: [values.best] });
      else gain(row, values.best - secondValue(values, tablesDraw(request.tables, 1, cards, up, exchanged), ante));
      continue;
    }
    // The final decision, on boxes the draws left: for the worth table, every kind of them.
    const played = playDraws(request.tables, d, 2, request.stage === 'worth' ? mix : null);
    if (played.folded) continue;
    const { cards, exchanged } = played;
    const row = finalClass(cards, up);
    v.final.set(unseenOf(cards, up, exchanged), up);
    const values = v.final.choices(evaluate(cards));
    const best = Math.max(...values);
    if (request.kind === 'audit')
      gain(row, best - values[FINAL_ACTIONS.indexOf(tablesFinal(request.tables, cards, up))]!);
    else samples.push({ row, up: up >> 2, values: request.stage === 'worth' ? [best] : values });
  }
  return request.kind === 'derive' ? { kind: 'derive', samples } : audit;
}
