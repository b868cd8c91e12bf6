// C-11 on the audit screen: the last games, newest first, and one game stepped through as the
// player saw it, in the frames the cabinet replayed from the stored record (src/contract/recall.ts).

import type { RecallAction, RecallFrame, RecallSummary, Snapshot } from '../../../src/contract';
import { formatChips, formatChipValue, formatMoney } from '../../i18n/numbers';
import { t, handName } from '../../i18n/texts';
import { gameTitle } from '../../i18n/game-words';
import type { Language } from '../../i18n/language';
import { ts } from '../../i18n/service-texts';
import { button, card } from '../parts';
import { emptyPage, loadingNotice, money, paged, pagerButtons, refreshButton, svc, technicianNav } from './common';
import type { CardGroup, ServiceModel } from './page';
import type { ServiceUi } from './state';
import { formatTime } from '../../i18n/time';

export const GAMES_PER_PAGE = 10;

const gameName = (L: Language, g: RecallSummary['game']): string => gameTitle(L, g);

export function recallListPage(s: Snapshot, ui: ServiceUi): ServiceModel {
  const L = s.language;
  const page = emptyPage('technician', 'recall', ts(L, 'recall.title'));
  page.nav = technicianNav(s, 'recall');
  page.notice = loadingNotice(s, ui.recallList);
  const games = ui.recallList.state === 'ready' ? ui.recallList.value : [];
  const p = paged(games, ui.recallPage, GAMES_PER_PAGE);
  page.lines = [{ text: ts(L, 'recall.count', { n: games.length }), tone: 'plain' }];
  page.list = p.rows.map((g) =>
    button(
      `recall.game.${g.gameId}`,
      `#${g.gameId}  ${gameName(L, g.game)}`,
      true,
      svc({ type: 'recallOpen', gameId: g.gameId }),
      `${formatTime(g.startedAt)}  •  ${ts(L, 'recall.stakedPaid', { staked: money(s, g.staked), paid: money(s, g.paid) })}${g.handpaid ? `  •  ${ts(L, 'recall.handpaid')}` : ''}`,
    ),
  );
  page.listColumns = 2;
  page.actions = [
    ...pagerButtons(s, 'recall', p.page, p.pages, (n) => ({ type: 'recallPage', page: n })),
    refreshButton(s),
  ];
  if (games.length > 0) page.lines.push({ text: ts(L, 'svc.pageOf', { n: p.page + 1, of: p.pages }), tone: 'plain' });
  return page;
}

const positions = (ps: number[]): string => ps.map((p) => p + 1).join(', ');

function actionText(L: Language, a: RecallAction): string {
  switch (a.kind) {
    case 'deal':
      return ts(L, 'recall.step.deal');
    case 'hold':
      return a.positions.length > 0
        ? ts(L, 'recall.step.hold', { cards: positions(a.positions) })
        : ts(L, 'recall.step.holdNone');
    case 'draw':
      return ts(L, 'recall.step.draw');
    case 'exchange':
      return ts(L, 'recall.step.exchange', { box: a.box + 1, cards: positions(a.positions) });
    case 'buySixth':
      return ts(L, 'recall.step.buySixth', { box: a.box + 1 });
    case 'bet':
      return ts(L, 'recall.step.bet', { box: a.box + 1 });
    case 'fold':
      return ts(L, 'recall.step.fold', { box: a.box + 1 });
    case 'takeHalf':
      return ts(L, 'recall.step.takeHalf', { box: a.box + 1 });
    case 'buyGame':
      return ts(L, 'recall.step.buyGame', { box: a.box + 1 });
    case 'reveal':
      return ts(L, 'recall.step.reveal');
  }
}

const OUTCOME: Record<string, Parameters<typeof t>[1]> = {
  win: 'pp.outcome.win',
  lose: 'pp.outcome.lose',
  standoff: 'pp.outcome.standoff',
  fold: 'pp.outcome.fold',
  'no-game-win': 'pp.outcome.noGame',
  'no-game-push': 'pp.outcome.noGame',
  half: 'pp.outcome.half',
};

/** A figure of the game in chips, said with its unit: the page's money figures are in the currency, each labelled. */
const chips = (L: Language, n: number): string => ts(L, 'recall.chips', { n: formatChips(n, L) });

