// The attract loop that sells the games while nobody plays: the title with every game on the
// menu, the pay table of a video-poker family (each family on the menu in turn, a round each) and
// of the table game, a demonstration hand of each played by its rules, and the call to insert a note, in the
// player's language, round and round. The hands come from the fixed script below, never from the
// cabinet's cards, and the loop wishes nothing: it is a film, not a game. Pure: the page and step
// on show follow from the time since the loop began.

import type { Snapshot } from '../../../src/contract';
import { formatChips } from '../../i18n/numbers';
import { t, handName, type TextKey } from '../../i18n/texts';
import { gameBlurb, gameTitle } from '../../i18n/game-words';
import { languageButton, payTableOf, pokerPlusPayTable } from './common';
import { button, card, type BannerSpec, type ButtonSpec, type CardSpot, type PayTableModel } from '../parts';
import { uiAction } from '../actions';

export type AttractPage = 'title' | 'jacksTable' | 'jacksDemo' | 'ppTable' | 'ppDemo' | 'insert';

/** The pages in order, and how long each is on show. */
export const ATTRACT_PAGES: readonly { page: AttractPage; ms: number }[] = [
  { page: 'title', ms: 6000 },
  { page: 'jacksTable', ms: 6000 },
  { page: 'jacksDemo', ms: 9000 },
  { page: 'ppTable', ms: 6000 },
  { page: 'ppDemo', ms: 11000 },
  { page: 'insert', ms: 5000 },
];
export const ATTRACT_LOOP_MS = ATTRACT_PAGES.reduce((n, p) => n + p.ms, 0);

interface Step<S extends string> {
  step: S;
  /** ms into the page. */
  at: number;
}

/**
 * A video-poker family (J-2 to J-5): three kings dealt and held by auto-hold, two cards drawn, a
 * full house paid at the maximum bet from the table in play. No deuce among them, so the hand is
 * the same in every family, Deuces Wild's included (W-1).
 */
export const JACKS_DEMO = {
  dealt: ['Kh', 'Ks', '7d', 'Kc', '3s'],
  held: [0, 1, 3],
  final: ['Kh', 'Ks', '9c', 'Kc', '9h'],
  hand: 'full-house',
  steps: [
    { step: 'deal', at: 300 },
    { step: 'hold', at: 2000 },
    { step: 'draw', at: 4000 },
    { step: 'win', at: 5400 },
  ] as Step<'deal' | 'hold' | 'draw' | 'win'>[],
} as const;

/**
 * Poker Plus (P-2 to P-11): a pair of aces and the dealer's king up; three cards exchanged for a
 * fee into a full house; BET; the dealer shows a pair of queens, a game; the full house beats it
 * and the BET is paid by the table in play.
 */
export const PP_DEMO = {
  dealt: ['Ah', 'Ad', '7c', '4s', '2h'],
  exchange: [2, 3, 4],
  drawn: ['Ah', 'Ad', 'Ac', '9d', '9s'],
  dealer: ['Qs', 'Qh', '8d', '3h', 'Kd'],
  hand: 'full-house',
  dealerHand: 'pair',
  steps: [
    { step: 'deal', at: 300 },
    { step: 'pick', at: 2200 },
    { step: 'exchange', at: 3900 },
    { step: 'bet', at: 5600 },
    { step: 'reveal', at: 7200 },
    { step: 'win', at: 8600 },
  ] as Step<'deal' | 'pick' | 'exchange' | 'bet' | 'reveal' | 'win'>[],
} as const;

/** The video-poker family a round of the loop shows, with its table's rows. */
interface VideoPokerShown {
  game: string;
  rows: Snapshot['jacks']['payTable'];
}

export interface AttractModel {
  page: AttractPage;
  /** The demonstration's step on show, or null on the other pages. */
  step: string | null;
  /** The game on show, or null on the title and insert pages. */
  game: string | null;
  caption: string | null;
  /** "DEMO" over a demonstration, so nobody takes it for a game in play. */
  demo: string | null;
  games: string[];
  insert: string;
  /** A ticket's line (play/ticket.ts), shown in place of the call to insert while it lasts. */
  ticket: string | null;
  touch: string;
  payTable: PayTableModel | null;
  /** The demonstration's cards on the table: 'demo' (Jacks or Better), 'dealer' and 'box' (Poker Plus); null codes face down. */
  cards: CardSpot[];
  banner: BannerSpec | null;
  /** Changes with each round of a demonstration: the cards are dealt afresh. */
  dealKey: string;
}

