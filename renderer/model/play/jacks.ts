// A video-poker family as the player sees it (Jacks or Better and every family of its shape):
// five cards with HELD marks and WILD on its wild cards, its pay table with the bet's column lit,
// its hands in its own words, meters, and the deck's buttons (C-18) as touch buttons.

import { HOLD_BUTTONS, jacksButtonWishes, type JacksButton, type Snapshot, type Wish } from '../../../src/contract';
import { formatChips } from '../../i18n/numbers';
import { t, handName } from '../../i18n/texts';
import { gameTitle } from '../../i18n/game-words';
import { chipText, commonButtons, creditsMeter, jacksPayTable } from './common';
import { isLive, button, card, type BannerSpec, type ButtonSpec, type CardSpot } from '../parts';
import { wishAction } from '../actions';
import type { SceneModel } from '../scene';

type JacksScene = Pick<
  SceneModel,
  'title' | 'chip' | 'message' | 'meters' | 'cards' | 'banners' | 'buttons' | 'payTable' | 'dealKey'
>;

function jacksCards(s: Snapshot): CardSpot[] {
  const j = s.jacks;
  if (!j.cards) return [0, 1, 2, 3, 4].map((i) => card('jacks', i, null));
  return j.cards.map((code, i) =>
    card('jacks', i, code, {
      held: j.phase === 'holding' && j.held.includes(i),
      winning: j.phase === 'over' && j.winning.includes(i),
      wild: j.wild.includes(i),
    }),
  );
}

function jacksButtons(s: Snapshot): ButtonSpec[] {
  const j = s.jacks;
  const L = s.language;
  const holding = j.phase === 'holding';
  // What each button means is the cabinet's one declaration, the deck's as well: the first of a
  // press's wishes that is live now (MAX BET deals at once, and with no deal possible sets the bet).
  const press = (name: JacksButton): Wish => {
    const wishes = jacksButtonWishes(name, { holding, bet: j.bet, maxBet: j.maxBet });
    return wishes.find((w) => isLive(s, w.type)) ?? wishes[wishes.length - 1]!;
  };
  const deal = press('deal');
  const holds = HOLD_BUTTONS.map((name, i) =>
    button(
      name,
      j.held.includes(i) && holding ? t(L, 'card.held') : t(L, 'button.hold'),
      holding && isLive(s, 'toggleHold'),
      wishAction(press(name)),
      null,
      holding && j.held.includes(i),
    ),
  );
  const betOne = press('betOne');
  const maxBet = press('maxBet');
  return [
    ...commonButtons(s),
    button('betOne', t(L, 'button.betOne'), !holding && isLive(s, betOne.type), wishAction(betOne)),
    button('maxBet', t(L, 'button.maxBet'), !holding && isLive(s, maxBet.type), wishAction(maxBet)),
    button('deal', t(L, holding ? 'button.draw' : 'button.deal'), isLive(s, deal.type), wishAction(deal)),
    ...holds,
  ];
}

function jacksBanners(s: Snapshot): BannerSpec[] {
  const j = s.jacks;
  if (j.phase !== 'over') return [];
  const L = s.language;
  if (j.win > 0) {
    return [
      {
        name: 'result',
        text: t(L, 'jacks.over.win', { hand: handName(L, j.hand, j.game) ?? '' }),
        sub: t(L, 'jacks.winAmount', { n: formatChips(j.win, L) }),
        tone: 'win',
      },
    ];
  }
  return [{ name: 'result', text: t(L, 'jacks.over.lose'), sub: null, tone: 'lose' }];
}

export function jacksScene(s: Snapshot): JacksScene {
  const j = s.jacks;
  const L = s.language;
  const paying =
    j.hand !== null &&
    j.hand !== 'nothing' &&
    j.payTable.some((r) => r.category === j.hand && r.perBet.some((v) => v > 0));
  const message =
    j.phase === 'holding'
      ? (paying ? `${handName(L, j.hand, j.game)}  •  ` : '') + t(L, 'jacks.hint.holding')
      : j.phase === 'over'
        ? handName(L, j.hand, j.game)
        : t(L, 'jacks.hint.idle', { max: j.maxBet });
  return {
    title: gameTitle(L, j.game),
    chip: chipText(s),
    message,
    meters: [
      creditsMeter(s),
      { name: 'bet', label: t(L, 'meter.bet'), value: formatChips(j.bet, L), sub: null },
      { name: 'win', label: t(L, 'meter.win'), value: formatChips(j.phase === 'over' ? j.win : 0, L), sub: null },
    ],
    cards: jacksCards(s),
    banners: jacksBanners(s),
    buttons: jacksButtons(s),
    payTable: jacksPayTable(s, j.bet >= 1 ? j.bet - 1 : null, paying ? j.hand : null),
    dealKey: `jacks:${j.gameId ?? 'none'}`,
  };
}
