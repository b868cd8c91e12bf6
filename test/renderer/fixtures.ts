// Screen snapshots for the renderer's tests, written by hand to the contract (SNAPSHOT) and
// checked with checkToScreen by the tests before use, so a fixture cannot drift from it.

import type { ServiceView, Snapshot } from '../../src/contract';
import { GAME_IDS, videoPokerModule } from '../../src/core';

const JACKS_COEFFICIENTS: [string, number][] = [
  ['royal-flush', 250],
  ['straight-flush', 50],
  ['four-of-a-kind', 25],
  ['full-house', 9],
  ['flush', 6],
  ['straight', 4],
  ['three-of-a-kind', 3],
  ['two-pair', 2],
  ['jacks-or-better', 1],
  ['nothing', 0],
];

const PP_COEFFICIENTS: [string, number][] = [
  ['royal-flush', 100],
  ['straight-flush', 50],
  ['four-of-a-kind', 20],
  ['full-house', 7],
  ['flush', 5],
  ['straight', 4],
  ['three-of-a-kind', 3],
  ['two-pair', 2],
  ['pair', 1],
  ['high-card', 0],
];

const IDLE_LIVE = ['selectGame', 'chipValue', 'language', 'setBet', 'setBoxes', 'deal', 'cashOut'];

/** The service part of every snapshot: keys off, devices well, the operator's settings. */
export function serviceView(): ServiceView {
  return {
    attendantKey: false,
    technicianKey: false,
    technician: false,
    pin: { failures: 0, maxFailures: 3, lockedUntil: 0, lockouts: 0, mustChange: false },
    devices: {
      acceptor: { online: true, faults: {} },
      printer: { online: true, faults: {} },
      deck: { online: true, faults: {} },
    },
    deviceTest: null,
    casinoSystem: null,
    settings: {
      currency: 'USD',
      minorDigits: 2,
      chipValues: [1, 5, 25, 100],
      limits: {
        creditLimit: 100000,
        ticketLimit: 50000,
        handpayLimit: 120000,
        maxBet: 5,
        minAnte: 1,
        maxAnte: 100,
        tableMax: 10000,
        minReturnPct: 85,
        maxReturnPct: 99.9,
      },
      games: [...GAME_IDS],
      payTables: {
        'jacks-or-better': 'jacks-9-6',
        'bonus-poker': 'bonus-poker-8-5',
        'double-double-bonus': 'double-double-bonus-9-6',
        'deuces-wild': 'deuces-wild-nsud',
        'poker-plus': 'poker-plus-standard',
      },
      defaultLanguage: 'en',
      venue: 'Golden Felt Club',
      machine: 'VP-07',
      maxPinFailures: 3,
      lockoutSeconds: 300,
      presentation: { volume: 60, bigWinBets: 50, attractSeconds: 30 },
      sas: null,
    },
  };
}

export function baseSnapshot(): Snapshot {
  return withMenu({
    version: 10,
    language: 'en',
    currency: { code: 'USD', minorDigits: 2 },
    chipValues: [1, 5, 25, 100],
    chipValue: 25,
    balance: 2510,
    credits: 100,
    menu: [],
    selectedGame: 'jacks-or-better',
    inGame: false,
    jacks: {
      game: 'jacks-or-better',
      bet: 5,
      maxBet: 5,
      phase: 'idle',
      cards: null,
      held: [],
      autoHold: [],
      hand: null,
      winning: [],
      win: 0,
      wild: [],
      // J-6: the royal pays 800 per chip at max bet on this table.
      payTable: JACKS_COEFFICIENTS.map(([category, c]) => ({
        category,
        perBet: [1, 2, 3, 4, 5].map((b) => b * (category === 'royal-flush' && b === 5 ? 800 : c)),
      })),
      payTableReturn: { pct: 99.54, play: 'exact', typical: null },
      gameId: null,
    },
    pokerPlus: {
      phase: 'idle',
      nextBoxes: [{ ante: 10 }],
      nextStake: 10,
      minAnte: 1,
      maxAnte: 100,
      tableMax: 10000,
      boxes: [],
      seen: 0,
      dealer: { cards: [null, null, null, null, null], hand: null, game: null, bought: null },
      fees: { exchange: null, buySixth: null, bet: null, buyGame: null, takeHalf: null },
      payTable: PP_COEFFICIENTS.map(([category, c]) => ({ category, perBet: [c] })),
      payTableReturn: { pct: 99.38, play: 'best', typical: 97.1 },
      gameId: null,
    },
    lockup: null,
    cashout: null,
    paidOut: null,
    ticket: { validating: false, last: null },
    live: [...IDLE_LIVE],
    doors: { main: false, logic: false, cashbox: false },
    keys: { attendant: false, technician: false },
    service: serviceView(),
    mutedUntil: 0,
    receipts: [],
    activity: { seq: 0, kind: 'none' },
    work: [],
  });
}

