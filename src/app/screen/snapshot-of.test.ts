import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../../core/testing/decks';
import { Rig, RETURNS_IN_RANGE } from '../../cabinet/testing/rig';
import { checkToScreen } from '../../contract';
import { DEFAULT_JACKS_PAYTABLE, DEFAULT_POKER_PLUS_PAYTABLE, GAME_IDS, GAMES } from '../../core';
import type { InstalledPayTable } from '../../cabinet';
import { snapshotOf } from './snapshot-of';

const snap = (rig: Rig) => {
  const s = snapshotOf(rig.state, rig.now);
  const checked = checkToScreen({ kind: 'snapshot', snapshot: s });
  if (!checked.ok) throw new Error(checked.error);
  return s;
};

describe('the screen snapshot', () => {
  it('shows credits in whole chips and what the player may do before a game', () => {
    const rig = new Rig();
    expect(snap(rig).live).not.toContain('deal');
    rig.insert(1000);
    rig.play({ type: 'chipValue', value: 25 });
    const s = snap(rig);
    expect(s.balance).toBe(1000);
    expect(s.credits).toBe(40);
    expect(s.live).toEqual(expect.arrayContaining(['deal', 'cashOut', 'selectGame', 'chipValue', 'setBet']));
    expect(s.live).not.toContain('draw');
    expect(s.jacks.phase).toBe('idle');
    expect(s.jacks.payTable[0]).toEqual({ category: 'royal-flush', perBet: [250, 500, 750, 1000, 1250] });
    expect(s.jacks.payTable.at(-1)).toEqual({ category: 'jacks-or-better', perBet: [1, 2, 3, 4, 5] });
  });

  it('shows a Jacks or Better deal with its auto-hold, then the win and the winning cards', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.decks.push(stackedDeck('Jc 3d Jh 5s 9c Jd 4c 2h'));
    rig.play({ type: 'deal', bet: 2 });
    let s = snap(rig);
    expect(s.inGame).toBe(true);
    expect(s.jacks).toMatchObject({
      phase: 'holding',
      cards: ['Jc', '3d', 'Jh', '5s', '9c'],
      held: [0, 2],
      autoHold: [0, 2],
      hand: 'jacks-or-better',
    });
    expect(s.live).toEqual(expect.arrayContaining(['toggleHold', 'draw']));
    expect(s.live).not.toContain('cashOut');
    rig.play({ type: 'draw' });
    s = snap(rig);
    expect(s.jacks).toMatchObject({
      phase: 'over',
      cards: ['Jc', 'Jd', 'Jh', '4c', '2h'],
      hand: 'three-of-a-kind',
      win: 6,
      winning: [0, 1, 2],
    });
  });

  it("keeps the dealer's down cards and the blind box hidden until the showdown", () => {
    const rig = new Rig();
    rig.insert(10_000);
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    rig.play({ type: 'setBoxes', boxes: [{ ante: 5 }, { ante: 2, blind: true }] });
    rig.decks.push(stackedDeck('Ah Ad 7c 4s 2h 3h 3d 8c 4c 2c Kd Ks 9c 5h 8d Qc'));
    rig.play({ type: 'deal' });
    let s = snap(rig);
    expect(s.pokerPlus.dealer.cards).toEqual([null, null, null, null, '8d']);
    expect(s.pokerPlus.boxes[0]).toMatchObject({ cards: ['Ah', 'Ad', '7c', '4s', '2h'], hand: 'pair', blind: false });
    expect(s.pokerPlus.boxes[1]).toMatchObject({ cards: null, hand: null, blind: true });
    expect(s.pokerPlus.fees).toEqual({
      exchange: [0, 5, 10, 10, 10, 5],
      buySixth: 5,
      bet: 10,
      buyGame: null,
      takeHalf: null,
    });
    expect(JSON.stringify(s)).not.toContain('Kd');
    rig.play({ type: 'exchange', positions: [4] });
    s = snap(rig);
    // P-3: the second action exchanges one card, for 1A.
    expect(s.pokerPlus.fees.exchange).toEqual([0, 5]);
    expect(s.pokerPlus.fees.buySixth).toBe(5);
    rig.play({ type: 'bet' });
    s = snap(rig);
    expect(s.pokerPlus.phase).toBe('options');
    expect(s.pokerPlus.fees).toMatchObject({ bet: null, buyGame: 5, takeHalf: null, exchange: null });
    rig.play({ type: 'reveal' });
    s = snap(rig);
    expect(s.pokerPlus.dealer.cards).toEqual(['Kd', 'Ks', '9c', '5h', '8d']);
    expect(s.pokerPlus.dealer).toMatchObject({ hand: 'pair', game: true });
    expect(s.pokerPlus.boxes[1]?.cards).toEqual(['3h', '3d', '8c', '4c', '2c']);
    expect(s.pokerPlus.boxes.map((b) => b.outcome)).toEqual(['win', 'lose']);
  });

  it('shows what the next deal stakes: a blind box stakes its BET with its ante (P-1), what the deal takes from the balance', () => {
    const rig = new Rig();
    rig.insert(10_000);
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    rig.play({ type: 'setBoxes', boxes: [{ ante: 5 }] });
    expect(snap(rig).pokerPlus.nextStake).toBe(5);
    rig.play({ type: 'setBoxes', boxes: [{ ante: 5 }, { ante: 4, blind: true }] });
    const before = snap(rig);
    expect(before.pokerPlus.nextStake).toBe(5 + 4 + 8);
    rig.decks.push(stackedDeck('Ah Ad 7c 4s 2h 3h 3d 8c 4c 2c Kd Ks 9c 5h 8d Qc'));
    rig.play({ type: 'deal' });
    expect(before.credits - snap(rig).credits).toBe(before.pokerPlus.nextStake);
  });

  it('offers take half with the amount the box would receive', () => {
    const rig = new Rig();
    rig.insert(10_000);
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    rig.play({ type: 'setBoxes', boxes: [{ ante: 10 }] });
    rig.decks.push(stackedDeck('9c Td Jh Qs Kc Ad Qd 9h 5h 3d'));
    rig.play({ type: 'deal' });
    rig.play({ type: 'bet' });
    expect(snap(rig).pokerPlus.fees.takeHalf).toBe(10 + 20 + 40);
  });

  it("shows a handpay lockup and nothing live but the attendant's confirmation", () => {
    const rig = new Rig({ limits: { handpayLimit: 1000 } });
    rig.insert(1000);
    rig.decks.push(stackedDeck('As Ks Qs Js Ts'));
    rig.play({ type: 'deal', bet: 5 });
    rig.play({ type: 'draw' });
    const s = snap(rig);
    expect(s.lockup).toMatchObject({ kind: 'handpay', amount: 1250, handpayKind: 'jackpot' });
    expect(s.live).not.toContain('deal');
    expect(s.live).not.toContain('cashOut');
  });

  it('offers the attendant the mute with the key, and shows until when the sound is off', () => {
    const rig = new Rig();
    expect(snap(rig)).toMatchObject({ mutedUntil: 0 });
    expect(snap(rig).live).not.toContain('soundMute');
    rig.key('attendant', true);
    expect(snap(rig).live).toContain('soundMute');
    rig.play({ type: 'soundMute', on: true });
    expect(snap(rig).mutedUntil).toBe(rig.now + 600_000);
    // A state saved before the mute existed reads as not muted.
    const { soundMutedUntil: _, ...older } = rig.state;
    expect(snapshotOf(older as typeof rig.state, rig.now).mutedUntil).toBe(0);
  });

  it('shows the service view: keys, the PIN lockout, devices and the settings with installed pay-table ids', () => {
    const rig = new Rig();
    let service = snap(rig).service;
    expect(service).toMatchObject({ attendantKey: false, technicianKey: false, technician: false, deviceTest: null });
    expect(service.settings).toMatchObject({
      currency: 'USD',
      venue: 'Casino',
      machine: '0001',
      lockoutSeconds: 300,
      maxPinFailures: 3,
    });
    expect(service.settings.payTables).toEqual(Object.fromEntries(GAME_IDS.map((id) => [id, 'custom'])));

    // The installed tables, their coefficients listed in another order: still the same tables.
    const reversed = {
      ...DEFAULT_JACKS_PAYTABLE,
      coefficients: Object.fromEntries(Object.entries(DEFAULT_JACKS_PAYTABLE.coefficients).reverse()),
    };
    const installed = [
      { id: 'jb-9-6', game: 'jacks-or-better', name: '9/6', table: reversed, rtp: RETURNS_IN_RANGE['jacks-or-better'] },
      {
        id: 'pp-standard',
        game: 'poker-plus',
        name: 'Standard',
        table: DEFAULT_POKER_PLUS_PAYTABLE,
        rtp: RETURNS_IN_RANGE['poker-plus'],
      },
    ] as InstalledPayTable[];
    rig.ok({
      kind: 'settings',
      settings: rig.state.settings,
      source: 'config file',
      installed,
      configReturns: RETURNS_IN_RANGE,
    });
    rig.state = { ...rig.state, access: { ...rig.state.access, pinHash: rig.env.hashPin('2468') } };
    rig.key('technician', true);
    rig.play({ type: 'technicianPin', pin: '1111' });
    rig.event({ device: 'printer', type: 'fault', code: 'paperOut', message: 'out of paper' });
    service = snap(rig).service;
    expect(service.settings.payTables).toEqual({
      ...Object.fromEntries(GAME_IDS.map((id) => [id, 'custom'])),
      'jacks-or-better': 'jb-9-6',
      'poker-plus': 'pp-standard',
    });
    expect(service.pin).toEqual({ failures: 1, maxFailures: 3, lockedUntil: 0, lockouts: 0, mustChange: true });
    expect(service.technicianKey).toBe(true);
    expect(service.devices.printer).toEqual({ online: true, faults: { paperOut: 'out of paper' } });
    rig.play({ type: 'technicianPin', pin: '1111' });
    rig.play({ type: 'technicianPin', pin: '1111' });
    expect(snap(rig).service.pin).toEqual({
      failures: 0,
      maxFailures: 3,
      lockedUntil: rig.now + 300_000,
      lockouts: 1,
      mustChange: true,
    });
  });

  it('offers the game menu: each enabled game with its shape, the installed table it plays, its rows and its return', () => {
    const rig = new Rig();
    // A table of the config file's own: no id, no name, no return known.
    expect(snap(rig).menu.map((m) => [m.game, m.shape, m.payTable, m.payTableReturn])).toEqual(
      GAMES.map((g) => [g.id, g.shape, { id: null, name: null }, null]),
    );
    const installed = [
      {
        id: 'jb-9-6',
        game: 'jacks-or-better',
        name: '9/6',
        table: DEFAULT_JACKS_PAYTABLE,
        rtp: RETURNS_IN_RANGE['jacks-or-better'],
      },
      {
        id: 'pp-standard',
        game: 'poker-plus',
        name: 'Standard',
        table: DEFAULT_POKER_PLUS_PAYTABLE,
        rtp: RETURNS_IN_RANGE['poker-plus'],
      },
    ] as InstalledPayTable[];
    rig.ok({
      kind: 'settings',
      settings: { ...rig.state.settings, games: ['poker-plus', 'jacks-or-better'] },
      source: 'config file',
      installed,
      configReturns: RETURNS_IN_RANGE,
    });
    const s = snap(rig);
    // The registry's order, whatever the settings' order.
    expect(s.menu.map((m) => m.game)).toEqual(['jacks-or-better', 'poker-plus']);
    expect(s.menu[0]).toMatchObject({
      payTable: { id: 'jb-9-6', name: '9/6' },
      payTableReturn: { pct: RETURNS_IN_RANGE['jacks-or-better']!.pct },
      payRows: s.jacks.payTable,
    });
    expect(s.menu[1]).toMatchObject({
      payTable: { id: 'pp-standard', name: 'Standard' },
      payRows: s.pokerPlus.payTable,
    });
    // A game the operator disables leaves the menu.
    rig.ok({
      kind: 'settings',
      settings: { ...rig.state.settings, games: ['poker-plus'] },
      source: 'config file',
      installed,
      configReturns: RETURNS_IN_RANGE,
    });
    expect(snap(rig).menu.map((m) => m.game)).toEqual(['poker-plus']);
    // And one the technician offers on the settings page joins it, shown on the settings page too.
    rig.technician();
    rig.play({ type: 'changeSettings', confirm: true, games: ['poker-plus', 'jacks-or-better'] });
    expect(snap(rig).menu.map((m) => m.game)).toEqual(['jacks-or-better', 'poker-plus']);
    expect(snap(rig).service.settings.games).toEqual(['poker-plus', 'jacks-or-better']);
  });

  it('shows a Deuces Wild deal with its deuces marked wild and its hand by its own categories, then the draw', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.play({ type: 'selectGame', game: 'deuces-wild' });
    rig.decks.push(stackedDeck('2s 7h 2d Kc 9s Ks 2c'));
    rig.play({ type: 'deal', bet: 1 });
    let s = snap(rig);
    expect(s.menu.find((m) => m.game === 'deuces-wild')?.shape).toBe('video-poker');
    expect(s.jacks).toMatchObject({
      game: 'deuces-wild',
      phase: 'holding',
      cards: ['2s', '7h', '2d', 'Kc', '9s'],
      wild: [0, 2],
      hand: 'three-of-a-kind',
      autoHold: [0, 2, 3],
    });
    expect(s.jacks.payTable.map((r) => r.category)).toContain('wild-royal-flush');
    rig.play({ type: 'draw' });
    s = snap(rig);
    expect(s.jacks).toMatchObject({
      phase: 'over',
      cards: ['2s', 'Ks', '2d', 'Kc', '2c'],
      wild: [0, 2, 4],
      hand: 'five-of-a-kind',
      winning: [0, 1, 2, 3, 4],
    });
    expect(s.jacks.win).toBeGreaterThan(0);
  });

  it("shows Double Double Bonus's kicker: four aces with a trey, and its thirteen paying rows", () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.play({ type: 'selectGame', game: 'double-double-bonus' });
    rig.decks.push(stackedDeck('Ac Ad Ah As 3c 9d'));
    rig.play({ type: 'deal', bet: 1 });
    const s = snap(rig);
    expect(s.jacks).toMatchObject({
      game: 'double-double-bonus',
      hand: 'four-aces-with-2-4',
      held: [0, 1, 2, 3, 4],
      wild: [],
    });
    expect(s.jacks.payTable).toHaveLength(13);
  });

  it('marks no card wild in a family without wild cards', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.decks.push(stackedDeck('2c 2d Jh 5s 9c Jd 4c 2h'));
    rig.play({ type: 'deal', bet: 1 });
    expect(snap(rig).jacks).toMatchObject({ cards: ['2c', '2d', 'Jh', '5s', '9c'], wild: [] });
  });

  it("offers the technician's actions only to a logged-in technician", () => {
    const rig = new Rig();
    const technicianWishes = ['changeSettings', 'clearPeriodMeters', 'deviceTest', 'technicianLogout'];
    for (const w of technicianWishes) expect(snap(rig).live).not.toContain(w);
    rig.technician();
    let live = snap(rig).live;
    expect(live).toEqual(expect.arrayContaining([...technicianWishes, 'ramClear']));
    expect(live).not.toContain('testVoucher');
    expect(live).not.toContain('testLamps');
    rig.play({ type: 'deviceTest', on: true });
    live = snap(rig).live;
    expect(live).toEqual(expect.arrayContaining(['deviceTest', 'testLamps', 'testAcceptor', 'testVoucher']));
    expect(live).not.toContain('deal');
    rig.play({ type: 'testVoucher' });
    expect(snap(rig).live).not.toContain('testVoucher');
  });

  it('shows a device test as it runs', () => {
    const rig = new Rig();
    rig.technician();
    rig.play({ type: 'deviceTest', on: true });
    rig.play({ type: 'testLamps', lamps: { deal: 'blink' } });
    rig.play({ type: 'testAcceptor', enabled: true });
    rig.event({ device: 'deck', type: 'button', button: 'hold2', pressed: true });
    rig.event({ device: 'acceptor', type: 'escrow', value: 1000, denomination: 'USD 10' });
    const validation = (rig.play({ type: 'testVoucher' })[0] as { voucher: { validation: string } }).voucher.validation;
    const t = snap(rig).service.deviceTest!;
    expect(t).toMatchObject({ since: rig.now, pressed: ['hold2'], seen: ['hold2'], acceptor: { enabled: true } });
    expect(t.lamps).toMatchObject({ deal: 'blink', hold1: 'off' });
    expect(t.acceptor.notes).toEqual([
      { value: 1000, denomination: 'USD 10', at: rig.now, result: 'returned', reason: null },
    ]);
    expect(t.printer).toEqual({ state: 'printing', validation, reason: null });
  });
});
