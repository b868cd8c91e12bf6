import { describe, expect, it } from 'vitest';
import { checkToScreen, type Snapshot } from '../../src/contract';
import { helpPages } from './play/help-pages';
import * as fx from '../../test/renderer/fixtures';
import { describeScene } from './describe-scene';
import type { SceneModel } from './scene';
import { applyUi, followActivity, followSnapshot, initialUi, noteInput, type UiState } from './ui-state';

const played = (): UiState => ({ ...noteInput(initialUi(0), 1000), view: 'game' });
const scene = (s: Snapshot, ui: UiState = played()): SceneModel => describeScene(s, ui, 'open');
const btn = (m: SceneModel, name: string) => {
  const b = m.buttons.find((x) => x.name === name);
  if (!b) throw new Error(`no button ${name}: ${m.buttons.map((x) => x.name).join(' ')}`);
  return b;
};

describe('the fixtures', () => {
  it('fit the contract', () => {
    for (const f of [
      fx.baseSnapshot(),
      fx.jacksDealt(),
      fx.jacksWin(),
      fx.pokerPlusDeciding(),
      fx.pokerPlusSecond(),
      fx.pokerPlusBought(),
      fx.handpay(),
      fx.tilt(),
      fx.cashingOut(),
      fx.russian(fx.jacksDealt()),
    ]) {
      const r = checkToScreen({ kind: 'snapshot', snapshot: f });
      expect(r.ok ? null : r.error).toBeNull();
    }
  });
});

describe('choosing the screen', () => {
  it("shows attract before the first input with no credits, and again after the operator's idle time", () => {
    const s = { ...fx.baseSnapshot(), balance: 0, credits: 0 };
    const idle = s.service.settings.presentation.attractSeconds * 1000;
    expect(scene(s, initialUi(0)).screen).toBe('attract');
    const ui = played();
    expect(scene(s, ui).screen).toBe('jacks');
    expect(scene(s, { ...ui, now: ui.lastInputAt + idle - 1 }).screen).toBe('jacks');
    expect(scene(s, { ...ui, now: ui.lastInputAt + idle }).screen).toBe('attract');
    expect(scene(fx.baseSnapshot(), { ...ui, now: ui.lastInputAt + idle }).screen).toBe('jacks');
    const longer = {
      ...s,
      service: {
        ...s.service,
        settings: { ...s.service.settings, presentation: { ...s.service.settings.presentation, attractSeconds: 120 } },
      },
    };
    expect(scene(longer, { ...ui, now: ui.lastInputAt + idle }).screen).toBe('jacks');
  });

  it('counts the idle time from the last thing the cabinet reported, not only from touches here', () => {
    const s = { ...fx.baseSnapshot(), balance: 0, credits: 0 };
    const idle = s.service.settings.presentation.attractSeconds * 1000;
    // The first snapshot sets the count: a page just loaded has seen nobody.
    let ui = followActivity(played(), { ...s, activity: { seq: 4, kind: 'wish' } }, 2000);
    expect(ui.lastInputAt).toBe(1000);
    // A deck button pressed 20 s later keeps the loop away for the whole idle time from then.
    ui = followActivity(ui, { ...s, activity: { seq: 5, kind: 'button' } }, 21_000);
    expect(scene(s, { ...ui, now: 1000 + idle }).screen).toBe('jacks');
    expect(scene(s, { ...ui, now: 21_000 + idle }).screen).toBe('attract');
    // A page that had not been touched leaves attract when the cabinet reports someone.
    const fresh = followActivity(initialUi(0), { ...s, activity: { seq: 1, kind: 'noteInserted' } }, 10);
    expect(scene(s, followActivity(fresh, { ...s, activity: { seq: 2, kind: 'key' } }, 20)).screen).not.toBe('attract');
  });
  it('closes the help pages when a ticket is put in, so its line shows; a note leaves them open', () => {
    const s = fx.baseSnapshot();
    let ui = followActivity(applyUi(played(), { type: 'help', page: 2 }, s).ui, s, 1500);
    expect(scene(s, ui).screen).toBe('help');
    ui = followActivity(ui, { ...s, activity: { seq: s.activity.seq + 1, kind: 'noteInserted' } }, 1600);
    expect(scene(s, ui).screen).toBe('help');
    const validating = {
      ...s,
      ticket: { ...s.ticket, validating: true },
      activity: { seq: s.activity.seq + 2, kind: 'ticketInserted' as const },
    };
    ui = followActivity(ui, validating, 1700);
    const shown = scene(validating, ui);
    expect(shown.screen).not.toBe('help');
    expect(shown.message ?? shown.lines[0]).toBe('VALIDATING TICKET…');
  });
  it('starts in the lobby, goes to the chosen game and asks for it', () => {
    const ui = noteInput(initialUi(0), 5);
    expect(scene(fx.baseSnapshot(), ui).screen).toBe('lobby');
    const step = applyUi(ui, { type: 'chooseGame', game: 'poker-plus' }, fx.baseSnapshot());
    expect(step.wish).toEqual({ type: 'selectGame', game: 'poker-plus' });
    expect(step.ui.view).toBe('game');
    expect(applyUi(ui, { type: 'chooseGame', game: 'jacks-or-better' }, fx.baseSnapshot()).wish).toBeNull();
  });
  it('follows a game dealt from the deck into the game view and stays there', () => {
    const ui = noteInput(initialUi(0), 5);
    expect(followSnapshot(ui, fx.jacksDealt()).view).toBe('game');
    expect(followSnapshot(ui, fx.baseSnapshot()).view).toBe('lobby');
    expect(scene(fx.jacksWin(), followSnapshot(ui, fx.jacksDealt())).screen).toBe('jacks');
  });
  it('locks game and chip choice while a game is dealt', () => {
    const lobby = scene(fx.baseSnapshot(), noteInput(initialUi(0), 5));
    expect(btn(lobby, 'chip:5').live).toBe(true);
    expect(btn(lobby, 'chip:25').selected).toBe(true);
    expect(btn(lobby, 'game:poker-plus').live).toBe(true);
    const dealt = scene(fx.jacksDealt(), noteInput(initialUi(0), 5));
    expect(dealt.screen).toBe('jacks');
    expect(btn(dealt, 'games').live).toBe(false);
  });
});

