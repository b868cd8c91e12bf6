// The dealer's hand in Poker Plus counted by class instead of card by card (P-8 to P-10). Given
// the cards the player has not seen and the up card, the dealer's four hidden cards are every
// four of the unseen; what they make depends on their ranks, and on their suits only where all
// of them share one (a flush). So the counts go over the 1,820 multisets of four ranks, each
// weighted by how many unseen cards carry those ranks, with the suited hands counted apart.
// The bought game (P-10) goes the same way: a dealer without a game has five different ranks,
// keeps the four highest, and the new card's rank decides the new hand unless the four kept
// share a suit and the new card has it too.
//
// Every hand value here comes from core's evaluate5, and whether a value is a game from core's
// isGame: this module holds no hand rules of its own, only the counting. The counts are whole
// numbers and equal, one for one, the plain enumeration of every completion and every
// replacement card (poker-plus-ev.ts, which the tests and bench:poker-plus-decision compare).

import * as core from '../core';
import { HAND_VALUE_COUNT, makeCard, rankOf, suitOf, type Card } from '../core';
import { choose } from './combinations';

const evaluate5 = core.evaluate5;

/** GAME[v] is 1 when a hand of value v is a game (P-8). */
const GAME = (() => {
  const game = new Uint8Array(HAND_VALUE_COUNT + 1);
  for (let v = 1; v <= HAND_VALUE_COUNT; v++) game[v] = core.isGame(v) ? 1 : 0;
  return game;
})();

/** C(a, m) for a, m in 0..4: how many ways to take m cards of a rank with a unseen. */
const WAYS = new Float64Array(25);
for (let a = 0; a <= 4; a++) for (let m = 0; m <= 4; m++) WAYS[a * 5 + m] = choose(a, m);

/** Value of five cards of these ranks in mixed suits (never a flush). */
function plainValue(ranks: readonly number[]): number {
  const first = new Map<number, { suit: number; copies: number }>();
  const cards = ranks.map((r, i) => {
    // Copies of a rank take the suits after its first; first copies alternate two suits, so
    // five different ranks never share one.
    const seen = first.get(r) ?? { suit: i % 2, copies: 0 };
    first.set(r, { suit: seen.suit, copies: seen.copies + 1 });
    return makeCard(r, (seen.suit + seen.copies) % 4);
  });
  return evaluate5(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!);
}

/** Value of five different ranks all in one suit. */
const suitedValue = (ranks: readonly number[]): number =>
  evaluate5(
    makeCard(ranks[0]!, 0),
    makeCard(ranks[1]!, 0),
    makeCard(ranks[2]!, 0),
    makeCard(ranks[3]!, 0),
    makeCard(ranks[4]!, 0),
  );

// The four cards a dealer without a game keeps: four different ranks, numbered 0..714 by their
// 13-bit mask. For each, the new hand's value for every rank of the new card, plain and (for a
// rank not among the four) suited, and the ranks whose plain new hand is a game: the four's
// own ranks (a pair) and those that complete a straight.
const KEPT_INDEX = new Int16Array(8192).fill(-1);
const KEPT_MASKS: number[] = [];
const KEPT_PLAIN: number[] = [];
const KEPT_SUITED: number[] = [];
const KEPT_GAME_RANKS: number[][] = [];
for (let mask = 0; mask < 8192; mask++) {
  const ranks = [...Array(13).keys()].filter((r) => mask & (1 << r));
  if (ranks.length !== 4) continue;
  KEPT_INDEX[mask] = KEPT_MASKS.length;
  KEPT_MASKS.push(mask);
  const gameRanks: number[] = [];
  for (let x = 0; x < 13; x++) {
    const plain = plainValue([...ranks, x]);
    KEPT_PLAIN.push(plain);
    KEPT_SUITED.push(mask & (1 << x) ? 0 : suitedValue([...ranks, x]));
    if (GAME[plain]) gameRanks.push(x);
  }
  KEPT_GAME_RANKS.push(gameRanks);
}
const KEPT_COUNT = KEPT_MASKS.length;
const KEPT_PLAIN_VALUES = Int32Array.from(KEPT_PLAIN);
const KEPT_SUITED_VALUES = Int32Array.from(KEPT_SUITED);
const MAX_GAME_RANKS = Math.max(...KEPT_GAME_RANKS.map((g) => g.length));
const KEPT_GAME_COUNT = Int8Array.from(KEPT_GAME_RANKS.map((g) => g.length));
const KEPT_GAME_RANK = new Int8Array(KEPT_COUNT * MAX_GAME_RANKS);
KEPT_GAME_RANKS.forEach((g, k) => g.forEach((x, i) => (KEPT_GAME_RANK[k * MAX_GAME_RANKS + i] = x)));

