// Property tests: random legal play keeps the books (net = returned − staked, every chip
// staked accounted for) and never deals a card twice; random junk is refused, never thrown.
import { jacksCategoryOf } from './games/jacks-or-better/categories';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstDuplicate, formatCards, type Card } from './cards';
import { shuffledDeck } from './deck';
import { evaluate } from './evaluator';
import { dealJacks, stepJacks, type JacksState } from './games/jacks-or-better/engine';
import { canTakeHalf, dealPokerPlus, stepPokerPlus, type PokerPlusAction } from './games/poker-plus/engine';
import { exchangeLimit } from './games/poker-plus/draw-rules';
import type { PokerPlusState } from './games/poker-plus/state';
import { SeededRandom } from './random';
import { runReplay } from './games/replay';
import type { PokerPlusReplayOutput } from './games/poker-plus/replay';

function legalPokerPlusActions(s: PokerPlusState, pick: () => number): PokerPlusAction[] {
  const box = s.boxes[s.seen]!;
  const out: PokerPlusAction[] = [];
  if (s.phase === 'deciding') {
    if (box.draws.length < 2) {
      // P-3: a second action exchanges one card.
      const positions =
        exchangeLimit(box.cards.length, box.draws.length, s.rulesVersion) === 1
          ? [pick() % box.cards.length]
          : box.cards.map((_, i) => i).filter(() => pick() % 2 === 0);
      if (positions.length > 0) out.push({ type: 'exchange', box: s.seen, positions });
      if (box.cards.length < 6) out.push({ type: 'buySixth', box: s.seen });
    }
    out.push({ type: 'bet', box: s.seen }, { type: 'fold', box: s.seen });
  } else if (s.phase === 'options') {
    if (canTakeHalf(box)) out.push({ type: 'takeHalf', box: s.seen });
    out.push({ type: 'buyGame', box: s.seen }, { type: 'reveal' });
  }
  return out;
}

const cardsOnTable = (s: PokerPlusState): Card[] => [
  ...s.boxes.flatMap((b) => [...b.cards, ...b.draws.flatMap((d) => (d.kind === 'exchange' ? d.removed : []))]),
  ...s.dealer,
  ...(s.result?.dealer.bought ? [s.result.dealer.bought.drew] : []),
];