describe('the chip value on the game screen', () => {
  /** Presses a button of the scene as the router does: its ui action applied, its wish returned. */
  const pressUi = (s: Snapshot, ui: UiState, name: string) => {
    const a = btn(scene(s, ui), name).action;
    if (a?.kind !== 'ui') throw new Error(`${name} is no screen action`);
    return applyUi(ui, a.ui, s);
  };

  it('opens a chooser from the denomination button in both games, and a value picked is wished and closes it', () => {
    for (const s of [fx.baseSnapshot(), fx.pokerPlusBought()]) {
      const closed = scene(s);
      expect(btn(closed, 'chip')).toMatchObject({ label: 'CHIP $0.25', live: true, selected: false });
      expect(closed.buttons.some((b) => b.name.startsWith('chip:'))).toBe(false);
      const open = pressUi(s, played(), 'chip');
      expect(open.wish).toBeNull();
      const chooser = scene(s, open.ui);
      expect(chooser.buttons.filter((b) => b.name.startsWith('chip:')).map((b) => [b.label, b.selected])).toEqual([
        ['$0.01', false],
        ['$0.05', false],
        ['$0.25', true],
        ['$1', false],
      ]);
      const picked = pressUi(s, open.ui, 'chip:5');
      expect(picked.wish).toEqual({ type: 'chipValue', value: 5 });
      expect(picked.ui.chips).toBe(false);
      // The value in play picked again only closes it; the button again closes it too.
      expect(pressUi(s, open.ui, 'chip:25').wish).toBeNull();
      expect(pressUi(s, open.ui, 'chip').ui.chips).toBe(false);
    }
  });

  it('is dimmed while a game is dealt, and a game dealt closes the chooser for good', () => {
    const open = { ...played(), chips: true };
    const dealt = scene(fx.jacksDealt(), open);
    expect(btn(dealt, 'chip').live).toBe(false);
    expect(dealt.buttons.some((b) => b.name.startsWith('chip:'))).toBe(false);
    expect(followSnapshot(open, fx.jacksDealt()).chips).toBe(false);
    const single = { ...fx.baseSnapshot(), chipValues: [25] };
    expect(btn(scene(single, open), 'chip').live).toBe(false);
  });
});