/**
 * The multisets of four hidden ranks against one up rank: how to weigh each, what it makes,
 * and, when it makes no game, which four the dealer keeps after P-10.
 */
interface HiddenClasses {
  count: number;
  /** Four factors per class, each rank * 5 + copies: the class's hands are the product of
   * C(unseen of that rank, copies). Unused factors are 0 (no copies of rank 0: a factor of 1). */
  factors: Int32Array;
  /** 13-bit rank mask when the four ranks differ, else 0. */
  distinctMask: Int32Array;
  /** Value with the up card, in mixed suits. */
  plain: Int32Array;
  /** Value when all five share the up card's suit (distinct ranks without the up rank), else 0. */
  suited: Int32Array;
  /** For a class making no game: the four kept (0..714), else -1. */
  kept: Int32Array;
  /** For a class making no game: the lowest rank of the five, the card thrown away. */
  low: Int8Array;
  /** The classes holding rank r, and how many copies of it. */
  byRank: Int32Array[];
  byRankCopies: Int8Array[];
}

function hiddenClasses(up: number): HiddenClasses {
  const rows: { factors: number[]; mask: number; plain: number; suited: number; kept: number; low: number }[] = [];
  const byRank: number[][] = Array.from({ length: 13 }, () => []);
  const byRankCopies: number[][] = Array.from({ length: 13 }, () => []);
  for (let a = 0; a < 13; a++)
    for (let b = a; b < 13; b++)
      for (let c = b; c < 13; c++)
        for (let d = c; d < 13; d++) {
          const ranks = [a, b, c, d];
          const copies = new Map<number, number>();
          for (const r of ranks) copies.set(r, (copies.get(r) ?? 0) + 1);
          if ((copies.get(up) ?? 0) >= 4) continue; // five of the up rank cannot be dealt
          for (const [r, m] of copies) {
            byRank[r]!.push(rows.length);
            byRankCopies[r]!.push(m);
          }
          const factors = [...copies].map(([r, m]) => r * 5 + m);
          while (factors.length < 4) factors.push(0);
          const distinct = copies.size === 4;
          const mask = distinct ? ranks.reduce((m, r) => m | (1 << r), 0) : 0;
          const plain = plainValue([...ranks, up]);
          const suited = distinct && !(mask & (1 << up)) ? suitedValue([...ranks, up]) : 0;
          let kept = -1;
          let low = -1;
          if (!GAME[plain]) {
            low = Math.min(a, up);
            kept = KEPT_INDEX[(mask | (1 << up)) & ~(1 << low)]!;
          }
          rows.push({ factors, mask, plain, suited, kept, low });
        }
  const n = rows.length;
  const out: HiddenClasses = {
    count: n,
    factors: new Int32Array(n * 4),
    distinctMask: new Int32Array(n),
    plain: new Int32Array(n),
    suited: new Int32Array(n),
    kept: new Int32Array(n),
    low: new Int8Array(n),
    byRank: byRank.map((list) => Int32Array.from(list)),
    byRankCopies: byRankCopies.map((list) => Int8Array.from(list)),
  };
  rows.forEach((row, i) => {
    row.factors.forEach((f, j) => (out.factors[i * 4 + j] = f));
    out.distinctMask[i] = row.mask;
    out.plain[i] = row.plain;
    out.suited[i] = row.suited;
    out.kept[i] = row.kept;
    out.low[i] = row.low;
  });
  return out;
}

const CLASSES: HiddenClasses[] = [];
const classesFor = (up: number): HiddenClasses => (CLASSES[up] ??= hiddenClasses(up));

/**
 * The dealer's hands sorted against box values. Counted against a handful of values
 * v1 < v2 < ... < vk, bucket 2j holds the dealer values strictly between v_j and v_j+1 (v_0 =
 * -inf, v_k+1 = +inf) and bucket 2j+1 the value v_j+1 itself; counted in full (`values` null),
 * bucket v holds the dealer value v.
 */
