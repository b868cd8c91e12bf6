// The final decision's value (P-4, P-6, P-7, settled by P-9 to P-11) for many boxes against
// one set of unseen cards: the dealer's hands are counted once (DealerCounter), kept as running
// sums by hand value, and each box is then priced in a few operations. For one more card taken
// out of the unseen (a card a draw would bring), the hands that card was part of are counted
// against just the boxes that draw makes and subtracted. The figures are those of
// finalDecision (poker-plus-ev.ts): its outcome nets (outcomeNets), the same counts.
//
// `bonus` b prices every chip the decision stakes at b on top of what it returns: a player
// weighing returned − (1 − b) × staked, which is what the return ratio (returned / staked)
// of a whole strategy responds to (docs/poker-plus-strategy.md, "The audit"). b = 0 is plain
// expected value.

import { CATEGORIES, HAND_VALUE_COUNT, categoryIndexOf, type PokerPlusConfig } from '../core';
import { choose } from './combinations';
import { DealerCounter, MAX_VALUES, type DealerBuckets } from './poker-plus-dealer-counts';
import { outcomeNets } from './poker-plus-ev';

const FULL = HAND_VALUE_COUNT + 1;

/** The BET payout (capped at tableMax) of each category, and the P-6 and stake terms, per ante. */
export class FinalPricer {
  readonly payout: Float64Array;
  /** Per category: which final choice is best is worked out with these, in chips. */
  private readonly betWin: Float64Array;
  private readonly buyWin: Float64Array;
  private readonly half: Float64Array;
  readonly ante: number;
  readonly bonus: number;
  private readonly lose: number;
  private readonly boughtTie: number;
  private readonly boughtLose: number;
  private readonly boughtNoGame: number;
  private readonly betStakeBonus: number;
  private readonly buyStakeBonus: number;

  constructor(config: PokerPlusConfig, ante: number, bonus = 0) {
    this.ante = ante;
    this.bonus = bonus;
    this.payout = new Float64Array(CATEGORIES.length);
    this.betWin = new Float64Array(CATEGORIES.length);
    this.buyWin = new Float64Array(CATEGORIES.length);
    this.half = new Float64Array(CATEGORIES.length).fill(Number.NEGATIVE_INFINITY);
    CATEGORIES.forEach((c, i) => {
      const payout = Math.min(2 * ante * config.payTable.coefficients[c], config.tableMax);
      const nets = outcomeNets(ante, payout);
      this.payout[i] = payout;
      this.betWin[i] = nets.bet.gameWin;
      this.buyWin[i] = nets.buyGame.gameWin;
      // P-6: straight or better, ANTE and BET back plus half the payout rounded down.
      if (i >= CATEGORIES.indexOf('straight')) this.half[i] = Math.floor(payout / 2) + 2 * ante * bonus;
    });
    const nets = outcomeNets(ante, 0);
    this.lose = nets.bet.gameLose;
    this.boughtTie = nets.buyGame.boughtTie;
    this.boughtLose = nets.buyGame.boughtLose;
    this.boughtNoGame = nets.buyGame.boughtNoGame;
    // BET stakes 2A more; buying the game 1A on top (its refund, when it comes, is returned).
    this.betStakeBonus = 2 * ante * bonus;
    this.buyStakeBonus = 3 * ante * bonus;
  }

  /**
   * The final choices' values for a box of hand `value`, given the dealer's counts around it:
   * hands with a game below and above it (a tie nets 0); hands without a game below it; bought
   * pairs with a game below, equal, above, and without a game; `completions` hands and
   * `replacements` cards each. Into `out` as fold, bet, bet and buy, bet and half (-Infinity
   * where P-6 refuses), the bonus on each chip staked included; returns the best.
   */
  choices(
    value: number,
    gameBelow: number,
    gameAbove: number,
    noGameBelow: number,
    boughtBelow: number,
    boughtTie: number,
    boughtAbove: number,
    boughtNoGame: number,
    completions: number,
    replacements: number,
    out: number[] | Float64Array | null,
  ): number {
    const c = categoryIndexOf(value);
    const a = this.ante;
    // outcomeNets: BET wins ante + payout, loses 3A, beats a dealer without a game for 1A;
    // bought: wins the payout, ties and no game cost the fee, a loss 4A.
    const bet =
      (this.betWin[c]! * gameBelow + this.lose * gameAbove + a * noGameBelow) / completions + this.betStakeBonus;
    const buy =
      (this.buyWin[c]! * gameBelow +
        this.lose * gameAbove +
        (this.payout[c]! * boughtBelow +
          this.boughtTie * boughtTie +
          this.boughtLose * boughtAbove +
          this.boughtNoGame * boughtNoGame) /
          replacements) /
        completions +
      this.buyStakeBonus;
    const half = this.half[c]!;
    if (out !== null) {
      out[0] = -a;
      out[1] = bet;
      out[2] = buy;
      out[3] = half;
    }
    return Math.max(-a, bet, buy, half);
  }
}

/** The dealer's counts for one unseen set as running sums by hand value, and the card deltas. */
export class FinalTable {
  private readonly counter = new DealerCounter();
  private readonly gameBelow = new Float64Array(FULL + 1);
  private readonly noGameBelow = new Float64Array(FULL + 1);
  private readonly boughtBelow = new Float64Array(FULL + 1);
  private gameTotal = 0;
  private boughtTotal = 0;
  private boughtNoGame = 0;
  private unseen = 0;
  private upSuit = 0;
  /**
   * Running sums over the buckets of the last rank's delta (at b: the sums over buckets < b):
   * the part its cards share, and each card's own (game and no game only for the up card's
   * suit: elsewhere a card's suit changes nothing but the bought hands).
   */
  private readonly shared = deltaSums();
  private readonly own = [0, 1, 2, 3].map(deltaSums);
  private dK = 0;

