// Poker Plus as the player sees it: the dealer's cards, one or two boxes with ANTE and BET
// chips, the draw actions with the fees the cabinet quotes (P-3 to P-7), and the outcomes.

import type { BoxView, Snapshot } from '../../../src/contract';
import { nextAnte } from './ante';
import { formatChips } from '../../i18n/numbers';
import { gameTitle } from '../../i18n/game-words';
import { t, handName, type TextKey } from '../../i18n/texts';
import type { Language } from '../../i18n/language';
import { chipText, commonButtons, creditsMeter, pokerPlusPayTable } from './common';
import { isLive, button, card, type BannerSpec, type ButtonSpec, type CardSpot } from '../parts';
import { uiAction, wishAction } from '../actions';
import type { BoxModel, SceneModel } from '../scene';
import { exchangeMost, selectedPositions, type UiState } from '../ui-state';

type PokerPlusScene = Pick<
  SceneModel,
  | 'title'
  | 'chip'
  | 'message'
  | 'meters'
  | 'cards'
  | 'banners'
  | 'buttons'
  | 'payTable'
  | 'dealerText'
  | 'boughtText'
  | 'boxes'
  | 'dealKey'
>;

const SUITS: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };
const cardText = (code: string): string => {
  const [rank, suit] = [code.charAt(0), code.charAt(1)];
  return (rank === 'T' ? '10' : rank) + (SUITS[suit] ?? suit);
};

const OUTCOME: Record<string, { key: TextKey; tone: BannerSpec['tone']; note?: TextKey }> = {
  win: { key: 'pp.outcome.win', tone: 'win' },
  lose: { key: 'pp.outcome.lose', tone: 'lose' },
  standoff: { key: 'pp.outcome.standoff', tone: 'info' },
  fold: { key: 'pp.outcome.fold', tone: 'lose' },
  'no-game-win': { key: 'pp.outcome.noGame', tone: 'win', note: 'pp.anteWins' },
  'no-game-push': { key: 'pp.outcome.noGame', tone: 'info', note: 'pp.stakesBack' },
  half: { key: 'pp.outcome.half', tone: 'win' },
};

function signed(n: number, language: Language): string {
  return (n > 0 ? '+' : '') + formatChips(n, language);
}

function outcomeBanner(box: BoxView, index: number, L: Language): BannerSpec | null {
  if (!box.outcome) return null;
  const known = OUTCOME[box.outcome];
  const amounts = [
    known?.note ? t(L, known.note) : null,
    box.returned !== null ? t(L, 'pp.paid', { n: formatChips(box.returned, L) }) : null,
    box.net !== null ? t(L, 'pp.net', { n: signed(box.net, L) }) : null,
  ].filter((x): x is string => x !== null);
  // The win colour only for a net win: NO GAME with ANTE WINS after the fees can still be a loss.
  const tone = box.net === null ? (known?.tone ?? 'info') : box.net > 0 ? 'win' : box.net < 0 ? 'lose' : 'info';
  return {
    name: `box${index}`,
    text: known ? t(L, known.key) : box.outcome.toUpperCase(),
    sub: amounts.join('  •  ') || null,
    tone,
  };
}

function boxLabel(L: Language, index: number, blind: boolean): string {
  return `${t(L, 'pp.box', { n: index + 1 })}: ${t(L, blind ? 'pp.blind' : 'pp.seen')}`;
}

function boxes(s: Snapshot): BoxModel[] {
  const pp = s.pokerPlus;
  const L = s.language;
  if (pp.phase === 'idle') {
    return pp.nextBoxes.map((b, i) => ({
      index: i,
      blind: b.blind === true,
      seen: b.blind !== true,
      label: boxLabel(L, i, b.blind === true),
      ante: b.ante,
      bet: 0,
      hand: null,
      status: null,
      boughtGame: false,
      outcome: null,
    }));
  }
  return pp.boxes.map((b, i) => ({
    index: i,
    blind: b.blind,
    seen: i === pp.seen,
    label: boxLabel(L, i, b.blind),
    ante: b.ante,
    bet: b.bet,
    hand: handName(L, b.hand),
    status: b.outcome
      ? null
      : b.status === 'folded'
        ? t(L, 'pp.status.folded')
        : b.status === 'bet'
          ? t(L, 'pp.status.bet')
          : null,
    boughtGame: b.boughtGame,
    outcome: outcomeBanner(b, i, L),
  }));
}

