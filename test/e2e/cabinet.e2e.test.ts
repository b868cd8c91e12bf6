// The player's side end to end: the real renderer in Debian's Chromium, the real host, cabinet,
// store and serial simulators (notes inserted and vouchers printed by the simulators).
import { describe, expect, it } from 'vitest';
import { cardsOf, e2eSuite, insertNote, meter, openScreen, press, pressWish, SHOTS, until } from './cabinet-harness';

const suite = e2eSuite();

async function withCredits(config: unknown, name: string, noteValue = 2000) {
  const cabinet = await suite.start(config);
  const page = await openScreen(suite.browser, cabinet.url, SHOTS, name);
  expect(await insertNote(cabinet, noteValue)).toBe(true);
  await until(page, (s) => s.meters.some((m) => m.name === 'credits' && m.value !== '0'), 'the credit of the note');
  expect(cabinet.app.runner.state.balance).toBe(noteValue);
  // Credits take the screen from attract mode to the lobby.
  await until(page, (s) => s.screen === 'lobby', 'the lobby');
  return { page, sim: cabinet.app.devices.sim!, cabinet };
}

describe('Jacks or Better from note to voucher', () => {
  it('credits a note, plays with holds, wins, cashes out, and the voucher shows the amount', async () => {
    const { page, sim, cabinet } = await withCredits({}, 'jacks');
    // The acceptor files the note in its cash box when its stacking movement ends.
    await until(page, () => sim.acceptor.cashbox.length === 1, 'the note in the cash box');
    cabinet.stack('Jc 3d Jh 5s 9c Jd 5h');
    await press(page, 'play');
    await press(page, 'maxBet');
    let s = await until(page, (x) => x.screen === 'jacks' && cardsOf(x, 'jacks')[0] === 'Jc', 'the dealt hand');
    expect(cardsOf(s, 'jacks')).toEqual(['Jc', '3d', 'Jh', '5s', '9c']);
    expect(s.cards.filter((c) => c.held).map((c) => c.position)).toEqual([0, 2]);
    await press(page, 'hold4');
    await until(page, (x) => x.cards.filter((c) => c.held).length === 3, 'the fourth card held');
    await page.shot('held');
    await press(page, 'deal');
    s = await until(page, (x) => x.banners.length > 0, 'the result');
    expect(cardsOf(s, 'jacks')).toEqual(['Jc', 'Jd', 'Jh', '5s', '5h']);
    expect(s.banners[0]?.text).toContain('FULL HOUSE');
    expect(meter(s, 'win')).toBe('45');
    await page.shot('win');
    await press(page, 'cashOut');
    await until(
      page,
      () => sim.printer.printed.length === 1 && cabinet.app.runner.state.balance === 0,
      'the voucher printed',
    );
    // The wait above saw exactly one printed.
    const ticket = sim.printer.printed[0]!;
    // 2,000 chips of one cent, minus the bet of 5, plus 45 returned.
    // Figures are printed double width: the simulator's rendering spaces their letters.
    expect(ticket.text.replace(/ /g, '')).toContain('$20.40');
    expect(ticket.text.toUpperCase()).toContain('TWENTY');
    expect(ticket.validation).toMatch(/^\d{18}$/);
    expect(ticket.barcodes[0]?.data).toBe(ticket.validation);
    expect(
      cabinet.app.runner.state.meters.lifetime.vouchersOut ?? cabinet.app.journal.reader.meters().lifetime.vouchersOut,
    ).toBe(2040);
    await until(page, (x) => meter(x, 'credits') === '0' || x.screen === 'attract', 'no credits left');
  });
});

