// The screen's view of the cabinet (src/contract/snapshot.ts), made from the committed state.
// Hidden cards stay hidden here, on the cabinet's side: the screen never receives what the
// player may not see yet (the dealer's four down cards, the blind box before the showdown).

import {
  POKER_PLUS_ID,
  autoHoldOf,
  betStake,
  buyGameFee,
  canTakeHalf,
  categoryOf,
  dealStake,
  drawFee,
  evaluate,
  exchangeLimit,
  formatCard,
  formatBoughtGame,
  formatCards,
  present,
  takeHalfReturn,
  settingsKey,
  type BoxState,
  type GameId,
  type Card,
  type VideoPokerState,
  type PokerPlusState,
  videoPokerModule,
  gameModule,
  POKER_PLUS,
  GAMES,
} from '../../core';
import { wildPositions } from '../../core/video-poker';
import {
  gameInProgress,
  isVideoPokerSession,
  HOST_LOST_STOP,
  hostDisabled,
  hostLossStopsAt,
  OUT_OF_SERVICE,
  outOfService,
  samePayTable,
  type CabinetState,
} from '../../cabinet';
import type { BoxView, JacksView, MenuEntry, PokerPlusView, Snapshot } from '../../contract';
import { payRows } from './pay-rows';
import { liveWishes } from './live-wishes';
import { serviceView } from './service-view';
import { ticketView } from './ticket-view';

/** The installed table a game plays now (C-24's figure with it); undefined for a table of the config file's own. */
function installedTable(s: CabinetState, game: GameId) {
  const table = s.settings.payTables[settingsKey(game)];
  return (s.installedPayTables ?? []).find((t) => t.game === game && samePayTable(t.table, table));
}

/** The return of the installed table the game plays now, for the help pages; null for a table of the config file's own. */
function tableReturn(s: CabinetState, game: GameId): JacksView['payTableReturn'] {
  const rtp = installedTable(s, game)?.rtp;
  return rtp ? { pct: rtp.pct, play: rtp.play, typical: rtp.typical?.pct ?? null } : null;
}

/** A game's rows as its screen draws them: a video-poker family's at the operator's max bet. */
const rowsOf = (s: CabinetState, game: GameId) =>
  payRows({ game, table: s.settings.payTables[settingsKey(game)] }, s.settings.limits.maxBet);

/** The game menu: every enabled game, in the registry's order, with the table it plays. */
function menu(s: CabinetState): MenuEntry[] {
  return GAMES.filter((g) => s.settings.games.includes(g.id)).map((g) => {
    const installed = installedTable(s, g.id);
    return {
      game: g.id,
      shape: g.shape,
      payTable: { id: installed?.id ?? null, name: installed?.name ?? null },
      payTableReturn: tableReturn(s, g.id),
      payRows: rowsOf(s, g.id),
    };
  });
}

/** The video-poker family the video-poker screen shows: the selected game if it is one, else the first enabled. */
function videoPokerGame(s: CabinetState): GameId {
  const isVideoPoker = (id: GameId) => gameModule(id).shape === 'video-poker';
  if (isVideoPoker(s.selectedGame)) return s.selectedGame;
  return s.settings.games.find(isVideoPoker) ?? GAMES.find((g) => g.shape === 'video-poker')!.id;
}

function jacksView(s: CabinetState): JacksView {
  const maxBet = s.settings.limits.maxBet;
  const game = videoPokerGame(s);
  const base: JacksView = {
    game,
    bet: s.jacksBet,
    maxBet,
    phase: 'idle',
    cards: null,
    held: [],
    autoHold: [],
    hand: null,
    winning: [],
    win: 0,
    wild: [],
    payTable: rowsOf(s, game),
    payTableReturn: tableReturn(s, game),
    gameId: null,
  };
  const session = s.game;
  if (!session || !isVideoPokerSession(session)) return base;
  // Whichever family is in play: its module names the hand and its family marks the wild cards.
  const module = videoPokerModule(session.game);
  const core: VideoPokerState = session.core;
  const own = {
    ...base,
    game: session.game,
    bet: core.bet,
    held: [...core.held],
    autoHold: [...core.autoHold],
    gameId: session.id,
  };
  if (core.phase === 'holding') {
    return {
      ...own,
      phase: 'holding',
      cards: formatCards(core.dealt),
      hand: module.categoryOf(core.dealt),
      wild: wildPositions(module.family, core.dealt),
    };
  }
  const final = present(core.final ?? undefined, 'a settled video-poker game has its final hand');
  return {
    ...own,
    phase: 'over',
    cards: formatCards(final),
    hand: core.hand,
    // The cards that make the paying hand, as J-3 would hold them had it been dealt.
    winning: core.win > 0 ? autoHoldOf(module.family, final, core.config, core.bet) : [],
    win: core.win,
    wild: wildPositions(module.family, final),
  };
}

/** P-3: the fee of exchanging k cards, for k up to the most this exchange may take. */
function exchangeFees(core: PokerPlusState, box: BoxState): number[] {
  const most = exchangeLimit(box.cards.length, box.draws.length, core.rulesVersion);
  return Array.from({ length: most + 1 }, (_, k) => (k === 0 ? 0 : drawFee(box.ante, box.draws.length, k)));
}