function cards(s: Snapshot, ui: UiState): CardSpot[] {
  const pp = s.pokerPlus;
  if (pp.phase === 'idle') return [];
  const out: CardSpot[] = [];
  const bought = pp.dealer.bought;
  pp.dealer.cards.forEach((code, i) =>
    out.push(card('dealer', i, code, { discarded: bought !== null && code === bought.discarded })),
  );
  if (bought) out.push(card('dealer-new', 5, bought.drew));
  const selected = selectedPositions(ui, s);
  pp.boxes.forEach((b, bi) => {
    const owner = `box${bi}`;
    if (!b.cards) {
      for (let i = 0; i < 5; i++) out.push(card(owner, i, null));
      return;
    }
    b.cards.forEach((code, i) => out.push(card(owner, i, code, { selected: bi === pp.seen && selected.includes(i) })));
  });
  return out;
}

function buttons(s: Snapshot, ui: UiState): ButtonSpec[] {
  const pp = s.pokerPlus;
  const L = s.language;
  const fees = pp.fees;
  const seen = pp.boxes[pp.seen];
  const list = commonButtons(s);
  if (pp.phase === 'idle' || pp.phase === 'over') {
    const seenNext = pp.nextBoxes.find((b) => b.blind !== true) ?? pp.nextBoxes[0];
    const ante = seenNext?.ante ?? pp.minAnte;
    const withAnte = (a: number) => pp.nextBoxes.map((b) => (b.blind ? { ante: a, blind: true } : { ante: a }));
    const canSet = isLive(s, 'setBoxes');
    const down = nextAnte(ante, pp.minAnte, pp.maxAnte, -1);
    const up = nextAnte(ante, pp.minAnte, pp.maxAnte, 1);
    const two = pp.nextBoxes.length === 2;
    list.push(
      button(
        'anteMinus',
        t(L, 'button.anteMinus'),
        canSet && down !== null,
        down === null ? null : wishAction({ type: 'setBoxes', boxes: withAnte(down) }),
      ),
      button(
        'antePlus',
        t(L, 'button.antePlus'),
        canSet && up !== null,
        up === null ? null : wishAction({ type: 'setBoxes', boxes: withAnte(up) }),
      ),
      button(
        'oneBox',
        t(L, 'button.oneBox'),
        canSet && two,
        wishAction({ type: 'setBoxes', boxes: [{ ante }] }),
        null,
        !two,
      ),
      button(
        'twoBoxes',
        t(L, 'button.twoBoxes'),
        canSet && !two,
        wishAction({ type: 'setBoxes', boxes: [{ ante }, { ante, blind: true }] }),
        null,
        two,
      ),
      button(
        'deal',
        t(L, 'button.deal'),
        isLive(s, 'deal'),
        wishAction({
          type: 'deal',
          boxes: pp.nextBoxes.map((b) => (b.blind ? { ante: b.ante, blind: true } : { ante: b.ante })),
        }),
        t(L, 'fee.stake', { n: formatChips(pp.nextStake, L) }),
      ),
    );
    return list;
  }
  if (pp.phase === 'deciding') {
    const picked = selectedPositions(ui, s);
    const k = picked.length;
    const fee = fees.exchange && k > 0 ? fees.exchange[k] : undefined;
    const canExchange = isLive(s, 'exchange') && fees.exchange !== null;
    list.push(
      button(
        'exchange',
        k > 0 ? t(L, 'button.exchangeN', { n: k }) : t(L, 'button.exchange'),
        canExchange && fee !== undefined && fee !== null,
        wishAction({ type: 'exchange', positions: picked, box: pp.seen }),
        k === 0
          ? t(L, 'fee.select')
          : fee !== undefined && fee !== null
            ? t(L, 'fee.amount', { n: formatChips(fee, L) })
            : null,
      ),
      button(
        'sixth',
        t(L, 'button.sixth'),
        isLive(s, 'buySixth') && fees.buySixth !== null,
        wishAction({ type: 'buySixth', box: pp.seen }),
        fees.buySixth !== null ? t(L, 'fee.amount', { n: formatChips(fees.buySixth, L) }) : null,
      ),
      button(
        'bet',
        t(L, 'button.bet'),
        isLive(s, 'bet') && fees.bet !== null,
        wishAction({ type: 'bet', box: pp.seen }),
        fees.bet !== null ? t(L, 'fee.bet', { n: formatChips(fees.bet, L) }) : null,
      ),
      button('fold', t(L, 'button.fold'), isLive(s, 'fold'), wishAction({ type: 'fold', box: pp.seen })),
    );
    if (seen?.cards && canExchange) {
      seen.cards.forEach((code, i) =>
        list.push(
          button(`card${i + 1}`, code, true, uiAction({ type: 'select', position: i }), null, picked.includes(i)),
        ),
      );
    }
    return list;
  }
  list.push(
    button(
      'takeHalf',
      t(L, 'button.takeHalf'),
      isLive(s, 'takeHalf') && fees.takeHalf !== null,
      wishAction({ type: 'takeHalf', box: pp.seen }),
      fees.takeHalf !== null ? t(L, 'fee.gain', { n: formatChips(fees.takeHalf, L) }) : null,
    ),
    button(
      'buyGame',
      t(L, 'button.buyGame'),
      isLive(s, 'buyGame') && fees.buyGame !== null,
      wishAction({ type: 'buyGame', box: pp.seen }),
      fees.buyGame !== null ? t(L, 'fee.amount', { n: formatChips(fees.buyGame, L) }) : null,
    ),
    button('reveal', t(L, 'button.reveal'), isLive(s, 'reveal'), wishAction({ type: 'reveal' })),
  );
  return list;
}