describe('Poker Plus under random legal play', () => {
  it('keeps net = returned − staked, accounts for every chip and never repeats a card', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (seed, choices, twoBoxes, ante, blindAnte) => {
          let i = 0;
          const pick = (): number => choices[i++ % choices.length]!;
          const deck = shuffledDeck(new SeededRandom(seed));
          const boxes = twoBoxes ? [{ ante: blindAnte, blind: true }, { ante }] : [{ ante }];
          const first = dealPokerPlus(deck, boxes);
          if (!first.ok) throw new Error(first.refusal.reason);
          let s = first.state;
          let stakes = first.effects.reduce((sum, e) => sum + ('stake' in e ? e.stake : 0), 0);
          const actions: PokerPlusAction[] = [];
          while (s.phase !== 'over') {
            const options = legalPokerPlusActions(s, pick);
            const action = options[pick() % options.length]!;
            const step = stepPokerPlus(s, action);
            // Every action offered is a legal one: a refusal here fails the property.
            if (!step.ok)
              throw new Error(`refused ${JSON.stringify(action)}: ${step.refusal.rule} ${step.refusal.reason}`);
            if (action.type !== 'reveal') actions.push(action);
            stakes += step.effects.reduce((sum, e) => sum + ('stake' in e ? e.stake : 0), 0);
            s = step.state;
          }
          const result = s.result!;
          for (const b of result.boxes) {
            expect(b.net).toBe(b.returned - b.staked);
            expect(b.returned).toBeGreaterThanOrEqual(0);
          }
          expect(result.boxes.reduce((sum, b) => sum + b.staked, 0)).toBe(stakes);
          expect(firstDuplicate(cardsOnTable(s))).toBe(-1);
          // The same game, written as a replay file, settles the same way.
          const replay = runReplay({
            game: 'poker-plus',
            deck: formatCards(deck),
            boxes,
            actions,
          }) as PokerPlusReplayOutput;
          expect(replay.net).toBe(result.boxes.reduce((sum, b) => sum + b.net, 0));
          expect(replay.boxes.map((b) => b.outcome)).toEqual(result.boxes.map((b) => b.outcome));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('Jacks or Better under random legal play', () => {
  it('pays bet × coefficient of the final hand and never repeats a card', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 5 }),
        fc.subarray([0, 1, 2, 3, 4]),
        (seed, bet, held) => {
          const deck = shuffledDeck(new SeededRandom(seed));
          const dealt = dealJacks(deck, bet);
          if (!dealt.ok) throw new Error(dealt.refusal.reason);
          const holds = stepJacks(dealt.state, { type: 'hold', positions: held });
          if (!holds.ok) throw new Error(holds.refusal.reason);
          const drawn = stepJacks(holds.state, { type: 'draw' });
          if (!drawn.ok) throw new Error(drawn.refusal.reason);
          const s: JacksState = drawn.state;
          expect(firstDuplicate([...s.dealt, ...s.final!.filter((c) => !s.dealt.includes(c))])).toBe(-1);
          for (const p of held) expect(s.final![p]).toBe(s.dealt[p]);
          const hand = jacksCategoryOf(evaluate(s.final!));
          expect(s.hand).toBe(hand);
          expect(s.win).toBe(bet * s.config.payTable.coefficients[hand]);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

const junkAction = fc.oneof(
  fc.record({
    type: fc.constantFrom(
      'exchange',
      'buySixth',
      'bet',
      'fold',
      'takeHalf',
      'buyGame',
      'reveal',
      'hold',
      'toggleHold',
      'draw',
      'split',
    ),
    box: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.constant(undefined), fc.string(), fc.double()),
    positions: fc.oneof(
      fc.array(fc.integer({ min: -2, max: 7 })),
      fc.constant(undefined),
      fc.string(),
      fc.array(fc.double()),
    ),
    position: fc.oneof(fc.integer({ min: -2, max: 7 }), fc.double()),
  }),
  fc.anything(),
);

describe('random illegal sequences', () => {
  it('are refused with a rule id, never thrown, and leave the state as it was', () => {
    let refused = 0;
    const clean = (rule: string, unchanged: boolean) => {
      refused++;
      return /^[HJPC]-\d+$/.test(rule) && unchanged;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.array(junkAction, { maxLength: 25 }), (seed, actions) => {
        const deck = shuffledDeck(new SeededRandom(seed));
        const pp = dealPokerPlus(deck, [{ ante: 3 }, { ante: 2, blind: true }]);
        const jb = dealJacks(deck, 5);
        if (!pp.ok || !jb.ok) throw new Error('deal refused');
        let p = pp.state;
        let j = jb.state;
        for (const a of actions) {
          const before = JSON.stringify(p);
          const step = stepPokerPlus(p, a as PokerPlusAction);
          // Taken (junk that happens to be legal), or refused cleanly: a rule id, the state untouched.
          expect(step.ok || clean(step.refusal.rule, JSON.stringify(p) === before), JSON.stringify(a)).toBe(true);
          p = step.ok ? step.state : p;
          const jBefore = JSON.stringify(j);
          const js = stepJacks(j, a as never);
          expect(js.ok || clean(js.refusal.rule, JSON.stringify(j) === jBefore), JSON.stringify(a)).toBe(true);
          j = js.ok ? js.state : j;
        }
      }),
      { numRuns: 2000 },
    );
    // Junk, mostly: the refusals are what was tested.
    expect(refused).toBeGreaterThan(10_000);
  });
});
