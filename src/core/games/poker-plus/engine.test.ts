import { describe, expect, it } from 'vitest';
import { formatCard, formatCards, parseCard } from '../../cards';
import { parsePayTable } from '../pay-tables';
import {
  dealPokerPlus,
  DEFAULT_POKER_PLUS_CONFIG,
  stepPokerPlus,
  type BoxRequest,
  type PokerPlusAction,
  type PokerPlusStep,
} from './engine';
import { POKER_PLUS_RULES_VERSION } from './draw-rules';
import type { PokerPlusConfig, PokerPlusState } from './state';
import { stackedDeck } from '../../testing/decks';

/** The step, which must have been taken. */
function taken(step: PokerPlusStep): Extract<PokerPlusStep, { ok: true }> {
  if (!step.ok) throw new Error(`refused: ${step.refusal.rule} ${step.refusal.reason}`);
  return step;
}

const ok = (step: PokerPlusStep): PokerPlusState => taken(step).state;

function refusedBy(step: PokerPlusStep): string {
  if (step.ok) throw new Error('expected a refusal');
  return step.refusal.rule;
}

const deal = (top: string, boxes: BoxRequest[] = [{ ante: 10 }], config: PokerPlusConfig = DEFAULT_POKER_PLUS_CONFIG) =>
  ok(dealPokerPlus(stackedDeck(top), boxes, config));

const run = (state: PokerPlusState, ...actions: PokerPlusAction[]): PokerPlusState => {
  let s = state;
  for (const a of actions) s = ok(stepPokerPlus(s, a));
  if (s.phase !== 'over') s = ok(stepPokerPlus(s, { type: 'reveal' }));
  return s;
};

const box0 = (s: PokerPlusState) => s.result!.boxes[0]!;

