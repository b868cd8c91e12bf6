// What is known of a pay table's return: a shape of its own, below both the settings (which
// carry it with each installed table) and the return range (which judges it, C-24).

/**
 * Whose play a return is: `exact`, every decision the best one (Jacks or Better's par sheet);
 * `best`, an upper estimate of what the best play returns (Poker Plus's analysis: the strongest
 * strategy found plus the audited headroom over it); `typical`, only the default strategy's,
 * which a better player beats (a table whose best play was not measured, said so).
 */
export type ReturnPlay = 'exact' | 'best' | 'typical';

/** A return with its 95% interval, in percent of what is staked. */
export interface ReturnEstimate {
  pct: number;
  low: number;
  high: number;
  /** How it was found, in words. */
  basis: string;
}

/**
 * What is known of a pay table's return to the player, in percent of what is staked: the one
 * C-24 judges. Best play's `pct` and `high` are its upper estimate, and `low` the lower end of
 * what the strategy found returns (best play returns at least that).
 */
export interface TableReturn extends ReturnEstimate {
  play: ReturnPlay;
  /** A Poker Plus table's default strategy (typical play), shown beside; null where none is given. */
  typical: ReturnEstimate | null;
}
