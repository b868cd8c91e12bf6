import { describe, expect, it } from 'vitest';
import {
  categoryIndexOf,
  dealPokerPlus,
  DEFAULT_POKER_PLUS_CONFIG,
  evaluate,
  evaluate5,
  parseCard,
  parseCards,
  rankOf,
  stepPokerPlus,
  type Card,
} from '../core';
import { finalDecision } from './poker-plus-ev';

/** Net of one round through core's engine: box, dealer hidden cards, up card, then `rest`. */
function engineNet(box: Card[], hidden: Card[], up: Card, rest: Card[], choice: 'bet' | 'buyGame'): number {
  const dealt = dealPokerPlus([...box, ...hidden, up, ...rest], [{ ante: 1 }], DEFAULT_POKER_PLUS_CONFIG);
  if (!dealt.ok) throw new Error(dealt.refusal.reason);
  const bet = stepPokerPlus(dealt.state, { type: 'bet' });
  if (!bet.ok) throw new Error(bet.refusal.reason);
  const done = stepPokerPlus(bet.state, choice === 'bet' ? { type: 'reveal' } : { type: 'buyGame' });
  if (!done.ok) throw new Error(done.refusal.reason);
  // Net after BET, with the ante counted: what finalDecision values.
  return done.state.result!.boxes[0]!.net;
}

/**
 * Every dealer completion and every replacement card, settled by the engine. The player is
 * told of many seen cards so that the unseen set is small enough to play all of it.
 */
function engineValues(box: Card[], up: Card, seen: Card[]): { bet: number; buyGame: number } {
  const out = new Set([...box, up, ...seen]);
  const unseen = [...Array(52).keys()].filter((c) => !out.has(c));
  let bet = 0;
  let buy = 0;
  let completions = 0;
  const n = unseen.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          completions++;
          const hidden = [unseen[a]!, unseen[b]!, unseen[c]!, unseen[d]!];
          const others = unseen.filter((x) => !hidden.includes(x));
          bet += engineNet(box, hidden, up, [...others, ...seen], 'bet');
          let sum = 0;
          for (const r of others)
            sum += engineNet(box, hidden, up, [r, ...others.filter((x) => x !== r), ...seen], 'buyGame');
          buy += sum / others.length;
        }
  return { bet: bet / completions, buyGame: buy / completions };
}

/**
 * The plain reckoning, for comparison: every completion, and for a dealer without a game every
 * replacement card evaluated one by one (what finalDecision groups by the four cards kept).
 */
function boughtByBruteForce(
  box: Card[],
  up: Card,
  seen: Card[],
): { win: number; tie: number; lose: number; noGame: number } {
  const out = new Set([...box, up, ...seen]);
  const unseen = [...Array(52).keys()].filter((c) => !out.has(c));
  const value = evaluate(box);
  const t = { win: 0, tie: 0, lose: 0, noGame: 0 };
  const n = unseen.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          const dealer = [unseen[a]!, unseen[b]!, unseen[c]!, unseen[d]!, up];
          if (categoryIndexOf(evaluate5(dealer[0]!, dealer[1]!, dealer[2]!, dealer[3]!, dealer[4]!)) >= 1) continue;
          const low = dealer.reduce((l, x, i) => (rankOf(x) < rankOf(dealer[l]!) ? i : l), 0);
          const keep = dealer.filter((_, i) => i !== low);
          for (const r of unseen) {
            if (dealer.includes(r)) continue;
            const v = evaluate5(keep[0]!, keep[1]!, keep[2]!, keep[3]!, r);
            if (categoryIndexOf(v) < 1) t.noGame++;
            else if (value > v) t.win++;
            else if (value === v) t.tie++;
            else t.lose++;
          }
        }
  const replacements = n - 4;
  return {
    win: t.win / replacements,
    tie: t.tie / replacements,
    lose: t.lose / replacements,
    noGame: t.noGame / replacements,
  };
}