/**
 * The game menu as snapshot-of makes it: every game of the registry, in its order, Jacks or Better
 * and Poker Plus with the tables their views show, the other families with their modules' default
 * tables at a max bet of 5 and their published returns.
 */
function withMenu(s: Snapshot): Snapshot {
  s.menu = [
    {
      game: 'jacks-or-better',
      shape: 'video-poker',
      payTable: { id: 'jacks-9-6', name: '9/6' },
      payTableReturn: s.jacks.payTableReturn,
      payRows: s.jacks.payTable,
    },
    ...FAMILY_TABLES.map(({ game, id, name, pct }) => ({
      game,
      shape: 'video-poker' as const,
      payTable: { id, name },
      payTableReturn: { pct, play: 'exact' as const, typical: null },
      payRows: familyRows(game),
    })),
    {
      game: 'poker-plus',
      shape: 'table',
      payTable: { id: 'poker-plus-standard', name: 'Standard' },
      payTableReturn: s.pokerPlus.payTableReturn,
      payRows: s.pokerPlus.payTable,
    },
  ];
  return s;
}

type FamilyId = 'bonus-poker' | 'double-double-bonus' | 'deuces-wild';
const FAMILY_TABLES: { game: FamilyId; id: string; name: string; pct: number }[] = [
  { game: 'bonus-poker', id: 'bonus-poker-8-5', name: '8/5', pct: 99.165973 },
  { game: 'double-double-bonus', id: 'double-double-bonus-9-6', name: '9/6', pct: 98.980783 },
  { game: 'deuces-wild', id: 'deuces-wild-nsud', name: 'Not So Ugly Ducks', pct: 99.728295 },
];

/** A family's rows at a max bet of 5, from its module's default table (J-5, J-6). */
const familyRows = (game: FamilyId): Snapshot['jacks']['payTable'] => {
  const module = videoPokerModule(game);
  return module.payTable.rows(module.payTable.default, 5);
};

/** A family's hand on the video-poker screen: the family selected, its rows, and the hand as given. */
function familyHand(game: FamilyId, hand: Partial<Snapshot['jacks']>, over: boolean): Snapshot {
  const s = baseSnapshot();
  s.version = 11;
  s.inGame = !over;
  s.selectedGame = game;
  s.jacks = {
    ...s.jacks,
    game,
    payTable: familyRows(game),
    payTableReturn: s.menu.find((m) => m.game === game)!.payTableReturn,
    gameId: 8,
    ...hand,
  };
  s.live = over ? [...s.live] : ['toggleHold', 'draw', 'language'];
  return s;
}

/** Bonus Poker (B-1): four aces dealt, held by auto-hold. */
export const bonusPokerDealt = (): Snapshot =>
  familyHand(
    'bonus-poker',
    {
      phase: 'holding',
      cards: ['Ac', 'Ad', 'Ah', 'As', '7c'],
      held: [0, 1, 2, 3],
      autoHold: [0, 1, 2, 3],
      hand: 'four-aces',
    },
    false,
  );

