// The return written down with a pay table (C-24), in an installed file or, for a Poker Plus
// table, in the config file. C-24 judges best play's return, as regulators compute a game with
// player choices: `returnPct` is that return and `returnBasis` says how it was found. Jacks or
// Better's is exact (the par sheet plays every deal by its best hold). Poker Plus's is the upper
// estimate of `parsheet poker-plus --best` (the strategy found, played, plus the audited headroom
// of the exact best action over it), with the run that measured it; the default strategy's
// return stands beside it as `typicalPlay`. A Poker Plus table whose best play was not measured
// says so (`"play": "typical"`) and is judged on its typical play until it is. Figures that
// contradict each other (an upper estimate that is not the sum it is made of, typical play above
// best play) are refused: a table whose numbers nobody checked is never offered.

import { z } from 'zod';
import type { ReturnEstimate, TableReturn } from '../cabinet';
import { POKER_PLUS_RULES_VERSION } from '../core';
import { check } from '../cabinet/vocabulary/check';

const PERCENT = z
  .number({ error: 'must be a percentage above 0 and below 200' })
  .gt(0, { error: 'must be a percentage above 0 and below 200' })
  .lt(200, { error: 'must be a percentage above 0 and below 200' });
const INTERVAL = z.tuple([PERCENT, PERCENT], { error: 'must be a 95% interval, [low, high] in percent' });
const text = (max: number) =>
  z
    .string({ error: `must be text of 1 to ${max} characters` })
    .refine((s) => s.trim() !== '' && s.length <= max, { error: `must be text of 1 to ${max} characters` });
/** Percentage points of what is staked; the gain of the exact best action is never below zero. */
const POINTS = z.number({ error: 'must be a number of percentage points' });

const HEADROOM = z
  .strictObject({
    mean: POINTS.min(0, { error: 'must not be below 0 (the best action never gains less than the one chosen)' }),
    ci95: z.tuple([POINTS, POINTS], { error: 'must be a 95% interval, [low, high] in percentage points' }),
    points: z.int({ error: 'must be a whole number of decisions' }).min(1, { error: 'must be at least 1' }),
  })
  .meta({
    description: 'The mean gain of the exact best action over the strategy, in percentage points of the stake.',
  });

/** Figures to 4 decimals, as the files write them: a sum is checked to that rounding. */
const ROUNDING = 0.0005;

export const BEST_PLAY_BASIS = z
  .strictObject({
    play: z.literal('best'),
    /** What reproduces the figures. */
    command: text(300),
    rounds: z.int({ error: 'must be a whole number of rounds' }).min(1, { error: 'must be at least 1' }),
    seed: text(64),
    date: z
      .string({ error: 'must be a date, YYYY-MM-DD' })
      .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'must be a date, YYYY-MM-DD' }),
    /** The version of P-3 the rounds were played under (docs/rules.md). */
    rulesVersion: z.int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }),
    /** The strategy found, as the simulator plays it (a file of the package). */
    strategy: text(200),
    rtp: PERCENT,
    ci95: INTERVAL,
    headroom: z.strictObject({ first: HEADROOM, second: HEADROOM, final: HEADROOM }),
    upper: PERCENT,
  })
  .meta({
    description:
      'Best play, measured by parsheet poker-plus --best: the strategy found (rtp, ci95), the headroom of the exact best action over it by stage, and upper = ci95 high + every headroom high, the return best play is estimated not to exceed.',
  });

export const TYPICAL_ONLY_BASIS = z
  .strictObject({ play: z.literal('typical'), note: text(400) })
  .meta({ description: "Best play not measured: the return is the default strategy's (typicalPlay), said so." });

export const EXACT_BASIS = z
  .strictObject({ play: z.literal('exact'), method: text(400) })
  .meta({ description: 'An exact return: every decision the best one (the par sheet).' });

export const TYPICAL_PLAY = z
  .strictObject({ returnPct: PERCENT, returnCi95: INTERVAL, returnBasis: text(400) })
  .meta({ description: "The default strategy's return (typical play), its 95% interval and how it was found." });

type BestBasis = z.infer<typeof BEST_PLAY_BASIS>;
type TypicalPlay = z.infer<typeof TYPICAL_PLAY>;

/** The fields of a Poker Plus table's return, as a file writes them beside the table. */
export const POKER_PLUS_RETURN = {
  returnPct: PERCENT,
  returnBasis: z.discriminatedUnion('play', [BEST_PLAY_BASIS, TYPICAL_ONLY_BASIS], {
    error: 'must say whose play the return is: {"play": "best", ...} or {"play": "typical", "note"}',
  }),
  typicalPlay: TYPICAL_PLAY,
};

export const RECORDED_RETURN_FIELDS = Object.keys(POKER_PLUS_RETURN) as (keyof typeof POKER_PLUS_RETURN)[];

const RECORD = z.strictObject(POKER_PLUS_RETURN);
type Recorded = z.infer<typeof RECORD>;