export interface DealerBuckets {
  /** Dealer hands (four hidden cards) with a game, by bucket. */
  game: Float64Array;
  /** Dealer hands without a game, by bucket. */
  noGame: Float64Array;
  /** (hand without a game, replacement card) pairs whose new hand is a game, by bucket (P-10). */
  bought: Float64Array;
  /** Such pairs whose new hand is still no game. */
  boughtNoGame: number;
  /** Cards unseen: the hands are every four of them, with unseen - 4 replacements each. */
  unseen: number;
}

export const MAX_VALUES = 256;
const FULL = HAND_VALUE_COUNT + 1;
const IDENTITY = Uint16Array.from({ length: FULL }, (_, v) => v);

function emptyBuckets(): DealerBuckets {
  return {
    game: new Float64Array(FULL),
    noGame: new Float64Array(FULL),
    bought: new Float64Array(FULL),
    boughtNoGame: 0,
    unseen: 0,
  };
}

/**
 * Counts the dealer's hands of one unseen set and up card (`count`), and then, for any one more
 * card taken out of the unseen, the hands and pairs that card was part of (`countWith`), so that
 * the counts without it are the difference. Reuse one counter, one count at a time.
 */
export class DealerCounter {
  private readonly valueBuckets = new Uint16Array(FULL);
  private bucketOf: Uint16Array = IDENTITY;
  private readonly unseenRanks = new Int32Array(13);
  private readonly suitMasks = new Int32Array(4);
  /** C(unseen of rank r, m) at r * 5 + m, for the last count. */
  private readonly ways = new Float64Array(65);
  /** Hands without a game by the four they keep, and of those the ones whose four kept share
   * suit s (at kept * 4 + s), for the last count; and the same for one card's hands. */
  private readonly keptWays = new Float64Array(KEPT_COUNT);
  private readonly suitedKeptWays = new Float64Array(KEPT_COUNT * 4);
  private readonly cardKeptWays = new Float64Array(KEPT_COUNT);
  private readonly cardSuitedKeptWays = new Float64Array(KEPT_COUNT * 4);
  private readonly cardKeptTouched = new Int32Array(KEPT_COUNT);
  /** The last count's hands of each class, and the kept fours that had hands without a game. */
  private readonly classWays = new Float64Array(1820);
  private readonly keptList = new Int32Array(KEPT_COUNT);
  private keptListLength = 0;
  private up = -1;
  private upSuit = -1;
  private classes: HiddenClasses = classesFor(0);
  private unseen = 0;
  readonly buckets = emptyBuckets();
  readonly cardBuckets = emptyBuckets();
  /** Per suit, the kept fours with hands suited in it (for countWithRank). */
  private readonly suitedKeptList = [0, 1, 2, 3].map(() => new Int32Array(KEPT_COUNT));
  private readonly suitedKeptListLength = new Int32Array(4);
  // countWithRank's scratch: the part common to a rank's cards and each card's own.
  private readonly rankShared = emptyBuckets();
  private readonly rankCards = [0, 1, 2, 3].map(() => emptyBuckets());
  private readonly sharedKept = new Float64Array(KEPT_COUNT);
  private readonly sharedKeptTouched = new Int32Array(KEPT_COUNT);
  private readonly flushKept = new Float64Array(KEPT_COUNT);
  private readonly flushKeptTouched = new Int32Array(KEPT_COUNT);
  private readonly ownSuited = [0, 1, 2, 3].map(() => new Float64Array(KEPT_COUNT));
  private readonly ownSuitedTouched = [0, 1, 2, 3].map(() => new Int32Array(KEPT_COUNT));

  private setBuckets(into: DealerBuckets, values: ArrayLike<number> | null, k: number): void {
    if (values === null) {
      this.bucketOf = IDENTITY;
      into.game.fill(0);
      into.noGame.fill(0);
      into.bought.fill(0);
      return;
    }
    if (k < 1 || k > MAX_VALUES) throw new RangeError(`DealerCounter: 1 to ${MAX_VALUES} values, got ${k}`);
    const bucketOf = (this.bucketOf = this.valueBuckets);
    let from = 0;
    for (let j = 0; j < k; j++) {
      const v = values[j]!;
      if (v < from) throw new RangeError('DealerCounter: values must ascend');
      bucketOf.fill(2 * j, from, v);
      bucketOf[v] = 2 * j + 1;
      from = v + 1;
    }
    bucketOf.fill(2 * k, from);
    into.game.fill(0, 0, 2 * k + 1);
    into.noGame.fill(0, 0, 2 * k + 1);
    into.bought.fill(0, 0, 2 * k + 1);
  }