/** Where the loop is `elapsed` ms after it began: the page, the time into it, the round. */
export function attractAt(elapsed: number): { page: AttractPage; pageMs: number; round: number } {
  const round = Math.floor(Math.max(0, elapsed) / ATTRACT_LOOP_MS);
  let ms = Math.max(0, elapsed) % ATTRACT_LOOP_MS;
  for (const p of ATTRACT_PAGES) {
    if (ms < p.ms) return { page: p.page, pageMs: ms, round };
    ms -= p.ms;
  }
  return { page: 'title', pageMs: 0, round };
}

function stepAt<S extends string>(steps: readonly Step<S>[], ms: number): S | null {
  let found: S | null = null;
  for (const s of steps) if (ms >= s.at) found = s.step;
  return found;
}

/** What changes the picture: the page and the demonstration's step (the main loop redraws on it). */
export function attractKey(elapsed: number): string {
  const at = attractAt(elapsed);
  const step =
    at.page === 'jacksDemo'
      ? stepAt(JACKS_DEMO.steps, at.pageMs)
      : at.page === 'ppDemo'
        ? stepAt(PP_DEMO.steps, at.pageMs)
        : null;
  return `${at.round}:${at.page}:${step ?? ''}`;
}

function jacksDemo(
  s: Snapshot,
  family: VideoPokerShown,
  step: (typeof JACKS_DEMO.steps)[number]['step'] | null,
): Pick<AttractModel, 'cards' | 'caption' | 'banner'> {
  const L = s.language;
  const drawn = step === 'draw' || step === 'win';
  // Nothing on the table until the deal.
  const codes = step === null ? [] : drawn ? JACKS_DEMO.final : JACKS_DEMO.dealt;
  const holding = step === 'hold';
  const cards = codes.map((code, i) =>
    card('demo', i, code, {
      held: holding && (JACKS_DEMO.held as readonly number[]).includes(i),
      winning: step === 'win',
    }),
  );
  // The win at the maximum bet, as the table in play pays it (J-5).
  const row = family.rows.find((r) => r.category === JACKS_DEMO.hand);
  const max = s.jacks.maxBet;
  const win = row?.perBet[max - 1] ?? 0;
  const captions: Record<NonNullable<typeof step>, TextKey> = {
    deal: 'attract.jacks.deal',
    hold: 'attract.jacks.hold',
    draw: 'attract.jacks.draw',
    win: 'attract.jacks.win',
  };
  return {
    cards,
    caption: step ? t(L, captions[step], { max, n: formatChips(win, L) }) : null,
    banner:
      step === 'win'
        ? {
            name: 'demo',
            text: t(L, 'jacks.over.win', { hand: handName(L, JACKS_DEMO.hand, family.game) ?? '' }),
            sub: t(L, 'jacks.winAmount', { n: formatChips(win, L) }),
            tone: 'win',
          }
        : null,
  };
}

