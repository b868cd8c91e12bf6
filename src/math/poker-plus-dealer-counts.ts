// The dealer's hand in Poker Plus counted by class instead of card by card (P-8 to P-10). Given
// the cards the player has not seen and the up card, the dealer's four hidden cards are every
// four of the unseen; what they make depends on their ranks, and on their suits only where all
// of them share one (a flush). So the counts go over the multisets of four ranks
// (poker-plus-hidden-classes.ts), each weighted by how many unseen cards carry those ranks, with
// the suited hands counted apart. The bought game (P-10) goes the same way: a dealer without a
// game has five different ranks, keeps the four highest, and the new card's rank decides the
// new hand unless the four kept share a suit and the new card has it too.
//
// Every hand value comes from core (poker-plus-rank-tables.ts): this module holds no hand rules
// of its own, only the counting. The counts are whole numbers and equal, one for one, the plain
// enumeration of every completion and every replacement card (poker-plus-ev.ts, which the tests
// and bench:poker-plus-decision compare), so the order they are added in changes nothing.

import { HAND_VALUE_COUNT, rankOf, suitOf, type Card } from '../core';
import { classesFor, type HiddenClasses } from './poker-plus-hidden-classes';
import {
  GAME,
  KEPT_COUNT,
  KEPT_GAME_BY_RANK,
  KEPT_GAME_COUNT,
  KEPT_GAME_RANK,
  KEPT_MASKS,
  KEPT_PLAIN_VALUES,
  KEPT_SUITED_VALUES,
  MAX_GAME_RANKS,
  WAYS,
} from './poker-plus-rank-tables';

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
 * Counts the dealer's hands of one unseen set and up card (`count`), and then, for the unseen
 * cards of any one rank, the hands and pairs each of those cards was part of (`countWithRank`),
 * so that the counts without that card are the difference. Reuse one counter, one count at a
 * time.
 */