/** Double Double Bonus (D-1): four aces with a trey, the kicker row won. */
export const doubleDoubleBonusWin = (): Snapshot =>
  familyHand(
    'double-double-bonus',
    {
      phase: 'over',
      cards: ['Ac', 'Ad', 'Ah', 'As', '3c'],
      held: [0, 1, 2, 3, 4],
      autoHold: [0, 1, 2, 3, 4],
      hand: 'four-aces-with-2-4',
      winning: [0, 1, 2, 3, 4],
      win: 2000,
    },
    true,
  );

/** Deuces Wild (W-1, W-4): two deuces and a king dealt, held; the deuces marked WILD. */
export const deucesWildDealt = (): Snapshot =>
  familyHand(
    'deuces-wild',
    {
      phase: 'holding',
      cards: ['2s', '7h', '2d', 'Kc', '9s'],
      held: [0, 2, 3],
      autoHold: [0, 2, 3],
      hand: 'three-of-a-kind',
      wild: [0, 2],
    },
    false,
  );

/** Deuces Wild: three deuces and two kings drawn, five of a kind. */
export const deucesWildWin = (): Snapshot =>
  familyHand(
    'deuces-wild',
    {
      phase: 'over',
      cards: ['2s', 'Ks', '2d', 'Kc', '2c'],
      held: [0, 2, 3],
      autoHold: [0, 2, 3],
      hand: 'five-of-a-kind',
      winning: [0, 1, 2, 3, 4],
      win: 80,
      wild: [0, 2, 4],
    },
    true,
  );

export function jacksDealt(): Snapshot {
  const s = baseSnapshot();
  s.version = 11;
  s.inGame = true;
  s.credits = 95;
  s.balance = 2385;
  s.jacks = {
    ...s.jacks,
    phase: 'holding',
    cards: ['Js', 'Jd', '7c', '4h', '2s'],
    held: [0, 1],
    autoHold: [0, 1],
    hand: 'jacks-or-better',
    gameId: 41,
  };
  s.live = ['hold', 'toggleHold', 'draw', 'language'];
  return s;
}

export function jacksWin(): Snapshot {
  const s = baseSnapshot();
  s.version = 13;
  s.credits = 140;
  s.balance = 3510;
  s.jacks = {
    ...s.jacks,
    phase: 'over',
    cards: ['Kh', 'Kd', 'Ks', '9c', '9d'],
    held: [0, 1, 2],
    autoHold: [],
    hand: 'full-house',
    winning: [0, 1, 2, 3, 4],
    win: 45,
    gameId: 41,
  };
  return s;
}

/** Two boxes, A = 10, before any action: the worked example's hand on the seen box. */
export function pokerPlusDeciding(): Snapshot {
  const s = baseSnapshot();
  s.version = 20;
  s.selectedGame = 'poker-plus';
  s.inGame = true;
  s.credits = 60;
  s.balance = 1510;
  const pp = s.pokerPlus;
  pp.phase = 'deciding';
  pp.nextBoxes = [{ ante: 10 }, { ante: 10, blind: true }];
  pp.nextStake = 40;
  pp.gameId = 57;
  pp.seen = 0;
  pp.boxes = [
    {
      ante: 10,
      blind: false,
      cards: ['Ah', 'Ad', '7c', '4s', '2h'],
      status: 'deciding',
      bet: 0,
      staked: 10,
      draws: 0,
      boughtGame: false,
      hand: 'pair',
      outcome: null,
      returned: null,
      net: null,
    },
    {
      ante: 10,
      blind: true,
      cards: null,
      status: 'bet',
      bet: 20,
      staked: 30,
      draws: 0,
      boughtGame: false,
      hand: null,
      outcome: null,
      returned: null,
      net: null,
    },
  ];
  pp.dealer = { cards: [null, null, null, null, 'Kd'], hand: null, game: null, bought: null };
  pp.fees = { exchange: [0, 10, 20, 20, 20, 10, 10], buySixth: 10, bet: 20, buyGame: null, takeHalf: null };
  s.live = ['exchange', 'buySixth', 'bet', 'fold', 'language'];
  return s;
}