describe('the help pages', () => {
  it("say the installed table's return plainly under its table, in both languages", () => {
    const at = (s: Snapshot, page: number) => scene(s, { ...played(), help: page }).help!;
    expect(at(fx.baseSnapshot(), 1)).toMatchObject({
      note: 'With the best choice of cards this table returns 99.54% of all bets.',
      lines: [],
    });
    // Poker Plus's table, after the video-poker families' pages.
    const pp = helpPages(fx.baseSnapshot()).findIndex((p) => p.game === 'poker-plus' && p.table);
    expect(at(fx.baseSnapshot(), pp).note).toBe(
      'With best play this table returns up to 99.38% of all bets; typical play about 97.10%.',
    );
    expect(at(fx.russian(fx.baseSnapshot()), pp).note).toBe(
      'При лучшей игре эта таблица возвращает до 99,38% всех ставок; при обычной — около 97,10%.',
    );
    // A table of the config file's own, whose return is not known, says nothing rather than guess.
    const own = fx.baseSnapshot();
    own.menu[0]!.payTableReturn = null;
    expect(at(own, 1).note).toBeNull();
    expect(at(fx.baseSnapshot(), 0)).toMatchObject({ note: null, payTable: null });
  });

  it("head the Jacks or Better table's columns with their bets, in both languages; the game's glass leaves them out", () => {
    const table = (s: Snapshot) => scene(s, { ...played(), help: 1 }).help!.payTable!;
    expect(table(fx.baseSnapshot())).toMatchObject({
      headed: true,
      columns: ['BET 1', 'BET 2', 'BET 3', 'BET 4', 'BET 5'],
    });
    expect(table(fx.russian(fx.baseSnapshot())).columns).toEqual([
      'СТАВКА 1',
      'СТАВКА 2',
      'СТАВКА 3',
      'СТАВКА 4',
      'СТАВКА 5',
    ]);
    expect(scene(fx.baseSnapshot()).payTable).toMatchObject({ headed: false });
  });

  it('open on the game in play: Jacks or Better at its rules, Poker Plus at its table', () => {
    const help = (s: Snapshot) => btn(scene(s), 'help').action;
    expect(help(fx.baseSnapshot())).toEqual({ kind: 'ui', ui: { type: 'help', page: 0 } });
    const pp = helpPages(fx.baseSnapshot()).findIndex((p) => p.game === 'poker-plus');
    expect(pp).toBeGreaterThan(0);
    expect(help({ ...fx.baseSnapshot(), selectedGame: 'poker-plus' })).toEqual({
      kind: 'ui',
      ui: { type: 'help', page: pp },
    });
    expect(scene({ ...fx.baseSnapshot() }, { ...played(), help: pp }).help?.title).toBe('POKER PLUS: THE TABLE');
  });

  it("go through every game on the menu, each family's own pages quoting its rules, then the cabinet's", () => {
    const pages = helpPages(fx.baseSnapshot());
    expect([...new Set(pages.map((p) => p.game))]).toEqual([...fx.baseSnapshot().menu.map((m) => m.game), null]);
    const titles = (s: Snapshot) =>
      helpPages(s)
        .filter((p) => p.game === 'deuces-wild')
        .map((p) => p.title);
    expect(titles(fx.baseSnapshot())).toEqual([
      'DEUCES WILD: HOW TO PLAY',
      'DEUCES WILD: THE WILD CARDS',
      'DEUCES WILD: WHAT EACH HAND PAYS',
    ]);
    expect(titles(fx.russian(fx.baseSnapshot()))).toEqual([
      'ДИКИЕ ДВОЙКИ: КАК ИГРАТЬ',
      'ДИКИЕ ДВОЙКИ: ДЖОКЕРЫ',
      'ДИКИЕ ДВОЙКИ: ВЫПЛАТЫ',
    ]);
    // Double Double Bonus's table shows its kicker rows in its own words, with its return.
    const ddb = pages.findIndex((p) => p.game === 'double-double-bonus' && p.table);
    const help = scene(fx.baseSnapshot(), { ...played(), help: ddb }).help!;
    expect(help.payTable!.rows.slice(2, 4).map((r) => r.label)).toEqual([
      'FOUR ACES + 2, 3, 4',
      'FOUR 2s, 3s, 4s + A, 2, 3, 4',
    ]);
    expect(help.note).toBe('With the best choice of cards this table returns 98.98% of all bets.');
    // A game the operator disables has no pages.
    const two = { ...fx.baseSnapshot(), menu: fx.baseSnapshot().menu.filter((m) => m.game !== 'deuces-wild') };
    expect(helpPages(two).some((p) => p.game === 'deuces-wild')).toBe(false);
  });
});