describe('Poker Plus rounds', () => {
  it("exchanges three cards, bets, buys the game and wins against the dealer's new hand", async () => {
    const { page, cabinet } = await withCredits({}, 'pp-buy');
    cabinet.stack('Ah Ad 7c 4s 2h Kd Qs 9c 5h 3d Ac 9d 9s Kc');
    await pressWish(page, 'game:poker-plus');
    await press(page, 'deal');
    let s = await until(page, (x) => x.screen === 'pokerPlus' && cardsOf(x, 'box0')[0] === 'Ah', 'the dealt box');
    expect(cardsOf(s, 'dealer')).toEqual([null, null, null, null, '3d']);
    for (const c of ['card3', 'card4', 'card5']) await press(page, c);
    s = await until(page, (x) => x.buttons.some((b) => b.name === 'exchange' && b.live), 'exchange offered');
    expect(s.buttons.find((b) => b.name === 'exchange')?.sub).toContain('2');
    await press(page, 'exchange');
    await until(page, (x) => cardsOf(x, 'box0').join(' ') === 'Ah Ad Ac 9d 9s', 'the exchanged cards');
    await press(page, 'bet');
    await press(page, 'buyGame');
    s = await until(page, (x) => x.banners.length > 0, 'the showdown');
    expect(s.boughtText).toContain('K');
    expect(s.banners[0]?.text).toBe('WIN');
    await page.shot('won');
    const [record] = cabinet.app.journal.reader.recall(1);
    // Ante 1, exchange of three 2, BET 2, buying the game 1; back: ante 1+1, BET 2 + 2 × 7 (P-12).
    expect(record?.result).toMatchObject({ game: 'poker-plus', net: 18 - 6 });
  });

  it('plays a seen box and a blind box; the blind box shows only at the showdown', async () => {
    const { page, cabinet } = await withCredits({}, 'pp-two');
    cabinet.stack('Ah Ad 7c 4s 2h 3h 3d 8c 4c 2c Kd Ks 9c 5h 8d');
    await pressWish(page, 'game:poker-plus');
    await pressWish(page, 'twoBoxes');
    await press(page, 'deal');
    let s = await until(page, (x) => cardsOf(x, 'box0')[0] === 'Ah', 'the dealt boxes');
    expect(cardsOf(s, 'box1').every((c) => c === null)).toBe(true);
    await press(page, 'bet');
    await press(page, 'reveal');
    s = await until(page, (x) => x.banners.length === 2, 'both boxes settled');
    expect(cardsOf(s, 'box1')).toEqual(['3h', '3d', '8c', '4c', '2c']);
    expect(s.banners.map((b) => b.text)).toEqual(['WIN', 'LOSE']);
    await page.shot('settled');
  });
});

describe('lockups', () => {
  it('locks up for a handpay until the attendant confirms with the key', async () => {
    const { page, sim, cabinet } = await withCredits({ limits: { handpayLimit: 1000 } }, 'handpay');
    cabinet.stack('As Ks Qs Js Ts');
    await press(page, 'play');
    await press(page, 'maxBet');
    await press(page, 'deal');
    let s = await until(page, (x) => x.overlay === 'handpay', 'the handpay lockup');
    expect(s.lockup?.title).toBe('CALL ATTENDANT');
    expect(s.lockup?.amount).toContain('12.50');
    expect(s.buttons.filter((b) => b.live)).toEqual([]);
    await page.shot('locked');
    // The key opens the attendant's menu over the lockup (test/e2e/service.e2e.test.ts goes on from there).
    sim.deck.turnKey('attendant', true);
    await press(page, 'att.handpay');
    await until(page, () => cabinet.app.runner.state.handpay === null, 'the handpay paid');
    sim.deck.turnKey('attendant', false);
    s = await until(
      page,
      (x) => (x.overlay === null || x.overlay === 'paid') && x.screen !== 'service',
      'the lockup lifted and the menu closed',
    );
    expect(cabinet.app.runner.state.balance).toBe(2000 - 5);
  });

  it('stops play when a door opens mid-game and resumes the same game when it closes', async () => {
    const { page, sim, cabinet } = await withCredits({}, 'door');
    cabinet.stack('2c 7d 9h Js 4c 3d 5h 8s');
    await press(page, 'play');
    await press(page, 'deal');
    await until(page, (x) => cardsOf(x, 'jacks')[0] === '2c', 'the dealt hand');
    sim.deck.setDoor('main', true);
    let s = await until(page, (x) => x.overlay === 'tilt', 'the door tilt');
    expect(s.lockup?.lines.join(' ')).toContain('door');
    expect(s.buttons.find((b) => b.name === 'deal')?.live ?? false).toBe(false);
    await page.shot('open');
    sim.deck.setDoor('main', false);
    s = await until(page, (x) => x.overlay === null, 'play resumed');
    expect(cardsOf(s, 'jacks')).toEqual(['2c', '7d', '9h', 'Js', '4c']);
    await press(page, 'deal');
    s = await until(page, (x) => x.banners.length > 0 || cardsOf(x, 'jacks')[0] === '3d', 'the draw');
    expect(cabinet.app.runner.state.game?.outcome).not.toBeNull();
  });
});