const sum = (...xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const within = (x: number, [low, high]: readonly [number, number]): boolean => low <= x && x <= high;

/** What contradicts what in a record that fits its declaration, completing "<field> …"; null when nothing does. */
function contradiction(r: Recorded): string | null {
  const t = r.typicalPlay;
  if (!within(t.returnPct, t.returnCi95))
    return `typicalPlay.returnCi95 [${t.returnCi95.join(', ')}] must contain typicalPlay.returnPct ${t.returnPct}`;
  const b = r.returnBasis;
  if (b.play === 'typical')
    return r.returnPct === t.returnPct
      ? null
      : `returnPct ${r.returnPct} must be typicalPlay.returnPct ${t.returnPct} when best play was not measured ("play": "typical")`;
  return bestContradiction(r.returnPct, b, t);
}

function bestContradiction(returnPct: number, b: BestBasis, t: TypicalPlay): string | null {
  if (b.rulesVersion !== POKER_PLUS_RULES_VERSION)
    return `returnBasis.rulesVersion ${b.rulesVersion}: best play was measured under another reading of P-3 than the game plays (version ${POKER_PLUS_RULES_VERSION}); measure it again`;
  if (!within(b.rtp, b.ci95)) return `returnBasis.ci95 [${b.ci95.join(', ')}] must contain returnBasis.rtp ${b.rtp}`;
  for (const [stage, h] of Object.entries(b.headroom))
    if (!within(h.mean, h.ci95))
      return `returnBasis.headroom.${stage}.ci95 [${h.ci95.join(', ')}] must contain its mean ${h.mean}`;
  const made = sum(b.ci95[1], b.headroom.first.ci95[1], b.headroom.second.ci95[1], b.headroom.final.ci95[1]);
  if (Math.abs(b.upper - made) > ROUNDING)
    return `returnBasis.upper ${b.upper} must be returnBasis.ci95's high end plus every headroom's high end (${made.toFixed(4)})`;
  if (Math.abs(returnPct - b.upper) > ROUNDING / 10)
    return `returnPct ${returnPct} must be best play's upper estimate, returnBasis.upper ${b.upper} (C-24 judges best play)`;
  if (t.returnPct > b.upper)
    return `typicalPlay.returnPct ${t.returnPct} is above best play's upper estimate ${b.upper}: no strategy returns more than best play`;
  if (t.returnCi95[0] > b.ci95[1])
    return `typicalPlay.returnCi95 [${t.returnCi95.join(', ')}] lies above the best strategy's returnBasis.ci95 [${b.ci95.join(', ')}]: the strategy found for best play must not return less than typical play`;
  return null;
}

const estimate = (pct: number, ci95: readonly [number, number], basis: string): ReturnEstimate => ({
  pct,
  low: ci95[0],
  high: ci95[1],
  basis,
});

const f4 = (x: number): string => x.toFixed(4);

/** Best play's figures in words, for the screen and the logs (well within 400 characters). */
export function describeBestBasis(b: BestBasis): string {
  const h = b.headroom;
  const head = h.first.ci95[1] + h.second.ci95[1] + h.final.ci95[1];
  return (
    `upper estimate of best play: the strategy found ${f4(b.rtp)}% (95% CI ${f4(b.ci95[0])} .. ${f4(b.ci95[1])}, ` +
    `${b.rounds.toLocaleString('en-US')} rounds) + headroom ${f4(head)} points (upper bounds); ` +
    `parsheet poker-plus --best, ${b.date}, P-3 rules version ${b.rulesVersion}`
  );
}

function toReturn(r: Recorded): TableReturn {
  const typical = estimate(r.typicalPlay.returnPct, r.typicalPlay.returnCi95, r.typicalPlay.returnBasis);
  const b = r.returnBasis;
  if (b.play === 'typical')
    return {
      ...typical,
      basis: `typical play only (${b.note}): ${typical.basis}`.slice(0, 400),
      play: 'typical',
      typical,
    };
  // Best play returns at least what the strategy found does, and is estimated not to exceed upper.
  return { pct: r.returnPct, low: b.ci95[0], high: b.upper, basis: describeBestBasis(b), play: 'best', typical };
}

/** The recorded return of `o` (its RECORDED_RETURN_FIELDS), or what is wrong with it in one line. */
export function parseRecordedReturn(
  o: Record<string, unknown>,
): { ok: true; rtp: TableReturn } | { ok: false; error: string } {
  const fields = Object.fromEntries(RECORDED_RETURN_FIELDS.filter((k) => k in o).map((k) => [k, o[k]]));
  const malformed = check(RECORD, fields, '');
  if (malformed) return { ok: false, error: malformed.replace(/^\./, '') };
  const r = RECORD.parse(fields);
  const wrong = contradiction(r);
  return wrong ? { ok: false, error: wrong } : { ok: true, rtp: toReturn(r) };
}