export class DealerCounter {
  private readonly valueBuckets = new Uint16Array(FULL);
  private bucketOf: Uint16Array = IDENTITY;
  private readonly unseenRanks = new Int32Array(13);
  private readonly suitMasks = new Int32Array(4);
  /** C(unseen of rank r, m) at r * 5 + m, for the last count. */
  private readonly ways = new Float64Array(65);
  /** Hands without a game by the four they keep, and of those the ones whose four kept share
   * suit s (at kept * 4 + s), for the last count. */
  private readonly keptWays = new Float64Array(KEPT_COUNT);
  private readonly suitedKeptWays = new Float64Array(KEPT_COUNT * 4);
  /** The last count's hands of each class, the kept fours that had hands without a game (in
   * the order first met), and how many hands without a game there were. */
  private readonly classWays = new Float64Array(1820);
  private readonly keptList = new Int32Array(KEPT_COUNT);
  private keptListLength = 0;
  private noGameHands = 0;
  private up = -1;
  private upSuit = -1;
  private classes: HiddenClasses = classesFor(0);
  private unseen = 0;
  readonly buckets = emptyBuckets();
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
  /** Hands whose card of this rank is thrown away, of another suit than the three kept in the
   * up card's, by the four they keep. */
  private readonly thrownKept = new Float64Array(KEPT_COUNT);
  private readonly thrownKeptTouched = new Int32Array(KEPT_COUNT);
  private readonly ownCount = new Int32Array(4);
  private readonly ownNoGame = new Float64Array(4);
  private readonly rankCardsOf: (DealerBuckets | null)[] = [null, null, null, null];
  private readonly rankResult = { shared: this.rankShared, cards: this.rankCardsOf };

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
    const keptList = this.keptList;
    // The last count's kept fours, cleared where they were set.
    for (let t = 0; t < this.keptListLength; t++) keptWays[keptList[t]!] = 0;
    for (let s = 0; s < 4; s++) {
      const list = this.suitedKeptList[s]!;
      for (let t = 0; t < this.suitedKeptListLength[s]!; t++) suitedKeptWays[list[t]! * 4 + s] = 0;
    }
    let listed = 0;
    const suitedKeptList = this.suitedKeptList;
    const suitedListed = this.suitedKeptListLength;
    suitedListed.fill(0);
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
      if (keptWays[kept] === 0) keptList[listed++] = kept;
      keptWays[kept]! += plainWays;
      // The hands whose four kept cards share a suit: with a new card of that suit the new
      // hand is suited, so those pairs move from the plain value to the suited one.
      const low = lowOf[i]!;
      if (low === up) {
        // The up card goes; the four hidden cards stay. Suited in a suit other than the up
        // card's (in its suit the dealer had a flush, counted above).
        for (let s = 0; s < 4; s++) {
          if (s === us || (sm[s]! & mask) !== mask) continue;
          if (suitedKeptWays[kept * 4 + s] === 0) suitedKeptList[s]![suitedListed[s]!++] = kept;
          suitedKeptWays[kept * 4 + s]!++;
        }
      } else {
        // A hidden card goes; the other three are suited only in the up card's suit, and the
        // one thrown away is then of another suit (else the dealer had a flush).
        const three = mask & ~(1 << low);
        if ((upSuited & three) !== three) continue;
        const lowWays = a[low]! - ((upSuited >> low) & 1);
        if (lowWays === 0) continue;
        if (suitedKeptWays[kept * 4 + us] === 0) suitedKeptList[us]![suitedListed[us]!++] = kept;
        suitedKeptWays[kept * 4 + us]! += lowWays;
      }
    }
    // Then for each kept four that shares a suit, its hands with every new card of that suit
    // (the suit's unseen outside the four) at once.
    for (let s = 0; s < 4; s++) {
      const list = suitedKeptList[s]!;
      for (let t = 0; t < suitedListed[s]!; t++) {
        const kept = list[t]!;
        boughtNoGame -= this.suitedKept(out, kept, sm[s]! & ~KEPT_MASKS[kept]!, suitedKeptWays[kept * 4 + s]!);
      }
    }
    let boughtGame = 0;
    for (let t = 0; t < listed; t++) boughtGame += this.keptGame(out, keptList[t]!, keptWays[keptList[t]!]!);
    this.keptListLength = listed;
    this.noGameHands = noGameHands;
    out.boughtNoGame = boughtNoGame + noGameHands * (unseen - 4) - boughtGame;
    out.unseen = unseen;
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
    const cards = this.rankCardsOf;
    for (let s = 0; s < 4; s++) {
      cards[s] = null;
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
    const thrownKept = this.thrownKept;
    const thrownTouched = this.thrownKeptTouched;
    let sharedCount = 0;
    let flushCount = 0;
    let thrownCount = 0;
    const ownCount = this.ownCount;
    const ownNoGame = this.ownNoGame;
    ownCount.fill(0);
    ownNoGame.fill(0);
    let upCardNoGameHands = 0;
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
        upCardNoGameHands--;
        if (flushKept[kept] === 0) flushTouched[flushCount++] = kept;
        flushKept[kept]!--;
      }
      const low = lowOf[i]!;
      if (low === up) {
        // The four hidden stay; suited in the card's suit (not the up card's) holds the card.
        for (let s = 0; s < 4; s++) {
          const c = cards[s] ?? null;
          if (s === us || c === null || (sm[s]! & mask) !== mask) continue;
          this.ownSuitedAdd(s, kept, 1);
        }
      } else {
        const three = mask & ~(1 << low);
        if ((upSuited & three) !== three) continue;
        if (rho !== low) {
          // The card is one of the three kept in the up card's suit: every such hand holds it.
          if (upCardOf === null) continue;
          const held = a[low]! - ((upSuited >> low) & 1);
          if (held === 0) continue;
          this.ownSuitedAdd(us, kept, held);
        } else {
          // The card is the one thrown away, of another suit: one such hand holds it.
          if (thrownKept[kept] === 0) thrownTouched[thrownCount++] = kept;
          thrownKept[kept]!++;
        }
      }
    }
    // P-10 on the hands holding the card, by the four they keep; and of the last count's hands
    // without a game, those not holding it.
    const keptWays = this.keptWays;
    let notHeld = this.noGameHands;
    let boughtGame = 0;
    for (let t = 0; t < sharedCount; t++) {
      const kept = sharedTouched[t]!;
      boughtGame += this.keptGame(S, kept, sharedKept[kept]!);
      notHeld -= sharedKept[kept]!;
    }
    boughtNoGame += noGameHands * (this.unseen - 4) - boughtGame;
    if (upCardOf !== null) {
      let flushGame = 0;
      for (let t = 0; t < flushCount; t++)
        flushGame += this.keptGame(upCardOf, flushTouched[t]!, flushKept[flushTouched[t]!]!);
      ownNoGame[us]! += upCardNoGameHands * (this.unseen - 4) - flushGame;
    }
    // The card as the replacement, for every hand without a game that does not hold it: by
    // rank for all four (a game only where the kept four make one with this rank, all the rest
    // no game), then the up suit's card's hands that were a flush, then the suited. By rank, a
    // kept four can have more hands holding the card than the count had without a game: where
    // every hand of its classes was a flush in the up card's suit (a dozen cards seen), which
    // the up suit's card's own part then corrects.
    const gameKept = KEPT_GAME_BY_RANK[rho]!;
    for (let t = 0; t < gameKept.length; t++) {
      const kept = gameKept[t]!;
      const n = keptWays[kept]! - sharedKept[kept]!;
      if (n === 0) continue;
      notHeld -= n;
      S.bought[bucketOf[KEPT_PLAIN_VALUES[kept * 13 + rho]!]!]! += n;
    }
    boughtNoGame += notHeld;
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
      const touched = this.ownSuitedTouched[s]!;
      // The card's hands whose four kept share a suit, with each new card of that suit: the
      // card's suit where it is kept, the up card's where it is thrown away.
      for (let t = 0; t < ownCount[s]!; t++) {
        const kept = touched[t]!;
        ownNoGame[s]! -= this.suitedKept(c, kept, sm[s]! & ~KEPT_MASKS[kept]!, own[kept]!);
      }
      if (s !== us)
        for (let t = 0; t < thrownCount; t++) {
          const kept = thrownTouched[t]!;
          ownNoGame[s]! -= this.suitedKept(c, kept, upSuited & ~KEPT_MASKS[kept]!, thrownKept[kept]!);
        }
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
      for (let t = 0; t < ownCount[s]!; t++) own[touched[t]!] = 0;
    }
    for (let t = 0; t < thrownCount; t++) thrownKept[thrownTouched[t]!] = 0;
    for (let t = 0; t < sharedCount; t++) sharedKept[sharedTouched[t]!] = 0;
    for (let t = 0; t < flushCount; t++) flushKept[flushTouched[t]!] = 0;
    S.boughtNoGame = boughtNoGame;
    S.unseen = this.unseen;
    return this.rankResult;
  }

  private ownSuitedAdd(suit: number, kept: number, ways: number): void {
    const own = this.ownSuited[suit]!;
    if (own[kept] === 0) this.ownSuitedTouched[suit]![this.ownCount[suit]!++] = kept;
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
