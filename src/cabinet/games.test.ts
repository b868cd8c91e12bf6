import { describe, expect, it } from 'vitest';
import { runReplay, SeededRandom, uniformBelow } from '../core';
import { stackedDeck } from '../core/testing/decks';
import type { Button } from './device-events';
import { checkBalance } from './meters';
import { gameInProgress } from './state';
import { Rig } from './testing/rig';

const balanced = (rig: Rig) =>
  expect(checkBalance(rig.state.meters.lifetime, rig.state.balance)).toMatchObject({ ok: true });

describe('Jacks or Better in the cabinet', () => {
  it('debits chips × chip value at the deal and meters a tie, a loss and a win', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.play({ type: 'chipValue', value: 5 });
    rig.decks.push(stackedDeck('Jc Jd 2h 5s 9c 3c 4d 6h'));
    rig.play({ type: 'deal', bet: 2 });
    expect(rig.state.balance).toBe(990);
    expect(rig.lifetime('coinIn')).toBe(10);
    expect(rig.state.game?.core.phase).toBe('holding');
    rig.play({ type: 'draw' });
    expect(rig.state.balance).toBe(1000);
    expect(rig.lifetime('gamesTied')).toBe(1);

    rig.decks.push(stackedDeck('2c 7d 9h Js 4c 3d 5h 8s Tc Kd'));
    rig.play({ type: 'deal', bet: 1 });
    rig.play({ type: 'draw' });
    expect(rig.lifetime('gamesLost')).toBe(1);

    rig.decks.push(stackedDeck('Ac Ad As 5s 9c 3c 4d'));
    rig.play({ type: 'deal', bet: 5 });
    rig.play({ type: 'draw' });
    expect(rig.lifetime('gamesWon')).toBe(1);
    expect(rig.lifetime('coinOut')).toBe(10 + 5 * 5 * 3);
    expect(rig.lifetime('gamesPlayed')).toBe(3);
    expect(rig.lifetime('jacks-or-better/gamesPlayed')).toBe(3);
    expect(rig.lifetime('gamesSincePowerUp')).toBe(3);
    balanced(rig);
  });

  it('refuses what the balance cannot cover, a chip value not offered, and changes during a game', () => {
    const rig = new Rig();
    rig.insert(100);
    rig.play({ type: 'chipValue', value: 25 });
    expect(rig.refuse({ type: 'deal', bet: 5 })).toBe('C-2');
    expect(rig.refuse({ type: 'chipValue', value: 10 })).toBe('C-2');
    expect(rig.refuse({ type: 'setBet', bet: 6 })).toBe('C-7');
    expect(rig.refuse({ type: 'deal', bet: 6 })).toBe('C-2');
    rig.play({ type: 'deal', bet: 4 });
    expect(rig.refuse({ type: 'chipValue', value: 1 })).toBe('C-22');
    expect(rig.refuse({ type: 'selectGame', game: 'poker-plus' })).toBe('C-22');
    expect(rig.refuse({ type: 'deal' })).toBe('C-22');
    expect(rig.refuse({ type: 'bet' })).toBe('C-22');
  });

  it('refuses the bet above maxBet by the core rule', () => {
    const rig = new Rig();
    rig.insert(10000);
    expect(rig.refuse({ type: 'deal', bet: 6 })).toBe('J-1');
  });

  it('records holds and the draw for recall, and the record replays to the same result', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.decks.push(stackedDeck('Ah Kh Qh Jh 2c Th'));
    rig.play({ type: 'deal', bet: 5 });
    rig.play({ type: 'toggleHold', position: 4 });
    rig.play({ type: 'hold', positions: [0, 1, 2, 3] });
    rig.play({ type: 'draw' });
    const record = rig.record(0);
    expect(record.replay.actions).toEqual([
      { type: 'hold', positions: [4] },
      { type: 'hold', positions: [0, 1, 2, 3] },
      { type: 'draw' },
    ]);
    expect(record.result).toMatchObject({ hand: 'royal-flush', win: 1250 });
    expect(runReplay(JSON.parse(JSON.stringify(record.replay)))).toEqual(record.result);
    expect(record.chipValue).toBe(1);
    expect(record.staked).toBe(5);
    expect(record.paid).toBe(1250);
  });

  it('the deck buttons deal, hold and draw (C-20)', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.decks.push(stackedDeck('Ah Kh Qh Jh 2c Th'));
    const press = (button: Button) => rig.event({ device: 'deck', type: 'button', button, pressed: true });
    press('betOne');
    expect(rig.state.jacksBet).toBe(2);
    press('maxBet');
    expect(rig.state.game?.core.game).toBe('jacks-or-better');
    expect(rig.state.balance).toBe(995);
    for (const b of ['hold1', 'hold2', 'hold3', 'hold4', 'hold5', 'hold5'] as const) press(b);
    expect(rig.state.game?.core.phase === 'holding' && rig.state.game.core.held).toEqual([0, 1, 2, 3]);
    const before = rig.state.version;
    rig.event({ device: 'deck', type: 'button', button: 'deal', pressed: false });
    expect(rig.state.version).toBe(before);
    press('deal');
    expect(rig.state.balance).toBe(995 + 1250);
  });
});

