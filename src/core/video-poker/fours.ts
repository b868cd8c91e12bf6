// The ranks the bonus families pay a four of a kind by (B-1, D-1): aces, the low ranks 2 to 4,
// and the rest, 5 to K. Ranks are H-1's numbers (0 = deuce .. 12 = ace).

export const ACE = 12;
/** Ranks 0..2 are the deuce, the trey and the four. */
export const isLowRank = (rank: number): boolean => rank >= 0 && rank <= 2;

export function fourRank(rank: number): 'aces' | 'low' | 'middle' {
  if (rank === ACE) return 'aces';
  return isLowRank(rank) ? 'low' : 'middle';
}