function boxView(core: PokerPlusState, box: BoxState, index: number): BoxView {
  const over = core.phase === 'over';
  const result = over ? core.result!.boxes[index] : null;
  const visible = !box.blind || over;
  return {
    ante: box.ante,
    blind: box.blind,
    cards: visible ? formatCards(box.cards) : null,
    status: box.status,
    bet: box.bet,
    staked: box.staked,
    draws: box.draws.length,
    boughtGame: box.boughtGame,
    hand: visible ? categoryOf(evaluate(box.cards)) : null,
    outcome: result?.outcome ?? null,
    returned: result?.returned ?? null,
    net: result?.net ?? null,
  };
}

function pokerPlusView(s: CabinetState): PokerPlusView {
  const { minAnte, maxAnte, tableMax } = s.settings.limits;
  const base: PokerPlusView = {
    phase: 'idle',
    nextBoxes: s.pokerPlusBoxes.map((b) => (b.blind ? { ante: b.ante, blind: true } : { ante: b.ante })),
    nextStake: s.pokerPlusBoxes.reduce((n, b) => n + dealStake(b), 0),
    minAnte,
    maxAnte,
    tableMax,
    boxes: [],
    seen: 0,
    dealer: { cards: [null, null, null, null, null], hand: null, game: null, bought: null },
    fees: { exchange: null, buySixth: null, bet: null, buyGame: null, takeHalf: null },
    payTable: POKER_PLUS.payTable.rows(s.settings.payTables.pokerPlus, 1),
    payTableReturn: tableReturn(s, POKER_PLUS.id),
    gameId: null,
  };
  const session = s.game;
  if (!session || session.game !== POKER_PLUS_ID) return base;
  const core = session.core;
  const seen = present(core.boxes[core.seen], `Poker Plus seen box ${core.seen}`);
  const over = core.phase === 'over';
  const dealerCards: (string | null)[] = over
    ? formatCards(core.dealer)
    : core.dealer.map((c: Card, i) => (i === 4 ? formatCard(c) : null));
  const bought = over ? core.result!.dealer.bought : null;
  const deciding = core.phase === 'deciding' && seen.status === 'deciding';
  const canDraw = deciding && seen.draws.length < 2;
  const options = core.phase === 'options' && seen.status === 'bet';
  return {
    ...base,
    phase: core.phase,
    boxes: core.boxes.map((box, i) => boxView(core, box, i)),
    seen: core.seen,
    dealer: {
      cards: dealerCards,
      hand: over ? core.result!.dealer.hand : null,
      game: over ? core.result!.dealer.game : null,
      bought: bought && formatBoughtGame(bought),
    },
    fees: {
      exchange: canDraw ? exchangeFees(core, seen) : null,
      buySixth: canDraw && seen.cards.length < 6 ? drawFee(seen.ante, seen.draws.length, 'sixth') : null,
      bet: deciding ? betStake(seen.ante) : null,
      buyGame: options && !seen.boughtGame ? buyGameFee(seen.ante) : null,
      takeHalf: options && canTakeHalf(seen) ? takeHalfReturn(core, core.seen) : null,
    },
    gameId: session.id,
  };
}

/** C-25: disabled by the casino system, shown as a stop once no game remains to finish. */
function hostLockup(s: CabinetState): Extract<Snapshot['lockup'], { kind: 'tilt' }>['tilts'] {
  if (!outOfService(s)) return [];
  if (hostDisabled(s))
    return [
      {
        code: OUT_OF_SERVICE,
        reason: 'out of service: play is disabled by the casino system',
        since: s.sas?.disabledSince ?? 0,
        technician: false,
      },
    ];
  const lost = s.sas?.hostLost;
  return [
    {
      code: HOST_LOST_STOP,
      reason: `out of service: no casino system (${lost?.reason ?? 'away'})`,
      since: s.sas ? (hostLossStopsAt(s.sas) ?? 0) : 0,
      technician: false,
    },
  ];
}

export function snapshotOf(s: CabinetState, now: number): Snapshot {
  const lockup: Snapshot['lockup'] = s.handpay
    ? {
        kind: 'handpay',
        amount: s.handpay.amount,
        reason: s.handpay.reason.slice(0, 200),
        ...(s.handpay.cause ? { cause: s.handpay.cause } : {}),
        handpayKind: s.handpay.kind,
      }
    : s.tilts.length > 0 || outOfService(s)
      ? {
          kind: 'tilt',
          tilts: [
            ...s.tilts.map((t) => ({ code: t.code, reason: t.reason, since: t.since, technician: t.technician })),
            ...hostLockup(s),
          ],
        }
      : null;
  return {
    version: s.version,
    language: s.language,
    currency: { code: s.settings.currency, minorDigits: s.settings.minorDigits },
    chipValues: [...s.settings.chipValues],
    chipValue: s.chipValue,
    balance: s.balance,
    credits: Math.floor(s.balance / s.chipValue),
    menu: menu(s),
    selectedGame: s.selectedGame,
    inGame: gameInProgress(s),
    jacks: jacksView(s),
    pokerPlus: pokerPlusView(s),
    lockup,
    cashout: s.voucher ? { amount: s.voucher.amount, state: 'printing' } : null,
    paidOut: s.paidOut ?? null,
    ticket: ticketView(s, now),
    live: liveWishes(s, now),
    doors: { ...s.doors },
    keys: { ...s.keys },
    service: serviceView(s),
    mutedUntil: s.soundMutedUntil ?? 0,
    receipts: (s.receipts?.slips ?? []).map(({ receipt: r, status, why }) => ({
      number: r.number,
      reprint: r.reprint,
      kind: r.kind,
      amount: r.amount,
      status,
      why,
    })),
    // The screen port counts what people do; a bare view of the state has seen nothing.
    activity: { seq: 0, kind: 'none' },
    work: [],
  };
}