describe('Poker Plus final decision, exact', () => {
  it('counts the bought game exactly as evaluating every replacement card one by one', () => {
    const cases: [string, string, string][] = [
      ['Ah Kd 8c 6s 3d', '7c', ''],
      // Four hearts showing with the up card: kept fours that share a suit, and flushes.
      ['2h 5h 9h Jh 4c', 'Kh', ''],
      ['9c 9d 9h 4s 4c Qs', '2d', '7s 8h'],
      ['Tc Jc Qc Kc Ac', '3s', ''],
      ['3c 3d 7h 8s Jc', 'As', 'Kd Qd 2s'],
    ];
    for (const [boxText, upText, seenText] of cases) {
      const box = parseCards(boxText);
      const up = parseCard(upText);
      const seen = seenText ? parseCards(seenText) : [];
      const o = finalDecision({ box, upCard: up, seen, ante: 1 }).odds;
      const brute = boughtByBruteForce(box, up, seen);
      expect([o.boughtWin, o.boughtTie, o.boughtLose, o.boughtNoGame]).toEqual([
        brute.win,
        brute.tie,
        brute.lose,
        brute.noGame,
      ]);
    }
  });

  it('equals the engine settling every completion (small unseen set), for BET and for buying the game', () => {
    const cases: [string, string][] = [
      ['9c 9d 4h 4s 2c', 'Kh'],
      ['Ah Kd 8c 6s 3d', '7c'],
    ];
    for (const [boxText, upText] of cases) {
      const box = parseCards(boxText);
      const up = parseCard(upText);
      // Twenty-eight cards the player has seen: the lowest ones not in play.
      const seen = [...Array(52).keys()].filter((c) => !box.includes(c) && c !== up).slice(0, 28);
      const exact = finalDecision({ box, upCard: up, seen, ante: 1 });
      const engine = engineValues(box, up, seen);
      expect(exact.completions).toBe(3060);
      expect(exact.values.bet).toBeCloseTo(engine.bet, 10);
      expect(exact.values.buyGame).toBeCloseTo(engine.buyGame, 10);
    }
  });

  it('counts every dealer completion from the 46 unseen cards of an untouched box', () => {
    const d = finalDecision({ box: parseCards('Ac Ad 7h 9s Jc'), upCard: parseCard('5h'), ante: 1 });
    expect(d.completions).toBe(163185);
    const o = d.odds;
    expect(o.gameWin + o.gameTie + o.gameLose + o.noGameBeat + o.noGamePush).toBe(163185);
    expect(o.boughtWin + o.boughtTie + o.boughtLose + o.boughtNoGame).toBeCloseTo(o.noGameBeat + o.noGamePush, 6);
    expect(d.values.fold).toBe(-1);
    expect(d.best).toBe('bet');
  });

  it('folds a pair of deuces against an ace, bets aces, buys the game with a full house', () => {
    expect(finalDecision({ box: parseCards('2c 2d 7h 9s Jc'), upCard: parseCard('Ah'), ante: 1 }).best).toBe('fold');
    expect(finalDecision({ box: parseCards('Ac Ad 7h 9s Jc'), upCard: parseCard('5h'), ante: 1 }).best).toBe('bet');
    const fh = finalDecision({ box: parseCards('9c 9d 9h 4s 4c'), upCard: parseCard('Kh'), ante: 1 });
    expect(fh.best).toBe('buyGame');
    // P-6: half of 2A × 7, and it is offered only from a straight up.
    expect(fh.values.takeHalf).toBe(7);
    expect(
      finalDecision({ box: parseCards('9c 9d 9h 4s 2c'), upCard: parseCard('Kh'), ante: 1 }).values.takeHalf,
    ).toBeNull();
  });

  it('scales with the ante and caps the payout at tableMax', () => {
    const box = parseCards('Tc Jc Qc Kc Ac');
    const up = parseCard('2d');
    const small = finalDecision({ box, upCard: up, ante: 1 });
    const capped = finalDecision({
      box,
      upCard: up,
      ante: 100,
      config: { ...DEFAULT_POKER_PLUS_CONFIG, tableMax: 10000 },
    });
    // 2 × 100 halved; at ante 100 the royal's 20000 is cut to the 10000 maximum first.
    expect(small.values.takeHalf).toBe(100);
    expect(capped.values.takeHalf).toBe(5000);
  });
});
