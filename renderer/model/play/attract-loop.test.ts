import { describe, expect, it } from 'vitest';
import {
  autoHoldPositions,
  categoryOf,
  compareHands,
  dealPokerPlus,
  evaluate,
  parseCards,
  POKER_PLUS_RULES_VERSION,
  stepPokerPlus,
  type PokerPlusState,
  type PokerPlusStep,
  jacksCategoryOf,
} from '../../../src/core';
import { stackedDeck } from '../../../src/core/testing/decks';
import { categoryIdOf, familyAutoHold, VIDEO_POKER_FAMILIES } from '../../../src/core/video-poker';
import * as fx from '../../../test/renderer/fixtures';
import {
  ATTRACT_LOOP_MS,
  ATTRACT_PAGES,
  attractAt,
  attractKey,
  attractLoopScene,
  JACKS_DEMO,
  PP_DEMO,
} from './attract-loop';

const cards = (codes: readonly string[]) => parseCards(codes.join(' '));
const ok = (step: PokerPlusStep): PokerPlusState => {
  if (!step.ok) throw new Error(`refused by ${step.refusal.rule}: ${step.refusal.reason}`);
  return step.state;
};

describe("the video-poker demonstration in every family's rules", () => {
  it.each(VIDEO_POKER_FAMILIES.map((f) => ({ game: f.game, family: f })))(
    '$game: three kings dealt and held by auto-hold, a full house drawn',
    ({ family }) => {
      const table = { game: family.game, ...family.defaultTable };
      expect(categoryIdOf(family, cards(JACKS_DEMO.dealt))).toBe('three-of-a-kind');
      expect(familyAutoHold(family, cards(JACKS_DEMO.dealt), table)).toEqual(JACKS_DEMO.held);
      expect(categoryIdOf(family, cards(JACKS_DEMO.final))).toBe(JACKS_DEMO.hand);
    },
  );
});