function groups(L: Language, frame: RecallFrame): CardGroup[] {
  const table = frame.table;
  if (table.shape === 'video-poker') {
    const note =
      table.win === null
        ? handName(L, table.hand, table.game)
        : `${handName(L, table.hand, table.game)}  •  ${t(L, 'jacks.winAmount', { n: chips(L, table.win) })}`;
    return [
      {
        name: 'hand',
        label: `${gameTitle(L, table.game)}  •  ${t(L, 'meter.bet')} ${chips(L, table.bet)}`,
        note,
        cards: table.cards.map((code, i) =>
          card('recall.hand', i, code, { held: table.held.includes(i), winning: table.winning.includes(i) }),
        ),
      },
    ];
  }
  const bought = table.bought;
  const dealerCards = table.dealer.map((code, i) =>
    card('recall.dealer', i, code, { discarded: bought !== null && code === bought.discarded }),
  );
  if (bought) dealerCards.push(card('recall.dealer', 5, bought.drew));
  const dealerNote = table.dealerHand
    ? [
        handName(L, table.dealerHand),
        bought
          ? t(L, 'pp.bought', { from: bought.discarded, to: bought.drew }) + ` → ${handName(L, bought.hand)}`
          : null,
      ]
        .filter(Boolean)
        .join('  •  ')
    : null;
  return [
    { name: 'dealer', label: t(L, 'pp.dealer'), note: dealerNote, cards: dealerCards },
    ...table.boxes.map((b, i) => ({
      name: `box${i}`,
      label: `${t(L, 'pp.box', { n: i + 1 })}: ${t(L, b.blind ? 'pp.blind' : 'pp.seen')}  •  ${t(L, 'meter.ante')} ${chips(L, b.ante)}`,
      note: [
        handName(L, b.hand),
        b.outcome ? t(L, OUTCOME[b.outcome] ?? 'pp.outcome.win') : null,
        ts(L, 'recall.staked', { n: chips(L, b.staked) }),
        b.returned !== null ? t(L, 'pp.paid', { n: chips(L, b.returned) }) : null,
      ]
        .filter(Boolean)
        .join('  •  '),
      cards: b.cards
        ? b.cards.map((code, k) => card(`recall.box${i}`, k, code))
        : [0, 1, 2, 3, 4].map((k) => card(`recall.box${i}`, k, null)),
    })),
  ];
}

export function recallGamePage(s: Snapshot, ui: ServiceUi): ServiceModel {
  const L = s.language;
  const page = emptyPage('technician', 'recallGame', ts(L, 'recall.title'));
  page.nav = technicianNav(s, 'recallGame');
  page.notice = loadingNotice(s, ui.recallGame);
  const back = button('recall.list', ts(L, 'recall.backToList'), true, svc({ type: 'page', page: 'recall' }));
  if (ui.recallGame.state !== 'ready') {
    page.actions = [back];
    return page;
  }
  const { record, run } = ui.recallGame.value;
  const g = record.game;
  page.title = ts(L, 'recall.gameTitle', { id: g.gameId, game: gameName(L, g.game) });
  const cur = s.currency;
  page.lines = [
    {
      text: ts(L, 'recall.chipValue', {
        chip: formatChipValue(g.chipValue, cur, L),
        staked: formatMoney(g.staked, cur, L),
        paid: formatMoney(g.paid, cur, L),
      }),
      tone: 'plain',
    },
    { text: ts(L, 'recall.when', { start: formatTime(g.startedAt), end: formatTime(g.endedAt) }), tone: 'plain' },
  ];
  if (g.handpaid) page.lines.push({ text: ts(L, 'recall.handpaid'), tone: 'info' });
  if (!run.ok) {
    page.headline = { text: ts(L, 'recall.cannotReplay'), tone: 'bad' };
    page.lines.push({ text: run.error, tone: 'bad' });
    page.actions = [back];
    return page;
  }
  const step = Math.min(ui.recallStep, run.frames.length - 1);
  // The runner always shows the deal, and the step asked for is never below 0 (state.ts).
  const frame = run.frames[step];
  if (!frame) return page;
  page.headline = {
    text: `${ts(L, 'svc.stepOf', { n: step + 1, of: run.frames.length })}: ${actionText(L, frame.action)}`,
    tone: 'info',
  };
  page.lines.push({ text: ts(L, run.agrees ? 'recall.agrees' : 'recall.disagrees'), tone: run.agrees ? 'ok' : 'bad' });
  page.cards = groups(L, frame);
  page.actions = [
    button('recall.stepBack', ts(L, 'recall.stepBack'), step > 0, svc({ type: 'recallStep', step: step - 1 })),
    button(
      'recall.stepNext',
      ts(L, 'recall.stepNext'),
      step < run.frames.length - 1,
      svc({ type: 'recallStep', step: step + 1 }),
    ),
    back,
  ];
  return page;
}