  /**
   * `isUnseen[c]` is 1 for each card the dealer's hidden cards and the replacement can be
   * (neither the box's, the up card, nor one exchanged away). `values`: see DealerBuckets.
   */
  count(isUnseen: ArrayLike<number>, upCard: Card, values: ArrayLike<number> | null, k = 0): DealerBuckets {
    const out = this.buckets;
    this.setBuckets(out, values, k);
    const bucketOf = this.bucketOf;
    const { game, noGame } = out;

    const a = this.unseenRanks;
    const sm = this.suitMasks;
    a.fill(0);
    sm.fill(0);
    let unseen = 0;
    for (let c = 0; c < 52; c++) {
      if (!isUnseen[c]) continue;
      unseen++;
      a[c >> 2]!++;
      sm[c & 3]! |= 1 << (c >> 2);
    }
    const ways = this.ways;
    for (let r = 0; r < 13; r++) for (let m = 0; m < 5; m++) ways[r * 5 + m] = WAYS[a[r]! * 5 + m]!;
    const keptWays = this.keptWays;
    const suitedKeptWays = this.suitedKeptWays;
    keptWays.fill(0);
    suitedKeptWays.fill(0);
    const up = (this.up = rankOf(upCard));
    const us = (this.upSuit = suitOf(upCard));
    this.unseen = unseen;
    const upSuited = sm[us]!;
    const cls = (this.classes = classesFor(up));
    const { factors, distinctMask, plain: plainOf, suited: suitedOf, kept: keptOf, low: lowOf } = cls;
    let boughtNoGame = 0;
    let noGameHands = 0;

    const classWays = this.classWays;
    for (let i = 0; i < cls.count; i++) {
      const f = i * 4;
      const w = ways[factors[f]!]! * ways[factors[f + 1]!]! * ways[factors[f + 2]!]! * ways[factors[f + 3]!]!;
      classWays[i] = w;
      if (w === 0) continue;
      const mask = distinctMask[i]!;
      const plain = plainOf[i]!;
      if (mask === 0 || GAME[plain]) {
        // A pair or better with the up card. Four different ranks could still be a flush.
        const suited = suitedOf[i]!;
        if (suited !== 0 && (upSuited & mask) === mask) {
          game[bucketOf[suited]!]!++;
          game[bucketOf[plain]!]! += w - 1;
        } else game[bucketOf[plain]!]! += w;
        continue;
      }
      // No game unless all four hidden share the up card's suit.
      const flush = (upSuited & mask) === mask ? 1 : 0;
      if (flush) game[bucketOf[suitedOf[i]!]!]!++;
      const plainWays = w - flush;
      if (plainWays === 0) continue;
      noGame[bucketOf[plain]!]! += plainWays;
      noGameHands += plainWays;
      const kept = keptOf[i]!;
      keptWays[kept]! += plainWays;
      // The hands whose four kept cards share a suit: with a new card of that suit the new
      // hand is suited, so those pairs move from the plain value to the suited one.
      const low = lowOf[i]!;
      if (low === up) {
        // The up card goes; the four hidden cards stay. Suited in a suit other than the up
        // card's (in its suit the dealer had a flush, counted above).
        for (let s = 0; s < 4; s++) {
          if (s === us || (sm[s]! & mask) !== mask) continue;
          suitedKeptWays[kept * 4 + s]!++;
          boughtNoGame -= this.suitedKept(out, kept, sm[s]! & ~mask, 1);
        }
      } else {
        // A hidden card goes; the other three are suited only in the up card's suit, and the
        // one thrown away is then of another suit (else the dealer had a flush).
        const three = mask & ~(1 << low);
        if ((upSuited & three) !== three) continue;
        const lowWays = a[low]! - ((upSuited >> low) & 1);
        if (lowWays === 0) continue;
        suitedKeptWays[kept * 4 + us]! += lowWays;
        boughtNoGame -= this.suitedKept(out, kept, upSuited & ~three, lowWays);
      }
    }
    for (let s = 0; s < 4; s++) {
      let n = 0;
      const list = this.suitedKeptList[s]!;
      for (let kept = 0; kept < KEPT_COUNT; kept++) if (suitedKeptWays[kept * 4 + s] !== 0) list[n++] = kept;
      this.suitedKeptListLength[s] = n;
    }
    let boughtGame = 0;
    const keptList = this.keptList;
    let listed = 0;
    for (let kept = 0; kept < KEPT_COUNT; kept++) {
      const kw = keptWays[kept]!;
      if (kw === 0) continue;
      keptList[listed++] = kept;
      boughtGame += this.keptGame(out, kept, kw);
    }
    this.keptListLength = listed;
    out.boughtNoGame = boughtNoGame + noGameHands * (unseen - 4) - boughtGame;
    out.unseen = unseen;
    return out;
  }

