// The meters as a floor technician reads them: a main page in the order of a shift's check (coin
// in, coin out, drop, jackpots, handpaid cancelled credits, games played and won, current
// credits, vouchers in and out, bills by note), then the rest by topic: counts, each game, the
// casino system's totals, the machine. A meter none of these names goes last, never left out.

import { GAME_FACES, GAME_IDS, type MetersReport } from '../../../src/contract';

export type MeterTopicName = 'main' | 'counts' | 'totals' | 'machine' | 'other' | `game:${string}`;

export interface MeterRow {
  name: string;
  code: string | null;
  unit: 'money' | 'count';
  label: string;
  lifetime: number;
  /** Null for a meter computed from the lifetime ones alone (current credits, the casino system's sums). */
  period: number | null;
}

export interface MeterTopic {
  topic: MeterTopicName;
  rows: MeterRow[];
}

const MAIN = [
  'coinIn',
  'coinOut',
  'totalDrop',
  'jackpot',
  'handpaidCancelled',
  'gamesPlayed',
  'gamesWon',
  'currentCredits',
  'vouchersIn',
  'vouchersOut',
];
const COUNTS = [
  'vouchersInCount',
  'vouchersOutCount',
  'billsIn',
  'billsCount',
  'stackerBills',
  'stackerValue',
  'jackpotCount',
  'handpaidCancelledCount',
];
const TOTALS = ['gamesLost', 'gamesTied', 'totalWon', 'totalCancelled', 'totalHandpaid'];
const MACHINE = ['powerUps', 'gamesSincePowerUp', 'gamesSinceDoorClose'];
/** A game's own meters in the main page's order; the table game's fees and take-half after them. */
const PER_GAME = ['coinIn', 'coinOut', 'jackpot', 'gamesPlayed', 'gamesWon', 'gamesLost', 'gamesTied'];
const TABLE_GAME_OWN = ['pp.exchangeFees', 'pp.sixthFees', 'pp.buyGameFees', 'pp.takeHalfPaid', 'pp.takeHalfCount'];
/** The table game those meters are kept for (Poker Plus): the registry's game of that shape. */
const TABLE_GAME = GAME_IDS.find((id) => GAME_FACES[id].shape === 'table');

const billValue = (name: string): number | null => {
  const m = /^bills\.(\d+)$/.exec(name);
  return m ? Number(m[1]) : null;
};

/** Every meter of the report, each in exactly one topic, the topics in reading order (empty ones left out). */
export function meterTopics(report: MetersReport): MeterTopic[] {
  const all = new Map<string, MeterRow>();
  for (const m of report.meters) all.set(m.name, { ...m, period: m.period });
  for (const [name, d] of Object.entries(report.derived))
    all.set(name, { name, code: d.code, unit: 'money', label: d.label, lifetime: d.value, period: null });
  const taken = new Set<string>();
  const take = (names: string[]): MeterRow[] =>
    names.flatMap((n) => {
      const row = all.get(n);
      if (!row || taken.has(n)) return [];
      taken.add(n);
      return [row];
    });
  const names = [...all.keys()];
  const bills = names.filter((n) => billValue(n) !== null).sort((a, b) => (billValue(a) ?? 0) - (billValue(b) ?? 0));
  const doors = names.filter((n) => n.startsWith('doorOpens.')).sort();
  const kept = new Set(names.filter((n) => n.includes('/')).map((n) => n.slice(0, n.indexOf('/'))));
  // The registry's order, then any game the records name that it no longer holds.
  const games = [
    ...GAME_IDS.filter((g) => kept.has(g)),
    ...[...kept].filter((g) => !GAME_IDS.some((id) => id === g)).sort(),
  ];
  const topics: MeterTopic[] = [
    { topic: 'main', rows: take([...MAIN, ...bills]) },
    { topic: 'counts', rows: take(COUNTS) },
    ...games.map((g) => ({
      topic: `game:${g}` as const,
      rows: take([...PER_GAME.map((m) => `${g}/${m}`), ...(g === TABLE_GAME ? TABLE_GAME_OWN : [])]),
    })),
    // The table game's own meters where no per-game meter of it was kept yet.
    ...(TABLE_GAME ? [{ topic: `game:${TABLE_GAME}` as const, rows: take(TABLE_GAME_OWN) }] : []),
    { topic: 'totals', rows: take(TOTALS) },
    { topic: 'machine', rows: take([...MACHINE, ...doors]) },
  ];
  topics.push({ topic: 'other', rows: take(names.sort()) });
  return topics.filter((t) => t.rows.length > 0);
}

/** The topics cut into pages of at most `size` rows: a long topic (many notes) takes two. */
export function meterPages(
  topics: MeterTopic[],
  size: number,
): { topic: MeterTopicName; part: number; parts: number; rows: MeterRow[] }[] {
  return topics.flatMap((t) => {
    const parts = Math.max(1, Math.ceil(t.rows.length / size));
    return Array.from({ length: parts }, (_, i) => ({
      topic: t.topic,
      part: i + 1,
      parts,
      rows: t.rows.slice(i * size, (i + 1) * size),
    }));
  });
}