function pokerPlusDemo(
  s: Snapshot,
  step: (typeof PP_DEMO.steps)[number]['step'] | null,
): Pick<AttractModel, 'cards' | 'caption' | 'banner'> {
  const L = s.language;
  const order = ['deal', 'pick', 'exchange', 'bet', 'reveal', 'win'];
  const reached = (name: string): boolean => step !== null && order.indexOf(step) >= order.indexOf(name);
  // Nothing on the table until the deal; then the dealer's cards face down but the fifth (P-2).
  const box = step === null ? [] : reached('exchange') ? PP_DEMO.drawn : PP_DEMO.dealt;
  const dealer = step === null ? [] : PP_DEMO.dealer.map((code, i) => (reached('reveal') || i === 4 ? code : null));
  const picking = step === 'pick';
  const coefficient = s.pokerPlus.payTable.find((r) => r.category === PP_DEMO.hand)?.perBet[0] ?? 0;
  const cards = [
    ...dealer.map((code, i) => card('dealer', i, code)),
    ...box.map((code, i) =>
      card('box', i, code, {
        selected: picking && (PP_DEMO.exchange as readonly number[]).includes(i),
        winning: step === 'win',
      }),
    ),
  ];
  const captions: Record<NonNullable<typeof step>, TextKey> = {
    deal: 'attract.pp.deal',
    pick: 'attract.pp.pick',
    exchange: 'attract.pp.exchange',
    bet: 'attract.pp.bet',
    reveal: 'attract.pp.reveal',
    win: 'attract.pp.win',
  };
  return {
    cards,
    caption: step
      ? t(L, captions[step], {
          hand: handName(L, PP_DEMO.hand) ?? '',
          dealer: handName(L, PP_DEMO.dealerHand) ?? '',
          k: formatChips(coefficient, L),
        })
      : null,
    banner:
      step === 'win'
        ? {
            name: 'demo',
            text: t(L, 'pp.outcome.win'),
            sub: t(L, 'attract.pp.pays', { k: formatChips(coefficient, L) }),
            tone: 'win',
          }
        : null,
  };
}

/** The attract screen `elapsed` ms into the loop, with its buttons: start (a touch anywhere) and the language. */
export function attractLoopScene(
  s: Snapshot,
  elapsed: number,
): { attract: AttractModel; title: string; buttons: ButtonSpec[] } {
  const L = s.language;
  const at = attractAt(elapsed);
  // The video-poker families on the menu take the table and demonstration pages in turn, a
  // round each; with none enabled, the family the video-poker screen shows.
  const families: VideoPokerShown[] = s.menu
    .filter((m) => m.shape === 'video-poker')
    .map((m) => ({ game: m.game, rows: m.payRows }));
  const shown = families[at.round % Math.max(1, families.length)] ?? { game: s.jacks.game, rows: s.jacks.payTable };
  const videoPoker = shown.game;
  const table = s.menu.find((m) => m.shape === 'table')?.game ?? null;
  const base: AttractModel = {
    page: at.page,
    step: null,
    game: null,
    caption: null,
    demo: null,
    games: s.menu.map((m) => gameTitle(L, m.game)),
    insert: t(L, 'attract.insert'),
    ticket: null,
    touch: t(L, 'attract.touch'),
    payTable: null,
    cards: [],
    banner: null,
    dealKey: `attract:${at.round}:${at.page}`,
  };
  let attract = base;
  let title = t(L, 'app.title');
  switch (at.page) {
    case 'jacksTable':
      title = gameTitle(L, videoPoker);
      attract = {
        ...base,
        game: videoPoker,
        caption: gameBlurb(L, videoPoker),
        payTable: payTableOf(s, videoPoker, 'video-poker', shown.rows, s.jacks.maxBet - 1, null),
      };
      break;
    case 'jacksDemo': {
      title = gameTitle(L, videoPoker);
      const step = stepAt(JACKS_DEMO.steps, at.pageMs);
      attract = { ...base, game: videoPoker, step, demo: t(L, 'attract.demo'), ...jacksDemo(s, shown, step) };
      break;
    }
    // With no table game enabled its pages show the title again.
    case 'ppTable':
      if (table === null) {
        attract = { ...base, page: 'title' };
        break;
      }
      title = gameTitle(L, table);
      attract = { ...base, game: table, caption: gameBlurb(L, table), payTable: pokerPlusPayTable(s, null) };
      break;
    case 'ppDemo': {
      if (table === null) {
        attract = { ...base, page: 'title' };
        break;
      }
      title = gameTitle(L, table);
      const step = stepAt(PP_DEMO.steps, at.pageMs);
      attract = { ...base, game: table, step, demo: t(L, 'attract.demo'), ...pokerPlusDemo(s, step) };
      break;
    }
    default:
      break;
  }
  return {
    attract,
    title,
    buttons: [button('start', t(L, 'attract.touch'), true, uiAction({ type: 'start' })), languageButton(s)],
  };
}