  /**
   * After `count`, the dealer hands that hold the unseen card `card`, and the (hand without a
   * game, replacement) pairs it is part of, as the hand's card or as the replacement: what
   * `count` would lose with that card seen too. Sorted against `values` (or in full).
   */
  countWith(card: Card, values: ArrayLike<number> | null, k = 0): DealerBuckets {
    const out = this.cardBuckets;
    this.setBuckets(out, values, k);
    const bucketOf = this.bucketOf;
    const { game, noGame, bought } = out;
    const a = this.unseenRanks;
    const sm = this.suitMasks;
    const up = this.up;
    const us = this.upSuit;
    const upSuited = sm[us]!;
    const rho = card >> 2;
    const sigma = card & 3;
    if (!((sm[sigma]! >> rho) & 1)) throw new RangeError('DealerCounter.countWith: the card is not unseen');
    const aRho = a[rho]!;
    const cls = this.classes;
    const { distinctMask, plain: plainOf, suited: suitedOf, kept: keptOf, low: lowOf } = cls;
    const keptWays = this.keptWays;
    const suitedKeptWays = this.suitedKeptWays;
    const cardKeptWays = this.cardKeptWays;
    const cardSuitedKeptWays = this.cardSuitedKeptWays;
    const touched = this.cardKeptTouched;
    let touchedCount = 0;
    let boughtNoGame = 0;
    let noGameHands = 0;

    // The hands holding the card: of a class with m copies of its rank, m in every a_rho of
    // the class's hands hold this one of the a_rho cards.
    const list = cls.byRank[rho]!;
    const listCopies = cls.byRankCopies[rho]!;
    const classWays = this.classWays;
    for (let t = 0; t < list.length; t++) {
      const i = list[t]!;
      const all = classWays[i]!;
      if (all === 0) continue;
      const w = (all * listCopies[t]!) / aRho;
      const mask = distinctMask[i]!;
      const plain = plainOf[i]!;
      // The one hand of four different ranks all in the up card's suit holds the card when
      // the card is of that suit.
      const flush = mask !== 0 && sigma === us && (upSuited & mask) === mask ? 1 : 0;
      if (mask === 0 || GAME[plain]) {
        const suited = suitedOf[i]!;
        if (flush && suited !== 0) {
          game[bucketOf[suited]!]!++;
          game[bucketOf[plain]!]! += w - 1;
        } else game[bucketOf[plain]!]! += w;
        continue;
      }
      if (flush) game[bucketOf[suitedOf[i]!]!]!++;
      const plainWays = w - flush;
      if (plainWays === 0) continue;
      noGame[bucketOf[plain]!]! += plainWays;
      noGameHands += plainWays;
      const kept = keptOf[i]!;
      if (cardKeptWays[kept] === 0) touched[touchedCount++] = kept;
      cardKeptWays[kept]! += plainWays;
      const low = lowOf[i]!;
      if (low === up) {
        // The four hidden stay; suited in the card's suit (not the up card's) holds the card.
        if (sigma !== us && (sm[sigma]! & mask) === mask) {
          cardSuitedKeptWays[kept * 4 + sigma]!++;
          boughtNoGame -= this.suitedKept(out, kept, sm[sigma]! & ~mask, 1);
        }
      } else {
        const three = mask & ~(1 << low);
        if ((upSuited & three) !== three) continue;
        // The card is one of the three kept in the up card's suit (then every such hand holds
        // it), or the one thrown away, of another suit (then one of them does).
        let held = 0;
        if (sigma === us && rho !== low) held = a[low]! - ((upSuited >> low) & 1);
        else if (sigma !== us && rho === low) held = 1;
        if (held === 0) continue;
        cardSuitedKeptWays[kept * 4 + us]! += held;
        boughtNoGame -= this.suitedKept(out, kept, upSuited & ~three, held);
      }
    }
    let boughtGame = 0;
    for (let t = 0; t < touchedCount; t++) {
      const kept = touched[t]!;
      boughtGame += this.keptGame(out, kept, cardKeptWays[kept]!);
    }
    boughtNoGame += noGameHands * (this.unseen - 4) - boughtGame;

    // The card as the replacement, for every hand without a game that does not hold it.
    const keptList = this.keptList;
    for (let t = 0; t < this.keptListLength; t++) {
      const kept = keptList[t]!;
      const n = keptWays[kept]! - cardKeptWays[kept]!;
      if (n === 0) continue;
      const plain = KEPT_PLAIN_VALUES[kept * 13 + rho]!;
      if (GAME[plain]) bought[bucketOf[plain]!]! += n;
      else boughtNoGame += n;
      if ((KEPT_MASKS[kept]! >> rho) & 1) continue;
      const suited = suitedKeptWays[kept * 4 + sigma]! - cardSuitedKeptWays[kept * 4 + sigma]!;
      if (suited === 0) continue;
      if (GAME[plain]) bought[bucketOf[plain]!]! -= suited;
      else boughtNoGame -= suited;
      bought[bucketOf[KEPT_SUITED_VALUES[kept * 13 + rho]!]!]! += suited;
    }
    for (let t = 0; t < touchedCount; t++) {
      const kept = touched[t]!;
      cardKeptWays[kept] = 0;
      for (let s = 0; s < 4; s++) cardSuitedKeptWays[kept * 4 + s] = 0;
    }
    out.boughtNoGame = boughtNoGame;
    out.unseen = this.unseen;
    return out;
  }