describe('the attract loop', () => {
  it('goes round its pages in order, and again', () => {
    expect(attractAt(0)).toEqual({ page: 'title', pageMs: 0, round: 0 });
    let at = 0;
    for (const p of ATTRACT_PAGES) {
      expect(attractAt(at + 10).page).toBe(p.page);
      at += p.ms;
    }
    expect(attractAt(ATTRACT_LOOP_MS + 10)).toEqual({ page: 'title', pageMs: 10, round: 1 });
    expect(attractKey(ATTRACT_LOOP_MS + 10)).not.toBe(attractKey(10));
  });

  it('plays demonstration hands that the rules core agrees with', () => {
    // Jacks or Better: three kings, held by auto-hold (J-3), drawn to a full house.
    expect(jacksCategoryOf(evaluate(cards(JACKS_DEMO.dealt)))).toBe('three-of-a-kind');
    expect(autoHoldPositions(cards(JACKS_DEMO.dealt))).toEqual(JACKS_DEMO.held);
    expect(JACKS_DEMO.held.every((i) => JACKS_DEMO.final[i] === JACKS_DEMO.dealt[i])).toBe(true);
    expect(jacksCategoryOf(evaluate(cards(JACKS_DEMO.final)))).toBe(JACKS_DEMO.hand);
    // Poker Plus: the exchanged positions alone change; the dealer has a game (P-8) and the box beats it (P-11).
    const [dealt, drawn]: readonly [string[], string[]] = [[...PP_DEMO.dealt], [...PP_DEMO.drawn]];
    expect(drawn.filter((c, i) => c !== dealt[i]).length).toBe(PP_DEMO.exchange.length);
    expect(PP_DEMO.exchange.every((i) => drawn[i] !== dealt[i])).toBe(true);
    expect(categoryOf(evaluate(cards(PP_DEMO.drawn)))).toBe(PP_DEMO.hand);
    expect(categoryOf(evaluate(cards(PP_DEMO.dealer)))).toBe(PP_DEMO.dealerHand);
    expect(compareHands(cards(PP_DEMO.drawn), cards(PP_DEMO.dealer))).toBeGreaterThan(0);
    // No card twice in a deal.
    expect(new Set([...PP_DEMO.dealt, ...PP_DEMO.drawn, ...PP_DEMO.dealer]).size).toBe(5 + 3 + 5);
    // And the engine plays it as shown: one draw action only, the first, legal under today's P-3.
    const fresh = PP_DEMO.exchange.map((i) => drawn[i]!);
    const deck = stackedDeck([...dealt, ...PP_DEMO.dealer, ...fresh].join(' '));
    let state = ok(dealPokerPlus(deck, [{ ante: 1 }]));
    expect(state.rulesVersion).toBe(POKER_PLUS_RULES_VERSION);
    state = ok(stepPokerPlus(state, { type: 'exchange', box: 0, positions: [...PP_DEMO.exchange] }));
    state = ok(stepPokerPlus(ok(stepPokerPlus(state, { type: 'bet', box: 0 })), { type: 'reveal' }));
    expect(state.boxes[0]!.cards).toEqual(cards(PP_DEMO.drawn));
    expect(state.result!.boxes[0]).toMatchObject({ hand: PP_DEMO.hand, outcome: 'win' });
    expect(new Set([...JACKS_DEMO.dealt, ...JACKS_DEMO.final]).size).toBe(7);
  });

  it('pays the demonstrations from the pay tables in play, and offers only start and the language', () => {
    const s = fx.baseSnapshot();
    const jacksWin = ATTRACT_PAGES[0]!.ms + ATTRACT_PAGES[1]!.ms + 6000;
    const win = attractLoopScene(s, jacksWin);
    expect(win.attract).toMatchObject({ page: 'jacksDemo', step: 'win', banner: { sub: 'WIN 45' } });
    const eight = {
      ...s,
      menu: s.menu.map((m) =>
        m.game !== 'jacks-or-better'
          ? m
          : {
              ...m,
              payRows: m.payRows.map((r) =>
                r.category === 'full-house' ? { ...r, perBet: r.perBet.map((_, i) => 8 * (i + 1)) } : r,
              ),
            },
      ),
    };
    expect(attractLoopScene(eight, jacksWin).attract.banner?.sub).toBe('WIN 40');
    expect(win.buttons.map((b) => [b.name, b.action?.kind])).toEqual([
      ['start', 'ui'],
      ['language', 'wish'],
    ]);
  });

  it('shows each video-poker family on the menu in turn, a round each, by its name and its table', () => {
    const s = fx.baseSnapshot();
    const families = s.menu.filter((m) => m.shape === 'video-poker');
    const tableAt = ATTRACT_PAGES[0]!.ms + 100;
    const winAt = ATTRACT_PAGES[0]!.ms + ATTRACT_PAGES[1]!.ms + 6000;
    families.forEach((family, round) => {
      const table = attractLoopScene(s, round * ATTRACT_LOOP_MS + tableAt);
      expect(table.attract).toMatchObject({ page: 'jacksTable', game: family.game });
      expect(table.attract.payTable!.rows.map((r) => r.category)).toEqual(
        family.payRows.filter((r) => r.perBet.some((v) => v > 0)).map((r) => r.category),
      );
      const win = attractLoopScene(s, round * ATTRACT_LOOP_MS + winAt).attract;
      const fullHouse = family.payRows.find((r) => r.category === 'full-house')!.perBet[4];
      expect(win.banner?.sub).toBe(`WIN ${fullHouse}`);
    });
    expect(attractLoopScene(s, 3 * ATTRACT_LOOP_MS + tableAt).title).toBe('DEUCES WILD');
    // Round and round: after the last family, the first again.
    expect(attractLoopScene(s, families.length * ATTRACT_LOOP_MS + tableAt).attract.game).toBe('jacks-or-better');
  });
});