describe("the deck's buttons mean what the touch screen's do (C-20)", () => {
  const press = (rig: Rig, button: Button) =>
    rig.input({ kind: 'device', event: { device: 'deck', type: 'button', button, pressed: true } });

  it('BET ONE wraps back to one after the maximum', () => {
    const rig = new Rig();
    for (let i = 0; i < 4; i++) press(rig, 'betOne');
    expect(rig.state.jacksBet).toBe(5);
    press(rig, 'betOne');
    expect(rig.state.jacksBet).toBe(1);
  });

  it('MAX BET deals at the maximum, and with no deal possible only sets the bet', () => {
    const rig = new Rig();
    rig.insert(3);
    const result = press(rig, 'maxBet');
    expect(result.ok).toBe(true);
    expect(rig.state.game).toBeNull();
    expect(rig.state.jacksBet).toBe(5);
    expect(rig.state.balance).toBe(3);
    rig.insert(2);
    press(rig, 'maxBet');
    expect(rig.state.game?.core.game).toBe('jacks-or-better');
    expect(rig.state.balance).toBe(0);
  });
});

describe('Poker Plus in the cabinet', () => {
  it('debits antes, fees and the BET as they happen and meters the fees', () => {
    const rig = new Rig();
    rig.insert(5000);
    // box, dealer, then the draws
    rig.decks.push(stackedDeck('2c 7d 9h Js 4c  Qs Qc 8d 3h Kd  Jd Jh  As'));
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    rig.play({ type: 'chipValue', value: 5 });
    rig.play({ type: 'deal', boxes: [{ ante: 10 }] });
    expect(rig.state.balance).toBe(5000 - 50);
    rig.play({ type: 'exchange', positions: [0, 1] });
    expect(rig.lifetime('pp.exchangeFees')).toBe(100);
    rig.play({ type: 'buySixth' });
    expect(rig.lifetime('pp.sixthFees')).toBe(50);
    expect(rig.refuse({ type: 'buySixth' })).toBe('P-3');
    rig.play({ type: 'bet' });
    expect(rig.state.balance).toBe(5000 - 50 - 100 - 50 - 100);
    rig.play({ type: 'reveal' });
    const result = rig.record(0).result;
    if (result.game !== 'poker-plus') throw new Error(`recorded a ${result.game} game`);
    expect(result.boxes[0]?.hand).toBe('three-of-a-kind');
    expect(result.boxes[0]?.outcome).toBe('win');
    expect(rig.state.balance).toBe(5000 + result.net * 5);
    expect(runReplay(JSON.parse(JSON.stringify(rig.record(0).replay)))).toEqual(result);
    expect(rig.lifetime('poker-plus/gamesWon')).toBe(1);
    balanced(rig);
  });

  it('meters take-half payouts and buy-the-game fees', () => {
    const rig = new Rig();
    rig.insert(5000);
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    rig.decks.push(stackedDeck('5c 6d 7h 8s 9c  2c 2d 4h Jd Kc'));
    rig.play({ type: 'deal', boxes: [{ ante: 10 }] });
    rig.play({ type: 'bet' });
    rig.play({ type: 'takeHalf' });
    expect(rig.lifetime('pp.takeHalfCount')).toBe(1);
    expect(rig.lifetime('pp.takeHalfPaid')).toBe(40);
    expect(rig.state.balance).toBe(5000 - 30 + 70);

    rig.decks.push(stackedDeck('Ah Ad Kc 9d 3s  2c 5d 7h 9s Jc  Js'));
    rig.play({ type: 'deal', boxes: [{ ante: 10 }] });
    rig.play({ type: 'bet' });
    rig.play({ type: 'buyGame' });
    expect(rig.lifetime('pp.buyGameFees')).toBe(10);
    const result = rig.record(1).result;
    expect(result.game === 'poker-plus' && result.dealer.bought?.game).toBe(true);
    balanced(rig);
  });

  it('plays a blind box and refuses a deal the balance cannot carry to the BET', () => {
    const rig = new Rig();
    rig.insert(100);
    rig.play({ type: 'selectGame', game: 'poker-plus' });
    expect(rig.refuse({ type: 'deal', boxes: [{ ante: 40 }] })).toBe('C-2');
    expect(rig.refuse({ type: 'deal', boxes: [{ ante: 101 }] })).toBe('C-7');
    expect(rig.refuse({ type: 'deal', boxes: [{ ante: 5, blind: true }] })).toBe('P-1');
    rig.play({ type: 'deal', boxes: [{ ante: 10 }, { ante: 10, blind: true }] });
    expect(rig.state.balance).toBe(100 - 40);
    rig.play({ type: 'fold' });
    expect(gameInProgress(rig.state)).toBe(false);
    const replay = rig.record(0).replay;
    expect(replay.game === 'poker-plus' && replay.boxes).toEqual([{ ante: 10 }, { ante: 10, blind: true }]);
    balanced(rig);
  });
});