  /**
   * After `count`, what `countWith` gives for every unseen card of rank `rho` at once: the part
   * the four suits share (`shared`) and each card's own (`cards[suit]`, null for a suit whose
   * card is not unseen); a card's counts are the two added. The shared part is the hands by
   * their ranks; a card's own part is where its suit matters: the dealer's flush in the up card's
   * suit, and the kept fours that share a suit. All sorted against `values` (ascending, k).
   */
  countWithRank(
    rho: number,
    values: ArrayLike<number>,
    k: number,
  ): { shared: DealerBuckets; cards: (DealerBuckets | null)[] } {
    const S = this.rankShared;
    this.setBuckets(S, values, k);
    const bucketOf = this.bucketOf;
    const a = this.unseenRanks;
    const sm = this.suitMasks;
    const up = this.up;
    const us = this.upSuit;
    const upSuited = sm[us]!;
    const aRho = a[rho]!;
    if (aRho === 0) throw new RangeError('DealerCounter.countWithRank: no unseen card of the rank');
    const cards: (DealerBuckets | null)[] = [null, null, null, null];
    for (let s = 0; s < 4; s++) {
      if (!((sm[s]! >> rho) & 1)) continue;
      const c = this.rankCards[s]!;
      c.game.fill(0, 0, 2 * k + 1);
      c.noGame.fill(0, 0, 2 * k + 1);
      c.bought.fill(0, 0, 2 * k + 1);
      cards[s] = c;
    }
    const upCardOf = cards[us] ?? null;
    const cls = this.classes;
    const { distinctMask, plain: plainOf, suited: suitedOf, kept: keptOf, low: lowOf } = cls;
    const classWays = this.classWays;
    const sharedKept = this.sharedKept;
    const sharedTouched = this.sharedKeptTouched;
    const flushKept = this.flushKept;
    const flushTouched = this.flushKeptTouched;
    let sharedCount = 0;
    let flushCount = 0;
    const ownCount = [0, 0, 0, 0];
    const ownNoGame = [0, 0, 0, 0];
    const cardNoGameHands = [0, 0, 0, 0];
    let noGameHands = 0;
    let boughtNoGame = 0;

    const list = cls.byRank[rho]!;
    const listCopies = cls.byRankCopies[rho]!;
    for (let t = 0; t < list.length; t++) {
      const i = list[t]!;
      const all = classWays[i]!;
      if (all === 0) continue;
      // Of a class with m copies of the rank, m in every a_rho of its hands hold a given card.
      const w = (all * listCopies[t]!) / aRho;
      const mask = distinctMask[i]!;
      const plain = plainOf[i]!;
      // Four different ranks all in the up card's suit: that one hand holds the up suit's card.
      const inUpSuit = mask !== 0 && (upSuited & mask) === mask;
      if (mask === 0 || GAME[plain]) {
        S.game[bucketOf[plain]!]! += w;
        const suited = suitedOf[i]!;
        if (inUpSuit && suited !== 0 && upCardOf !== null) {
          upCardOf.game[bucketOf[suited]!]!++;
          upCardOf.game[bucketOf[plain]!]!--;
        }
        continue;
      }
      const kept = keptOf[i]!;
      S.noGame[bucketOf[plain]!]! += w;
      noGameHands += w;
      if (sharedKept[kept] === 0) sharedTouched[sharedCount++] = kept;
      sharedKept[kept]! += w;
      if (inUpSuit && upCardOf !== null) {
        upCardOf.game[bucketOf[suitedOf[i]!]!]!++;
        upCardOf.noGame[bucketOf[plain]!]!--;
        cardNoGameHands[us]!--;
        if (flushKept[kept] === 0) flushTouched[flushCount++] = kept;
        flushKept[kept]!--;
      }
      const low = lowOf[i]!;
      if (low === up) {
        // The four hidden stay; suited in the card's suit (not the up card's) holds the card.
        for (let s = 0; s < 4; s++) {
          const c = cards[s] ?? null;
          if (s === us || c === null || (sm[s]! & mask) !== mask) continue;
          this.ownSuitedAdd(s, kept, 1, ownCount);
          ownNoGame[s]! -= this.suitedKept(c, kept, sm[s]! & ~mask, 1);
        }
      } else {
        const three = mask & ~(1 << low);
        if ((upSuited & three) !== three) continue;
        if (rho !== low) {
          // The card is one of the three kept in the up card's suit: every such hand holds it.
          if (upCardOf === null) continue;
          const held = a[low]! - ((upSuited >> low) & 1);
          if (held === 0) continue;
          this.ownSuitedAdd(us, kept, held, ownCount);
          ownNoGame[us]! -= this.suitedKept(upCardOf, kept, upSuited & ~three, held);
        } else {
          // The card is the one thrown away, of another suit: one such hand holds it.
          for (let s = 0; s < 4; s++) {
            const c = cards[s] ?? null;
            if (s === us || c === null) continue;
            ownNoGame[s]! -= this.suitedKept(c, kept, upSuited & ~three, 1);
          }
        }
      }
    }
    // P-10 on the hands holding the card, by the four they keep.
    let boughtGame = 0;
    for (let t = 0; t < sharedCount; t++)
      boughtGame += this.keptGame(S, sharedTouched[t]!, sharedKept[sharedTouched[t]!]!);
    boughtNoGame += noGameHands * (this.unseen - 4) - boughtGame;
    if (upCardOf !== null) {
      let flushGame = 0;
      for (let t = 0; t < flushCount; t++)
        flushGame += this.keptGame(upCardOf, flushTouched[t]!, flushKept[flushTouched[t]!]!);
      ownNoGame[us]! += cardNoGameHands[us]! * (this.unseen - 4) - flushGame;
    }
    // The card as the replacement, for every hand without a game that does not hold it: by
    // rank for all four, then the up suit's card's hands that were a flush, then the suited.
    const keptWays = this.keptWays;
    const keptList = this.keptList;
    for (let t = 0; t < this.keptListLength; t++) {
      const kept = keptList[t]!;
      const n = keptWays[kept]! - sharedKept[kept]!;
      if (n === 0) continue;
      const plain = KEPT_PLAIN_VALUES[kept * 13 + rho]!;
      if (GAME[plain]) S.bought[bucketOf[plain]!]! += n;
      else boughtNoGame += n;
    }
    if (upCardOf !== null) {
      for (let t = 0; t < flushCount; t++) {
        const kept = flushTouched[t]!;
        const plain = KEPT_PLAIN_VALUES[kept * 13 + rho]!;
        // This card's hands are fewer by these flushes: more hands take it as the new card.
        if (GAME[plain]) upCardOf.bought[bucketOf[plain]!]! -= flushKept[kept]!;
        else ownNoGame[us]! -= flushKept[kept]!;
      }
    }
    const suitedKeptWays = this.suitedKeptWays;
    for (let s = 0; s < 4; s++) {
      const c = cards[s] ?? null;
      if (c === null) continue;
      const own = this.ownSuited[s]!;
      const sl = this.suitedKeptList[s]!;
      for (let t = 0; t < this.suitedKeptListLength[s]!; t++) {
        const kept = sl[t]!;
        if ((KEPT_MASKS[kept]! >> rho) & 1) continue;
        const n = suitedKeptWays[kept * 4 + s]! - own[kept]!;
        if (n === 0) continue;
        const plain = KEPT_PLAIN_VALUES[kept * 13 + rho]!;
        if (GAME[plain]) c.bought[bucketOf[plain]!]! -= n;
        else ownNoGame[s]! -= n;
        c.bought[bucketOf[KEPT_SUITED_VALUES[kept * 13 + rho]!]!]! += n;
      }
      c.boughtNoGame = ownNoGame[s]!;
      c.unseen = this.unseen;
      const touched = this.ownSuitedTouched[s]!;
      for (let t = 0; t < ownCount[s]!; t++) own[touched[t]!] = 0;
    }
    for (let t = 0; t < sharedCount; t++) sharedKept[sharedTouched[t]!] = 0;
    for (let t = 0; t < flushCount; t++) flushKept[flushTouched[t]!] = 0;
    S.boughtNoGame = boughtNoGame;
    S.unseen = this.unseen;
    return { shared: S, cards };
  }