describe('Jacks or Better', () => {
  it('shows the dealt hand with the auto-held cards HELD and DRAW live (J-3)', () => {
    const m = scene(fx.jacksDealt());
    expect(m.cards.map((c) => [c.code, c.held])).toEqual([
      ['Js', true],
      ['Jd', true],
      ['7c', false],
      ['4h', false],
      ['2s', false],
    ]);
    expect(btn(m, 'deal').label).toBe('DRAW');
    expect(btn(m, 'deal').live).toBe(true);
    expect(btn(m, 'hold2').action).toEqual({ kind: 'wish', wish: { type: 'toggleHold', position: 1 } });
    expect(btn(m, 'betOne').live).toBe(false);
    expect(btn(m, 'cashOut').live).toBe(false);
    expect(m.payTable?.litColumn).toBe(4);
    expect(m.payTable?.winRow).toBe('jacks-or-better');
    expect(m.meters.find((x) => x.name === 'credits')).toMatchObject({ value: '95', sub: '$23.85' });
  });
  it('pays the pay table by bet: totals per column, the royal at max bet from the table', () => {
    const m = scene(fx.baseSnapshot());
    const royal = m.payTable!.rows.find((r) => r.category === 'royal-flush')!;
    expect(royal.values).toEqual(['250', '500', '750', '1,000', '4,000']);
    expect(m.payTable!.rows.some((r) => r.category === 'nothing')).toBe(false);
  });
  it('highlights the winning cards and shows the win', () => {
    const m = scene(fx.jacksWin());
    expect(m.cards.every((c) => c.winning && !c.held)).toBe(true);
    expect(m.banners[0]).toMatchObject({ text: 'WINNER!  FULL HOUSE', sub: 'WIN 45', tone: 'win' });
    expect(m.meters.find((x) => x.name === 'win')?.value).toBe('45');
    expect(btn(m, 'deal').label).toBe('DEAL');
    expect(btn(m, 'maxBet').action).toEqual({ kind: 'wish', wish: { type: 'deal', bet: 5 } });
    expect(btn(m, 'betOne').action).toEqual({ kind: 'wish', wish: { type: 'setBet', bet: 1 } });
  });
  it('speaks Russian when the snapshot says so', () => {
    const m = scene(fx.russian(fx.jacksDealt()));
    expect(btn(m, 'deal').label).toBe('ЗАМЕНА');
    expect(m.meters[0]?.label).toBe('КРЕДИТЫ');
    expect(btn(m, 'language')).toMatchObject({
      label: 'ENGLISH',
      action: { kind: 'wish', wish: { type: 'language', language: 'en' } },
    });
  });
});