describe('C-9 and C-11 over many random games', () => {
  it('balances after every game, and every recalled game replays to its result', () => {
    const rig = new Rig();
    const rnd = new SeededRandom('cabinet-games');
    const pick = (n: number) => uniformBelow(rnd, n);
    rig.insert(100000);
    for (let g = 0; g < 150; g++) {
      rig.play({ type: 'selectGame', game: pick(2) ? 'poker-plus' : 'jacks-or-better' });
      rig.play({ type: 'chipValue', value: [1, 5, 25][pick(3)] });
      if (rig.state.selectedGame === 'jacks-or-better') {
        rig.play({ type: 'deal', bet: 1 + pick(5) });
        rig.play({ type: 'hold', positions: [0, 1, 2, 3, 4].filter(() => pick(2)) });
        rig.play({ type: 'draw' });
      } else {
        rig.play({
          type: 'deal',
          boxes: pick(3) ? [{ ante: 1 + pick(10) }] : [{ ante: 1 + pick(5), blind: true }, { ante: 1 + pick(5) }],
        });
        for (let t = 0; gameInProgress(rig.state) && t < 6; t++) {
          const options = ['exchange', 'buySixth', 'bet', 'fold', 'takeHalf', 'buyGame', 'reveal'];
          const type = options[pick(options.length)];
          rig.wish(type === 'exchange' ? { type, positions: [pick(5)] } : { type });
        }
        if (gameInProgress(rig.state)) {
          if (rig.state.game?.core.phase === 'deciding') rig.play({ type: 'bet' });
          if (gameInProgress(rig.state)) rig.play({ type: 'reveal' });
        }
      }
      balanced(rig);
    }
    expect(rig.records).toHaveLength(150);
    expect(rig.lifetime('gamesPlayed')).toBe(150);
    expect(rig.lifetime('gamesWon') + rig.lifetime('gamesLost') + rig.lifetime('gamesTied')).toBe(150);
    for (const r of rig.records) expect(runReplay(JSON.parse(JSON.stringify(r.replay)))).toEqual(r.result);
    const staked = rig.records.reduce((n, r) => n + r.staked, 0);
    expect(rig.lifetime('coinIn')).toBe(staked);
  });
});
