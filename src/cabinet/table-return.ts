// What is known of a pay table's return: a shape of its own, below both the settings (which
// carry it with each installed table) and the return range (which judges it, C-24).

/** What is known of a pay table's return to the player, in percent of what is staked. */
export interface TableReturn {
  /** The exact return, or a simulation's estimate. */
  pct: number;
  /** The 95% interval; both ends are `pct` when the return is exact. */
  low: number;
  high: number;
  /** How it was found, in words. */
  basis: string;
}