describe('Poker Plus', () => {
  it('shows the dealer with one card up, the blind box face down, fees on the buttons', () => {
    const m = scene(fx.pokerPlusDeciding());
    expect(m.screen).toBe('pokerPlus');
    expect(m.cards.filter((c) => c.owner === 'dealer').map((c) => c.code)).toEqual([null, null, null, null, 'Kd']);
    expect(m.cards.filter((c) => c.owner === 'box1').every((c) => c.code === null)).toBe(true);
    expect(m.boxes.map((b) => [b.blind, b.ante, b.bet])).toEqual([
      [false, 10, 0],
      [true, 10, 20],
    ]);
    expect(btn(m, 'sixth')).toMatchObject({ live: true, sub: 'FEE 10' });
    expect(btn(m, 'bet')).toMatchObject({ live: true, sub: 'STAKE 20' });
    expect(btn(m, 'exchange')).toMatchObject({ live: false, sub: 'SELECT CARDS' });
  });
  it('prices an exchange by the number of cards picked (P-3) and sends the picked positions', () => {
    const s = fx.pokerPlusDeciding();
    let ui = played();
    for (const p of [2, 3, 4]) ui = applyUi(ui, { type: 'select', position: p }, s).ui;
    const m = scene(s, ui);
    expect(m.cards.filter((c) => c.owner === 'box0').map((c) => c.selected)).toEqual([false, false, true, true, true]);
    expect(btn(m, 'exchange')).toMatchObject({
      label: 'EXCHANGE 3',
      sub: 'FEE 20',
      live: true,
      action: { kind: 'wish', wish: { type: 'exchange', positions: [2, 3, 4], box: 0 } },
    });
    ui = applyUi(ui, { type: 'select', position: 3 }, s).ui;
    ui = applyUi(ui, { type: 'select', position: 4 }, s).ui;
    expect(btn(scene(s, ui), 'exchange')).toMatchObject({ label: 'EXCHANGE 1', sub: 'FEE 10' });
    // A new hand drops the selection.
    const drawn = fx.pokerPlusDeciding();
    drawn.pokerPlus.boxes[0]!.draws = 1;
    expect(btn(scene(drawn, ui), 'exchange').label).toBe('EXCHANGE');
  });
  it("at the second draw action marks one card: another touched moves the mark; the fee is the cabinet's 1A", () => {
    const s = fx.pokerPlusSecond();
    let ui = played();
    const marked = (u: UiState) =>
      scene(s, u)
        .cards.filter((c) => c.owner === 'box0')
        .map((c) => c.selected);
    expect(scene(s, ui).message).toBe('EXCHANGE ONE CARD, OR BET OR FOLD');
    ui = applyUi(ui, { type: 'select', position: 2 }, s).ui;
    expect(marked(ui)).toEqual([false, false, true, false, false, false]);
    ui = applyUi(ui, { type: 'select', position: 5 }, s).ui;
    expect(marked(ui)).toEqual([false, false, false, false, false, true]);
    expect(btn(scene(s, ui), 'exchange')).toMatchObject({
      label: 'EXCHANGE 1',
      sub: 'FEE 10',
      live: true,
      action: { kind: 'wish', wish: { type: 'exchange', positions: [5], box: 0 } },
    });
    // The fee is the snapshot's: a cabinet quoting another shows that one.
    const dearer = fx.pokerPlusSecond();
    dearer.pokerPlus.fees.exchange = [0, 15];
    expect(btn(scene(dearer, ui), 'exchange').sub).toBe('FEE 15');
    ui = applyUi(ui, { type: 'select', position: 5 }, s).ui;
    expect(marked(ui).some(Boolean)).toBe(false);
    expect(btn(scene(s, ui), 'exchange')).toMatchObject({ label: 'EXCHANGE', live: false });
    // With five cards the sixth is offered too, and the line says so, in both languages.
    const five = fx.pokerPlusSecond();
    five.pokerPlus.boxes[0]!.cards = ['2h', '9h', 'Kc', '5h', 'Jh'];
    five.pokerPlus.fees.buySixth = 10;
    expect(scene(five).message).toBe('EXCHANGE ONE CARD OR BUY A SIXTH, OR BET OR FOLD');
    expect(scene(fx.russian(five)).message).toBe('ОБМЕНЯЙТЕ ОДНУ КАРТУ ИЛИ КУПИТЕ ШЕСТУЮ, ИЛИ «ИГРАТЬ», ИЛИ «ПАС»');
    // Both draw actions taken (an exchange, then the sixth card): only BET or FOLD is left to offer.
    const done = fx.pokerPlusSecond();
    done.pokerPlus.fees = { ...done.pokerPlus.fees, exchange: null, buySixth: null };
    expect(scene(done).message).toBe('BET OR FOLD');
    expect(scene(fx.russian(done)).message).toBe('«ИГРАТЬ» ИЛИ «ПАС»');
    expect(btn(scene(fx.russian(done)), 'bet')).toMatchObject({ label: 'ИГРАТЬ', sub: 'ЗА 20' });
  });
  it('paints an outcome in the win colour only for a net win', () => {
    const s = fx.pokerPlusBought();
    Object.assign(s.pokerPlus.boxes[0]!, { outcome: 'no-game-win', returned: 40, net: -2 });
    const m = scene(s);
    expect(m.banners[0]).toMatchObject({ text: 'NO GAME', tone: 'lose' });
    expect(m.banners[0]?.sub).toContain('NET −2');
    Object.assign(s.pokerPlus.boxes[0]!, { net: 10 });
    expect(scene(s).banners[0]?.tone).toBe('win');
  });
  it('shows the bought game, the outcomes with amounts, and the next deal controls', () => {
    const m = scene(fx.pokerPlusBought());
    const dealer = m.cards.filter((c) => c.owner.startsWith('dealer'));
    expect(dealer.map((c) => c.code)).toEqual(['Qs', '7h', '8d', '3h', 'Kd', 'Qc']);
    expect(dealer.find((c) => c.discarded)?.code).toBe('3h');
    expect(m.boughtText).toContain('3♥ → Q♣');
    expect(m.dealerText).toBe('DEALER: NO GAME (HIGH CARD)');
    expect(m.banners.map((b) => [b.text, b.sub])).toEqual([
      ['WIN', 'PAID 220  •  NET +160'],
      ['LOSE', 'PAID 0  •  NET −30'],
    ]);
    expect(m.meters.find((x) => x.name === 'win')?.value).toBe('220');
    expect(btn(m, 'antePlus')).toMatchObject({
      live: true,
      action: { kind: 'wish', wish: { type: 'setBoxes', boxes: [{ ante: 15 }, { ante: 15, blind: true }] } },
    });
    expect(btn(m, 'oneBox').action).toEqual({ kind: 'wish', wish: { type: 'setBoxes', boxes: [{ ante: 10 }] } });
    expect(btn(m, 'twoBoxes').selected).toBe(true);
  });
  it('offers take half and buy game with their amounts after the BET', () => {
    const s = fx.pokerPlusDeciding();
    s.pokerPlus.phase = 'options';
    s.pokerPlus.fees = { exchange: null, buySixth: null, bet: null, buyGame: 10, takeHalf: 95 };
    s.live = ['takeHalf', 'buyGame', 'reveal'];
    const m = scene(s);
    expect(btn(m, 'takeHalf')).toMatchObject({ live: true, sub: '+95' });
    expect(btn(m, 'buyGame')).toMatchObject({ live: true, sub: 'FEE 10' });
    expect(btn(m, 'reveal')).toMatchObject({ live: true, label: 'SHOW' });
  });
});

