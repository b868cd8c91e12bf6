// The return written down with a Poker Plus table (C-24), in an installed file or in the config
// file: `returnPct`, its 95% interval `returnCi95` and `returnBasis`, how it was found. A
// simulated return without its interval is refused: the cabinet holds the interval's ends
// against the operator's range.

import type { TableReturn } from '../cabinet';

export const RECORDED_RETURN_FIELDS = ['returnPct', 'returnCi95', 'returnBasis'] as const;

const percent = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0 && x < 200;

/** The recorded return of `o`, or what is wrong with it (completing "returnPct …"). */
export function parseRecordedReturn(
  o: Record<string, unknown>,
): { ok: true; rtp: TableReturn } | { ok: false; error: string } {
  const { returnPct, returnCi95, returnBasis } = o;
  if (!percent(returnPct)) return { ok: false, error: 'returnPct must be a percentage above 0 and below 200' };
  if (!Array.isArray(returnCi95) || returnCi95.length !== 2 || !percent(returnCi95[0]) || !percent(returnCi95[1])) {
    return { ok: false, error: 'returnCi95 must be the 95% interval of the return, [low, high] in percent' };
  }
  const [low, high] = returnCi95 as [number, number];
  if (!(low <= returnPct && returnPct <= high))
    return { ok: false, error: `returnCi95 [${low}, ${high}] must contain returnPct ${returnPct}` };
  if (typeof returnBasis !== 'string' || returnBasis.trim() === '' || returnBasis.length > 400)
    return { ok: false, error: 'returnBasis must be text of 1 to 400 characters' };
  return { ok: true, rtp: { pct: returnPct, low, high, basis: returnBasis } };
}