  private ownSuitedAdd(suit: number, kept: number, ways: number, counts: number[]): void {
    const own = this.ownSuited[suit]!;
    if (own[kept] === 0) this.ownSuitedTouched[suit]![counts[suit]!++] = kept;
    own[kept]! += ways;
  }

  /**
   * P-10 on `ways` hands without a game keeping the four `kept`: a new card of rank x comes
   * from the unseen cards not in the dealer's hand. Where the plain new hand is a game, x is
   * one of the four (the hand holds one card of it unless it is the up card) or completes a
   * straight (x is then none of the five), so how many such cards there are depends on the
   * four alone; every other new card leaves the plain hand without a game. Adds the game
   * pairs to the buckets and returns how many there were.
   */
  private keptGame(into: DealerBuckets, kept: number, ways: number): number {
    const a = this.unseenRanks;
    const bucketOf = this.bucketOf;
    const up = this.up;
    const mask = KEPT_MASKS[kept]!;
    let total = 0;
    const n = KEPT_GAME_COUNT[kept]!;
    for (let g = kept * MAX_GAME_RANKS; g < kept * MAX_GAME_RANKS + n; g++) {
      const x = KEPT_GAME_RANK[g]!;
      const left = a[x]! - (((mask >> x) & 1) === 1 && x !== up ? 1 : 0);
      if (left === 0) continue;
      into.bought[bucketOf[KEPT_PLAIN_VALUES[kept * 13 + x]!]!]! += ways * left;
      total += ways * left;
    }
    return total;
  }

  /**
   * Moves `ways` hands × each new card of the kept four's suit (ranks in `newRanks`) from the
   * plain new hand to the suited one; returns how many of them left no game.
   */
  private suitedKept(into: DealerBuckets, kept: number, newRanks: number, ways: number): number {
    const { bought } = into;
    const bucketOf = this.bucketOf;
    let fromNoGame = 0;
    for (let m = newRanks; m !== 0; m &= m - 1) {
      const x = 31 - Math.clz32(m & -m);
      const plain = KEPT_PLAIN_VALUES[kept * 13 + x]!;
      const suited = KEPT_SUITED_VALUES[kept * 13 + x]!;
      if (GAME[plain]) bought[bucketOf[plain]!]! -= ways;
      else fromNoGame += ways;
      bought[bucketOf[suited]!]! += ways;
    }
    return fromNoGame;
  }
}