describe('lockups', () => {
  it('shows CALL ATTENDANT with the amount and makes nothing beneath pressable', () => {
    const m = scene(fx.handpay());
    expect(m.overlay).toBe('handpay');
    expect(m.lockup).toMatchObject({ title: 'CALL ATTENDANT', amount: '$1,000.00' });
    expect(m.buttons.filter((b) => b.live)).toEqual([]);
  });
  it('says what is wrong for each tilt', () => {
    const m = scene(fx.tilt());
    expect(m.overlay).toBe('tilt');
    expect(m.lockup?.lines).toEqual(['Main door open', 'Printer: out of paper', 'Please call an attendant']);
    expect(scene(fx.russian(fx.tilt())).lockup?.lines[0]).toBe('Открыта главная дверь');
  });
  it('shows the voucher being printed', () => {
    const m = scene(fx.cashingOut());
    expect(m.overlay).toBe('cashout');
    expect(m.lockup).toMatchObject({ amount: '$25.10' });
  });
  it('says the money has gone, however fast the printer was: until the next touch or a few seconds', () => {
    // The credits fell to 0 with nothing said when the printer answered before a snapshot showed it printing.
    const at = 1_000_000;
    const printed = {
      ...fx.baseSnapshot(),
      balance: 0,
      credits: 0,
      paidOut: { how: 'voucher', kind: 'voucher', amount: 1875, at },
    } as Snapshot;
    const ui = { ...initialUi(at - 5000), interacted: true, view: 'game' as const, touchedAt: at - 3000 };
    const m = describeScene(printed, { ...ui, now: at + 500, lastInputAt: at + 500 }, 'open');
    expect(m.overlay).toBe('paid');
    expect(m.lockup).toMatchObject({ title: 'VOUCHER PRINTED', amount: '$18.75', lines: ['TAKE YOUR TICKET'] });
    // A touch does not wait on it: what lies beneath stays as live as it was.
    expect(m.buttons.find((b) => b.name === 'help')?.live).toBe(true);
    expect(describeScene({ ...printed, language: 'ru' }, { ...ui, now: at + 500 }, 'open').lockup).toMatchObject({
      title: 'БИЛЕТ НАПЕЧАТАН',
      amount: '18,75\u00a0$',
      lines: ['ВОЗЬМИТЕ БИЛЕТ'],
    });
    expect(describeScene(printed, { ...ui, now: at + 500, touchedAt: at + 400 }, 'open').overlay).toBeNull();
    // The attendant's wish that paid is a press, but not a touch of the player's.
    expect(describeScene(printed, { ...ui, now: at + 500, lastPressAt: at + 400 }, 'open').overlay).toBe('paid');
    expect(describeScene(printed, { ...ui, now: at + 7000, lastInputAt: at + 7000 }, 'open').overlay).toBeNull();
    const handpaid = { ...printed, paidOut: { how: 'handpay', kind: 'jackpot', amount: 100000, at } } as Snapshot;
    expect(describeScene(handpaid, { ...ui, now: at + 500 }, 'open').lockup).toMatchObject({
      title: 'JACKPOT PAID BY THE ATTENDANT',
      amount: '$1,000.00',
    });
  });
  it('says it is connecting before the first snapshot', () => {
    expect(describeScene(null, played(), 'connecting').screen).toBe('connecting');
  });
});