  constructor(readonly pricer: FinalPricer) {}

  /** Counts the dealer's hands for this unseen set and up card. */
  set(isUnseen: ArrayLike<number>, upCard: number): void {
    this.upSuit = upCard & 3;
    const b = this.counter.count(isUnseen, upCard, null);
    this.unseen = b.unseen;
    this.boughtNoGame = b.boughtNoGame;
    let g = 0;
    let n = 0;
    let t = 0;
    for (let v = 0; v < FULL; v++) {
      this.gameBelow[v] = g;
      this.noGameBelow[v] = n;
      this.boughtBelow[v] = t;
      g += b.game[v]!;
      n += b.noGame[v]!;
      t += b.bought[v]!;
    }
    this.gameBelow[FULL] = g;
    this.noGameBelow[FULL] = n;
    this.boughtBelow[FULL] = t;
    this.gameTotal = g;
    this.boughtTotal = t;
  }

  /** The best final value of a box of hand `value` against the unseen set as it is. */
  best(value: number): number {
    return this.choicesOf(value, null);
  }

  /** Every final choice's value (FinalPricer.choices' order) for a box of hand `value`. */
  choices(value: number): number[] {
    const out = [0, 0, 0, 0];
    this.choicesOf(value, out);
    return out;
  }

  private choicesOf(value: number, out: number[] | null): number {
    const gb = this.gameBelow[value]!;
    const ge = this.gameBelow[value + 1]! - gb;
    const bb = this.boughtBelow[value]!;
    const be = this.boughtBelow[value + 1]! - bb;
    return this.pricer.choices(
      value,
      gb,
      this.gameTotal - gb - ge,
      this.noGameBelow[value]!,
      bb,
      be,
      this.boughtTotal - bb - be,
      this.boughtNoGame,
      choose(this.unseen, 4),
      this.unseen - 4,
      out,
    );
  }

  /**
   * Counts the hands each unseen card of rank `rho` is part of, against `values` (ascending,
   * distinct, k of them: every box those cards would make).
   */
  withoutRank(rho: number, values: ArrayLike<number>, k: number): void {
    const { shared, cards } = this.counter.countWithRank(rho, values, k);
    sumsOf(shared, this.shared, k, true);
    cards.forEach((c, s) => {
      if (c !== null) sumsOf(c, this.own[s]!, k, s === this.upSuit);
    });
    this.dK = k;
  }

  /**
   * After `withoutRank(rho, values, k)`: the best final value of a box of hand values[j] with the
   * card of rank rho and suit `suit` seen too.
   */
  bestAfter(suit: number, value: number, j: number): number {
    const top = 2 * this.dK + 1;
    const sh = this.shared;
    const own = this.own[suit]!;
    // Below the value are buckets 0..2j, the value itself bucket 2j+1.
    const og = own.plain ? own.game : ZERO;
    const on = own.plain ? own.noGame : ZERO;
    const dgb = sh.game[2 * j + 1]! + og[2 * j + 1]!;
    const dge = sh.game[2 * j + 2]! + og[2 * j + 2]! - dgb;
    const dgTotal = sh.game[top]! + og[top]!;
    const dbb = sh.bought[2 * j + 1]! + own.bought[2 * j + 1]!;
    const dbe = sh.bought[2 * j + 2]! + own.bought[2 * j + 2]! - dbb;
    const dbTotal = sh.bought[top]! + own.bought[top]!;
    const gb = this.gameBelow[value]! - dgb;
    const ge = this.gameBelow[value + 1]! - this.gameBelow[value]! - dge;
    const bb = this.boughtBelow[value]! - dbb;
    const be = this.boughtBelow[value + 1]! - this.boughtBelow[value]! - dbe;
    const unseen = this.unseen - 1;
    return this.pricer.choices(
      value,
      gb,
      this.gameTotal - dgTotal - gb - ge,
      this.noGameBelow[value]! - sh.noGame[2 * j + 1]! - on[2 * j + 1]!,
      bb,
      be,
      this.boughtTotal - dbTotal - bb - be,
      this.boughtNoGame - sh.boughtNoGame - own.boughtNoGame,
      choose(unseen, 4),
      unseen - 4,
      null,
    );
  }
}

const DELTA = 2 * MAX_VALUES + 2;
const ZERO = new Float64Array(DELTA);

interface DeltaSums {
  game: Float64Array;
  noGame: Float64Array;
  bought: Float64Array;
  boughtNoGame: number;
  /** Whether game and noGame were summed (else they are zero). */
  plain: boolean;
}

function deltaSums(): DeltaSums {
  return {
    game: new Float64Array(DELTA),
    noGame: new Float64Array(DELTA),
    bought: new Float64Array(DELTA),
    boughtNoGame: 0,
    plain: false,
  };
}

/** Running sums of a delta's buckets 0..2k into `into` (at b: buckets < b). */
function sumsOf(d: DealerBuckets, into: DeltaSums, k: number, plain: boolean): void {
  let g = 0;
  let n = 0;
  let t = 0;
  const { game, noGame, bought } = into;
  if (plain) {
    for (let b = 0; b <= 2 * k; b++) {
      game[b] = g;
      noGame[b] = n;
      bought[b] = t;
      g += d.game[b]!;
      n += d.noGame[b]!;
      t += d.bought[b]!;
    }
    game[2 * k + 1] = g;
    noGame[2 * k + 1] = n;
  } else {
    for (let b = 0; b <= 2 * k; b++) {
      bought[b] = t;
      t += d.bought[b]!;
    }
  }
  bought[2 * k + 1] = t;
  into.boughtNoGame = d.boughtNoGame;
  into.plain = plain;
}