/** The second draw action after a sixth card that missed the flush: one card may go, for 1A (P-3). */
export function pokerPlusSecond(): Snapshot {
  const s = pokerPlusDeciding();
  s.version = 22;
  const seen = s.pokerPlus.boxes[0]!;
  Object.assign(seen, { cards: ['2h', '9h', 'Kc', '5h', 'Jh', '7s'], staked: 20, draws: 1, hand: 'high-card' });
  s.pokerPlus.fees = { exchange: [0, 10], buySixth: null, bet: 20, buyGame: null, takeHalf: null };
  s.live = ['exchange', 'bet', 'fold', 'language'];
  return s;
}

/** The round over: the box bought the game, the dealer threw a card away and drew a queen. */
export function pokerPlusBought(): Snapshot {
  const s = pokerPlusDeciding();
  s.version = 24;
  s.inGame = false;
  s.credits = 120;
  s.balance = 3010;
  const pp = s.pokerPlus;
  pp.phase = 'over';
  pp.boxes = [
    {
      ante: 10,
      blind: false,
      cards: ['Ah', 'Ad', 'Ac', '9d', '9s'],
      status: 'bet',
      bet: 20,
      staked: 60,
      draws: 1,
      boughtGame: true,
      hand: 'full-house',
      outcome: 'win',
      returned: 220,
      net: 160,
    },
    {
      ante: 10,
      blind: true,
      cards: ['5c', '5d', 'Th', '8s', '3c'],
      status: 'bet',
      bet: 20,
      staked: 30,
      draws: 0,
      boughtGame: false,
      hand: 'pair',
      outcome: 'lose',
      returned: 0,
      net: -30,
    },
  ];
  pp.dealer = {
    cards: ['Qs', '7h', '8d', '3h', 'Kd'],
    hand: 'high-card',
    game: false,
    bought: { discarded: '3h', drew: 'Qc', cards: ['Qs', '7h', '8d', 'Qc', 'Kd'], hand: 'pair', game: true },
  };
  pp.fees = { exchange: null, buySixth: null, bet: null, buyGame: null, takeHalf: null };
  s.live = ['selectGame', 'chipValue', 'language', 'setBoxes', 'deal', 'cashOut'];
  return s;
}

export function handpay(): Snapshot {
  const s = jacksWin();
  s.version = 30;
  s.jacks = { ...s.jacks, cards: ['As', 'Ks', 'Qs', 'Js', 'Ts'], hand: 'royal-flush', win: 4000 };
  s.lockup = { kind: 'handpay', amount: 100000, reason: 'royal flush at max bet', handpayKind: 'jackpot' };
  s.live = [];
  return s;
}

export function tilt(): Snapshot {
  const s = baseSnapshot();
  s.version = 31;
  s.doors = { main: true, logic: false, cashbox: false };
  s.lockup = {
    kind: 'tilt',
    tilts: [
      { code: 'door:main', reason: 'main door open', since: 1_700_000_000_000, technician: false },
      {
        code: 'printer:fault:paperOut',
        reason: 'printer fault: paper out',
        since: 1_700_000_000_500,
        technician: false,
      },
    ],
  };
  s.live = [];
  return s;
}

export function cashingOut(): Snapshot {
  const s = baseSnapshot();
  s.version = 32;
  s.cashout = { amount: 2510, state: 'printing' };
  s.live = [];
  return s;
}

export function russian(s: Snapshot): Snapshot {
  return { ...s, language: 'ru', version: s.version + 1 };
}