function dealerTexts(s: Snapshot): { dealerText: string | null; boughtText: string | null } {
  const d = s.pokerPlus.dealer;
  const L = s.language;
  const dealerText =
    d.hand === null ? null : t(L, d.game ? 'pp.dealerGame' : 'pp.dealerNoGame', { hand: handName(L, d.hand) ?? '' });
  const boughtText = d.bought
    ? `${t(L, 'pp.bought', { from: cardText(d.bought.discarded), to: cardText(d.bought.drew) })}  •  ${t(L, d.bought.game ? 'pp.dealerGame' : 'pp.dealerNoGame', { hand: handName(L, d.bought.hand) ?? '' })}`
    : null;
  return { dealerText, boughtText };
}

const HINT: Record<Snapshot['pokerPlus']['phase'], TextKey> = {
  idle: 'pp.hint.idle',
  deciding: 'pp.hint.deciding',
  options: 'pp.hint.options',
  over: 'pp.hint.idle',
};

/**
 * The line under the table: at the second draw action it says that one card may go (P-3); with
 * both draw actions taken it offers only what is left (it offered the draws again).
 */
function hint(s: Snapshot): TextKey {
  const pp = s.pokerPlus;
  if (pp.phase === 'deciding' && pp.fees.exchange === null && pp.fees.buySixth === null) return 'pp.hint.final';
  if (pp.phase !== 'deciding' || exchangeMost(s) !== 1) return HINT[pp.phase];
  return pp.fees.buySixth !== null ? 'pp.hint.secondSixth' : 'pp.hint.second';
}

export function pokerPlusScene(s: Snapshot, ui: UiState): PokerPlusScene {
  const pp = s.pokerPlus;
  const L = s.language;
  const list = boxes(s);
  const seenBox = pp.phase === 'idle' ? null : pp.boxes[pp.seen];
  const nextAnteValue = (pp.nextBoxes.find((b) => b.blind !== true) ?? pp.nextBoxes[0])?.ante ?? pp.minAnte;
  const won = pp.phase === 'over' ? pp.boxes.reduce((n, b) => n + (b.returned ?? 0), 0) : 0;
  return {
    title: gameTitle(L, s.selectedGame),
    chip: chipText(s),
    message: t(L, hint(s)),
    meters: [
      creditsMeter(s),
      {
        name: 'ante',
        label: t(L, 'meter.ante'),
        value: formatChips(seenBox && pp.phase !== 'over' ? seenBox.ante : nextAnteValue, L),
        sub: pp.nextBoxes.length === 2 ? t(L, 'button.twoBoxes') : t(L, 'button.oneBox'),
      },
      { name: 'win', label: t(L, 'meter.win'), value: formatChips(won, L), sub: null },
    ],
    cards: cards(s, ui),
    banners: list.map((b) => b.outcome).filter((b): b is BannerSpec => b !== null),
    buttons: buttons(s, ui),
    payTable: pokerPlusPayTable(s, seenBox?.hand && pp.phase !== 'idle' ? seenBox.hand : null),
    ...dealerTexts(s),
    boxes: list,
    dealKey: `pp:${pp.gameId ?? 'none'}`,
  };
}