describe('Poker Plus', () => {
  it('P-1: one seen box and at most one blind box that stakes ANTE and BET before the deal', () => {
    const s = deal('', [{ ante: 10 }, { ante: 5, blind: true }]);
    expect(s.seen).toBe(0);
    expect(s.boxes[1]).toMatchObject({ blind: true, bet: 10, staked: 15, status: 'bet' });
    expect(refusedBy(dealPokerPlus(stackedDeck(''), [], DEFAULT_POKER_PLUS_CONFIG))).toBe('P-1');
    expect(refusedBy(dealPokerPlus(stackedDeck(''), [{ ante: 1 }, { ante: 1 }, { ante: 1, blind: true }]))).toBe('P-1');
    expect(refusedBy(dealPokerPlus(stackedDeck(''), [{ ante: 1 }, { ante: 1 }]))).toBe('P-1');
    expect(refusedBy(dealPokerPlus(stackedDeck(''), [{ ante: 1, blind: true }]))).toBe('P-1');
  });

  it('P-2: antes within the limits; boxes dealt left to right, then the dealer, fifth card up', () => {
    expect(refusedBy(dealPokerPlus(stackedDeck(''), [{ ante: 0 }]))).toBe('P-2');
    expect(refusedBy(dealPokerPlus(stackedDeck(''), [{ ante: 101 }]))).toBe('P-2');
    const step = taken(
      dealPokerPlus(stackedDeck('2c 3c 4c 5c 6c 2d 3d 4d 5d 6d 2h 3h 4h 5h 6h'), [
        { ante: 1, blind: true },
        { ante: 1 },
      ]),
    );
    expect(formatCards(step.state.boxes[0]!.cards)).toEqual(['2c', '3c', '4c', '5c', '6c']);
    expect(formatCards(step.state.boxes[1]!.cards)).toEqual(['2d', '3d', '4d', '5d', '6d']);
    expect(formatCards(step.state.dealer)).toEqual(['2h', '3h', '4h', '5h', '6h']);
    expect(step.effects[0]).toMatchObject({ type: 'dealt', dealerUp: parseCard('6h'), stake: 4 });
    expect(step.state.seen).toBe(1);
  });

  it.each([
    [[0], 10],
    [[0, 1], 20],
    [[0, 1, 2], 20],
    [[0, 1, 2, 3], 20],
    [[0, 1, 2, 3, 4], 10],
  ])('P-3: a first exchange of %j costs %i with A = 10', (positions, fee) => {
    const s = ok(stepPokerPlus(deal(''), { type: 'exchange', box: 0, positions }));
    expect(s.boxes[0]!.staked).toBe(10 + fee);
  });

  it('P-3: a sixth card costs 1A; the second action exchanges one card for 1A; a third is refused', () => {
    let s = ok(stepPokerPlus(deal(''), { type: 'buySixth', box: 0 }));
    expect(s.rulesVersion).toBe(POKER_PLUS_RULES_VERSION);
    expect(s.boxes[0]!.staked).toBe(20);
    expect(s.boxes[0]!.cards).toHaveLength(6);
    s = ok(stepPokerPlus(s, { type: 'exchange', box: 0, positions: [5] }));
    expect(s.boxes[0]!.staked).toBe(30);
    expect(refusedBy(stepPokerPlus(s, { type: 'exchange', box: 0, positions: [0] }))).toBe('P-3');
    expect(refusedBy(stepPokerPlus(s, { type: 'buySixth', box: 0 }))).toBe('P-3');
  });

  it('P-3: a second exchange of more than one card is refused, naming the rule, and changes nothing', () => {
    const firsts: PokerPlusAction[] = [
      { type: 'buySixth', box: 0 },
      { type: 'exchange', box: 0, positions: [1, 2, 3] },
    ];
    for (const first of firsts) {
      const s = ok(stepPokerPlus(deal(''), first));
      for (const positions of [
        [0, 1],
        [0, 1, 2, 3, 4],
      ]) {
        const step = stepPokerPlus(s, { type: 'exchange', box: 0, positions });
        expect(step).toEqual({
          ok: false,
          refusal: {
            rule: 'P-3',
            reason: `a second draw action exchanges one card only (rules version 2), not ${positions.length}`,
          },
        });
      }
      // One card, or a sixth card while the box has five, is what the second action may be, for 1A.
      const one = ok(stepPokerPlus(s, { type: 'exchange', box: 0, positions: [4] }));
      expect(one.boxes[0]!.staked - s.boxes[0]!.staked).toBe(10);
      expect(one.boxes[0]!.draws.at(-1)).toMatchObject({ kind: 'exchange', positions: [4], fee: 10 });
    }
    const afterExchange = ok(stepPokerPlus(deal(''), { type: 'exchange', box: 0, positions: [0, 1] }));
    expect(ok(stepPokerPlus(afterExchange, { type: 'buySixth', box: 0 })).boxes[0]!.staked).toBe(10 + 20 + 10);
  });

  it('P-3: a round dealt under rules version 1 keeps its second exchange of any number of cards for 1A', () => {
    const old = ok(dealPokerPlus(stackedDeck(''), [{ ante: 10 }], DEFAULT_POKER_PLUS_CONFIG, 1));
    expect(old.rulesVersion).toBe(1);
    const s = ok(
      stepPokerPlus(ok(stepPokerPlus(old, { type: 'buySixth', box: 0 })), {
        type: 'exchange',
        box: 0,
        positions: [0, 1, 2, 5],
      }),
    );
    expect(s.rulesVersion).toBe(1);
    expect(s.boxes[0]!.staked).toBe(30);
    expect(refusedBy(dealPokerPlus(stackedDeck(''), [{ ante: 10 }], DEFAULT_POKER_PLUS_CONFIG, 3 as never))).toBe(
      'P-3',
    );
  });

  it('P-3: never more than six cards, never an exchange of zero, positions must exist', () => {
    const s = ok(stepPokerPlus(deal(''), { type: 'buySixth', box: 0 }));
    expect(refusedBy(stepPokerPlus(s, { type: 'buySixth', box: 0 }))).toBe('P-3');
    expect(refusedBy(stepPokerPlus(deal(''), { type: 'exchange', box: 0, positions: [] }))).toBe('P-3');
    expect(refusedBy(stepPokerPlus(deal(''), { type: 'exchange', box: 0, positions: [5] }))).toBe('P-3');
    expect(refusedBy(stepPokerPlus(deal(''), { type: 'exchange', box: 0, positions: [1, 1] }))).toBe('P-3');
    const five = ok(stepPokerPlus(deal(''), { type: 'exchange', box: 0, positions: [0] }));
    expect(ok(stepPokerPlus(five, { type: 'buySixth', box: 0 })).boxes[0]!.staked).toBe(30);
  });

  it('P-3: draws happen only before the final decision; fees are never returned', () => {
    const s = ok(
      stepPokerPlus(
        ok(stepPokerPlus(deal('Kh Jd 7c 4s 2h Ad Qs 9c 5h 3d'), { type: 'exchange', box: 0, positions: [4] })),
        { type: 'fold', box: 0 },
      ),
    );
    expect(s.result!.boxes[0]).toMatchObject({ outcome: 'fold', staked: 20, returned: 0, net: -20 });
    const bet = ok(stepPokerPlus(deal(''), { type: 'bet', box: 0 }));
    expect(refusedBy(stepPokerPlus(bet, { type: 'buySixth', box: 0 }))).toBe('P-3');
  });

  it('P-4: BET places 2A; FOLD loses the ante; neither twice, nothing after a fold', () => {
    const bet = ok(stepPokerPlus(deal(''), { type: 'bet', box: 0 }));
    expect(bet.boxes[0]).toMatchObject({ bet: 20, staked: 30, status: 'bet' });
    expect(refusedBy(stepPokerPlus(bet, { type: 'bet', box: 0 }))).toBe('P-4');
    expect(refusedBy(stepPokerPlus(bet, { type: 'fold', box: 0 }))).toBe('P-4');
    const folded = ok(stepPokerPlus(deal(''), { type: 'fold', box: 0 }));
    expect(folded.phase).toBe('over');
    expect(box0(folded)).toMatchObject({ outcome: 'fold', staked: 10, returned: 0 });
    expect(refusedBy(stepPokerPlus(folded, { type: 'bet', box: 0 }))).toBe('P-4');
    expect(refusedBy(stepPokerPlus(deal(''), { type: 'reveal' }))).toBe('P-4');
  });

  it('P-5: draws come off the deck in order; exchanged positions refill ascending; the sixth is position 6', () => {
    let s = deal('Ah Ad 7c 4s 2h Qs Qc 8d 3h Kd Tc Js 9h 8h');
    s = ok(stepPokerPlus(s, { type: 'exchange', box: 0, positions: [4, 2] }));
    expect(formatCards(s.boxes[0]!.cards)).toEqual(['Ah', 'Ad', 'Tc', '4s', 'Js']);
    s = ok(stepPokerPlus(s, { type: 'buySixth', box: 0 }));
    expect(formatCards(s.boxes[0]!.cards)).toEqual(['Ah', 'Ad', 'Tc', '4s', 'Js', '9h']);
  });

  it('P-6: a straight or better may take half of its payout and leave', () => {
    // Straight, A = 10: payout 20 × 4 = 80, half 40, plus ANTE 10 and BET 20 back.
    const s = run(deal('9c Td Jh Qs Kc Ad Qd 9h 5h 3d'), { type: 'bet', box: 0 }, { type: 'takeHalf', box: 0 });
    expect(box0(s)).toMatchObject({ outcome: 'half', staked: 30, returned: 70, net: 40 });
    // Royal at A = 100: payout capped at tableMax 10000, half 5000.
    const royal = run(
      deal('As Ks Qs Js Ts Ad Qd 9h 5h 3d', [{ ante: 100 }]),
      { type: 'bet', box: 0 },
      { type: 'takeHalf', box: 0 },
    );
    expect(box0(royal)).toMatchObject({ outcome: 'half', staked: 300, returned: 5300 });
    // Rounded down to a whole chip: flush at A = 1 with a table max of 5: payout 5, half 2.
    const capped = run(
      deal('2h 7h 9h Jh Kh Ad Qd 9c 5c 3d', [{ ante: 1 }], { ...DEFAULT_POKER_PLUS_CONFIG, tableMax: 5 }),
      { type: 'bet', box: 0 },
      { type: 'takeHalf', box: 0 },
    );
    expect(box0(capped).returned).toBe(3 + 2);
  });

  it('P-6: take half is refused below a straight, before BET and twice', () => {
    const pair = ok(stepPokerPlus(deal('Ah Ad 7c 4s 2h Qs Qc 8d 3h Kd'), { type: 'bet', box: 0 }));
    expect(refusedBy(stepPokerPlus(pair, { type: 'takeHalf', box: 0 }))).toBe('P-6');
    expect(refusedBy(stepPokerPlus(deal('9c Td Jh Qs Kc'), { type: 'takeHalf', box: 0 }))).toBe('P-6');
  });

  it('P-7: buying the game costs 1A, only after BET, and excludes taking half', () => {
    const straight = deal('9c Td Jh Qs Kc Ad Qd 9h 5h 3d');
    expect(refusedBy(stepPokerPlus(straight, { type: 'buyGame', box: 0 }))).toBe('P-7');
    const bought = ok(stepPokerPlus(ok(stepPokerPlus(straight, { type: 'bet', box: 0 })), { type: 'buyGame', box: 0 }));
    expect(bought.boxes[0]).toMatchObject({ boughtGame: true, staked: 40 });
    expect(bought.phase).toBe('over');
    expect(refusedBy(stepPokerPlus(bought, { type: 'takeHalf', box: 0 }))).toBe('P-7');
  });

  it('P-8: the dealer has a game with a pair of twos or better', () => {
    const twos = run(deal('Ah Kd 7c 4s 3h 2c 2d 8d 9h Jd'), { type: 'bet', box: 0 });
    expect(twos.result!.dealer).toMatchObject({ hand: 'pair', game: true });
    const none = run(deal('Ah Kd 7c 4s 3h 2c 5d 8d 9h Jd'), { type: 'bet', box: 0 });
    expect(none.result!.dealer).toMatchObject({ hand: 'high-card', game: false });
  });

  it('P-9: no game, box higher: the ANTE wins 1:1 and the BET comes back', () => {
    const s = run(deal('Ah Ad 7c 4s 2h Kd Qs 9c 5h 3d'), { type: 'bet', box: 0 });
    expect(box0(s)).toMatchObject({ outcome: 'no-game-win', staked: 30, returned: 40, net: 10 });
  });

  it('P-9: no game, box not higher: ANTE and BET come back', () => {
    const lower = run(deal('Kh Jd 7c 4s 2h Ad Qs 9c 5h 3d'), { type: 'bet', box: 0 });
    expect(box0(lower)).toMatchObject({ outcome: 'no-game-push', returned: 30, net: 0 });
    const equal = run(deal('Kh Qd 9c 5s 3h Kd Qs 9d 5h 3d'), { type: 'bet', box: 0 });
    expect(box0(equal)).toMatchObject({ outcome: 'no-game-push', returned: 30, net: 0 });
  });

  it('P-10: no game, game bought: the dealer swaps the lowest card; a new game settles by P-11, fee spent', () => {
    const win = run(deal('Ah Ad Ac 9d 9s Kd Qs 9c 5h 3d Kc'), { type: 'bet', box: 0 }, { type: 'buyGame', box: 0 });
    expect(win.result!.dealer.bought).toMatchObject({
      discarded: parseCard('3d'),
      drew: parseCard('Kc'),
      hand: 'pair',
      game: true,
    });
    expect(formatCards(win.result!.dealer.bought!.cards)).toEqual(['Kd', 'Qs', '9c', '5h', 'Kc']);
    // ANTE 10 wins 10, the full house pays 20 × 7 = 140; the fee is kept (P-11).
    expect(box0(win)).toMatchObject({ outcome: 'win', staked: 40, returned: 180, net: 140 });
    const lose = run(deal('Kh Jd 7c 4s 2h Ad Qs 9c 5h 3d Ah'), { type: 'bet', box: 0 }, { type: 'buyGame', box: 0 });
    expect(box0(lose)).toMatchObject({ outcome: 'lose', staked: 40, returned: 0 });
    const tie = run(deal('Kh Kc 9d 5s 3h Kd Qs 9c 5h 3d Ks'), { type: 'bet', box: 0 }, { type: 'buyGame', box: 0 });
    expect(formatCard(tie.result!.dealer.bought!.discarded)).toBe('3d');
    expect(box0(tie).outcome).toBe('lose'); // KK Q 9 5 against KK 9 5 3 after the swap: dealer's Q kicker wins
  });

  it('P-10: still no game after the swap: ANTE and BET come back, the fee does not', () => {
    const s = run(deal('Ah Ad Ac 9d 9s Kd Qs 9c 5h 3d 2c'), { type: 'bet', box: 0 }, { type: 'buyGame', box: 0 });
    expect(s.result!.dealer.bought).toMatchObject({ game: false });
    expect(box0(s)).toMatchObject({ outcome: 'no-game-push', staked: 40, returned: 30, net: -10 });
  });

  it('P-11: dealer has a game: lower loses, higher wins ANTE 1:1 and BET × coefficient, equal stands off', () => {
    const dealer = 'Kd Ks 9c 5h 8d';
    expect(box0(run(deal(`3h 3d 7c 4s 2h ${dealer}`), { type: 'bet', box: 0 }))).toMatchObject({
      outcome: 'lose',
      returned: 0,
      net: -30,
    });
    expect(box0(run(deal(`Ah Ad 7c 7s 2h ${dealer}`), { type: 'bet', box: 0 }))).toMatchObject({
      outcome: 'win',
      returned: 80,
      net: 50,
    });
    expect(box0(run(deal(`Kh Kc 9d 5s 8c ${dealer}`), { type: 'bet', box: 0 }))).toMatchObject({
      outcome: 'standoff',
      returned: 30,
      net: 0,
    });
    const royal = run(
      deal(`Ah Qh Jh Th 2c ${dealer} Kh`, [{ ante: 100 }]),
      { type: 'exchange', box: 0, positions: [4] },
      { type: 'bet', box: 0 },
    );
    expect(box0(royal)).toMatchObject({
      hand: 'royal-flush',
      outcome: 'win',
      staked: 400,
      returned: 200 + 200 + 10000,
    });
  });

  it('P-11: with the game bought, the fee comes back when the box is lower or equal, not when it wins', () => {
    const dealer = 'Kd Ks 9c 5h 8d';
    const lower = run(deal(`3h 3d 7c 4s 2h ${dealer}`), { type: 'bet', box: 0 }, { type: 'buyGame', box: 0 });
    expect(box0(lower)).toMatchObject({ outcome: 'lose', staked: 40, returned: 10, net: -30 });
    const equal = run(deal(`Kh Kc 9d 5s 8c ${dealer}`), { type: 'bet', box: 0 }, { type: 'buyGame', box: 0 });
    expect(box0(equal)).toMatchObject({ outcome: 'standoff', staked: 40, returned: 40, net: 0 });
    const higher = run(deal(`Ah Ad 7c 7s 2h ${dealer}`), { type: 'bet', box: 0 }, { type: 'buyGame', box: 0 });
    expect(box0(higher)).toMatchObject({ outcome: 'win', staked: 40, returned: 80, net: 40 });
  });

  it('P-12: the default is the five-card stud table 100/50/20/7/4/4/3/2/1', () => {
    expect(DEFAULT_POKER_PLUS_CONFIG.payTable.coefficients).toEqual({
      'royal-flush': 100,
      'straight-flush': 50,
      'four-of-a-kind': 20,
      'full-house': 7,
      flush: 4,
      straight: 4,
      'three-of-a-kind': 3,
      'two-pair': 2,
      pair: 1,
      'high-card': 0,
    });
  });

  it('P-12: every category of the default table pays its coefficient on the BET, and the operator may replace them', () => {
    const dealer = '2d 2s 4d 6d 8s';
    const hands: [string, string, number][] = [
      ['As Ks Qs Js Ts', 'royal-flush', 100],
      ['9h 8h 7h 6h 5h', 'straight-flush', 50],
      ['Qc Qd Qh Qs 3c', 'four-of-a-kind', 20],
      ['Jc Jd Jh 4s 4c', 'full-house', 7],
      ['Ac Jc 8c 6c 3c', 'flush', 4],
      ['9c Td Jh Qs Kc', 'straight', 4],
      ['7c 7d 7h Ks 3c', 'three-of-a-kind', 3],
      ['Ac Ad 4h 4s 3c', 'two-pair', 2],
      ['Ac Ad Kh Qs 3c', 'pair', 1],
    ];
    for (const [cards, hand, coefficient] of hands) {
      const s = run(deal(`${cards} ${dealer}`, [{ ante: 3 }]), { type: 'bet', box: 0 });
      // ANTE and BET back, the ANTE's win 1:1, and the BET's 6 chips × the coefficient.
      expect(box0(s)).toMatchObject({ hand, outcome: 'win', staked: 9, returned: 3 + 6 + 3 + 6 * coefficient });
    }
    // P-6: half of the same payout, from a straight up.
    const half = run(
      deal(`Jc Jd Jh 4s 4c ${dealer}`, [{ ante: 3 }]),
      { type: 'bet', box: 0 },
      { type: 'takeHalf', box: 0 },
    );
    expect(box0(half)).toMatchObject({ outcome: 'half', returned: 9 + 21 });
    const table = parsePayTable('poker-plus', { flush: 7, pair: 2 });
    if (!table.ok) throw new Error(table.error);
    const s = run(
      deal(`Ac Jc 8c 6c 3c ${dealer}`, [{ ante: 1 }], { ...DEFAULT_POKER_PLUS_CONFIG, payTable: table.table }),
      { type: 'bet', box: 0 },
    );
    expect(box0(s).returned).toBe(4 + 14);
    expect(parsePayTable('poker-plus', { 'jacks-or-better': 1 }).ok).toBe(false);
  });

  it('P-6, P-11: the BET payout is capped at tableMax (10000 by default) with the default table', () => {
    const dealer = '2d 2s 4d 6d 8s';
    const royal = (ante: number) => box0(run(deal(`As Ks Qs Js Ts ${dealer}`, [{ ante }]), { type: 'bet', box: 0 }));
    // 2 × 50 × 100 is exactly the cap; from ante 51 the royal's 2A × 100 is cut to 10000.
    expect(royal(50).returned).toBe(150 + 50 + 10000);
    expect(royal(51).returned).toBe(153 + 51 + 10000);
    expect(royal(100).returned).toBe(300 + 100 + 10000);
    const straightFlush = box0(run(deal(`9h 8h 7h 6h 5h ${dealer}`, [{ ante: 100 }]), { type: 'bet', box: 0 }));
    expect(straightFlush.returned).toBe(300 + 100 + 10000);
    const quads = box0(run(deal(`Qc Qd Qh Qs 3c ${dealer}`, [{ ante: 100 }]), { type: 'bet', box: 0 }));
    expect(quads.returned).toBe(300 + 100 + 4000);
    const halfRoyal = box0(
      run(deal(`As Ks Qs Js Ts ${dealer}`, [{ ante: 100 }]), { type: 'bet', box: 0 }, { type: 'takeHalf', box: 0 }),
    );
    expect(halfRoyal).toMatchObject({ outcome: 'half', returned: 300 + 5000 });
    // An operator's lower cap: a full house at ante 40 would pay 560.
    const low = { ...DEFAULT_POKER_PLUS_CONFIG, tableMax: 500 };
    const fullHouse = box0(run(deal(`Jc Jd Jh 4s 4c ${dealer}`, [{ ante: 40 }], low), { type: 'bet', box: 0 }));
    expect(fullHouse.returned).toBe(120 + 40 + 500);
  });

  it('P-13: the blind box makes no decision and settles by P-9 and P-11', () => {
    const s = deal('Ah Ad 7c 4s 2h 3h 3d 8c 4c 2c Kd Ks 9c 5h 8d', [{ ante: 10 }, { ante: 5, blind: true }]);
    for (const type of ['bet', 'fold', 'buySixth', 'takeHalf', 'buyGame'] as const) {
      expect(refusedBy(stepPokerPlus(s, { type, box: 1 }))).toBe('P-13');
    }
    const over = run(s, { type: 'bet', box: 0 });
    expect(over.result!.boxes[0]).toMatchObject({ outcome: 'win', net: 30 });
    expect(over.result!.boxes[1]).toMatchObject({ outcome: 'lose', staked: 15, returned: 0 });
    const folded = run(s, { type: 'fold', box: 0 });
    expect(folded.result!.boxes[1]!.outcome).toBe('lose');
  });

  it('P-14: defaults are minAnte 1, maxAnte 100, tableMax 10000', () => {
    expect(DEFAULT_POKER_PLUS_CONFIG).toMatchObject({ minAnte: 1, maxAnte: 100, tableMax: 10000 });
  });

  it('the worked example of rules.md nets +130 chips', () => {
    const s = run(
      deal('Ah Ad 7c 4s 2h Qs Qc 8d 3h Kd Ac 9d 9s'),
      { type: 'exchange', box: 0, positions: [2, 3, 4] },
      { type: 'bet', box: 0 },
    );
    expect(formatCards(s.result!.dealer.cards)).toEqual(['Qs', 'Qc', '8d', '3h', 'Kd']);
    // Fee 20, ANTE 10 and BET 20 staked; back: ANTE 10 + 10, BET 20 + 20 × 7.
    expect(box0(s)).toMatchObject({ hand: 'full-house', outcome: 'win', staked: 50, returned: 180, net: 130 });
    expect(s.result!.boxes.reduce((n, b) => n + b.net, 0)).toBe(130);
  });

  it('refuses unknown boxes and actions, and anything once the round is over', () => {
    const s = deal('');
    expect(refusedBy(stepPokerPlus(s, { type: 'bet', box: 3 }))).toBe('P-1');
    expect(refusedBy(stepPokerPlus(s, { type: 'split', box: 0 } as never))).toBe('P-3');
    const over = run(s, { type: 'bet', box: 0 });
    expect(refusedBy(stepPokerPlus(over, { type: 'reveal' }))).toBe('P-8');
  });
});
