// Every video-poker family through the cabinet (issue 38): chosen, dealt (a paying hand held by
// J-3), held, drawn and settled at the chip value, metered as its own game, recorded for recall
// with its own pay table, and the record replays to what the cabinet paid.
import { describe, expect, it } from 'vitest';
import {
  BONUS_POKER,
  DEUCES_WILD,
  DOUBLE_DOUBLE_BONUS,
  gameModule,
  JACKS_OR_BETTER,
  runReplay,
  type VideoPokerId,
} from '../core';
import { stackedDeck } from '../core/testing/decks';
import { checkBalance } from './meters';
import type { InstalledPayTable } from './settings';
import { exactReturn, Rig, RETURNS_IN_RANGE } from './testing/rig';

interface Case {
  game: VideoPokerId;
  /** The deck's first cards: the five dealt, then the draw's. */
  deck: string;
  autoHold: number[];
  /** Held for the draw (by the deck's HOLD buttons, toggling from the auto-hold). */
  press: number[];
  hand: string;
  /** Per chip at max bet (5 chips). */
  coefficient: number;
}

const CASES: Case[] = [
  {
    game: BONUS_POKER.id,
    deck: 'As Ad Ac Ah 5d 9c',
    autoHold: [0, 1, 2, 3],
    press: [],
    hand: 'four-aces',
    coefficient: 80,
  },
  {
    game: DOUBLE_DOUBLE_BONUS.id,
    // Dealt four 3s with a 7; held only the four, the draw brings the ace that pays 160 a chip.
    deck: '3s 3d 3c 3h 7d Ac',
    autoHold: [0, 1, 2, 3],
    press: [],
    hand: 'four-2-4-with-a-4',
    coefficient: 160,
  },
  {
    game: DEUCES_WILD.id,
    // Two deuces and a pair of nines: four of a kind dealt, held by W-4 (the deuces and the nines).
    deck: '2s 9d 2c 9h Kd 5c',
    autoHold: [0, 1, 2, 3],
    press: [],
    hand: 'four-of-a-kind',
    coefficient: 4,
  },
  {
    game: DEUCES_WILD.id,
    // Nothing dealt: the player holds the deuce and the suited royal cards, the draw makes a wild royal.
    deck: '2h Ts Js Qs 4d Ks',
    autoHold: [],
    press: [0, 1, 2, 3],
    hand: 'wild-royal-flush',
    coefficient: 25,
  },
];

const HOLD = ['hold1', 'hold2', 'hold3', 'hold4', 'hold5'] as const;

describe('each video-poker family in the cabinet', () => {
  it.each(CASES)('$game: $hand dealt, held, drawn, settled, metered and recalled', (c) => {
    const rig = new Rig();
    rig.insert(10_000);
    rig.play({ type: 'selectGame', game: c.game });
    rig.play({ type: 'chipValue', value: 5 });
    rig.decks.push(stackedDeck(c.deck));
    rig.play({ type: 'deal', bet: 5 });
    const game = rig.state.game!;
    expect(game.game).toBe(c.game);
    if (game.game === JACKS_OR_BETTER.id || !('held' in game.core)) throw new Error('expected a family hand');
    expect(game.core.autoHold).toEqual(c.autoHold);
    expect(game.core.held).toEqual(c.autoHold);
    // The deck's HOLD lamps blink on the cards not held, as for Jacks or Better.
    expect(rig.state.lamps?.hold5).toBe(c.autoHold.includes(4) ? 'on' : 'blink');
    for (const p of c.press) rig.event({ device: 'deck', type: 'button', button: HOLD[p]!, pressed: true });
    rig.play({ type: 'draw' });

    const paid = c.coefficient * 5 * 5;
    expect(rig.state.game?.outcome).toEqual({ returnedChips: c.coefficient * 5, paid, handpaid: false });
    expect(rig.state.balance).toBe(10_000 - 25 + paid);
    expect(rig.lifetime(`${c.game}/coinIn`)).toBe(25);
    expect(rig.lifetime(`${c.game}/coinOut`)).toBe(paid);
    expect(rig.lifetime(`${c.game}/gamesPlayed`)).toBe(1);
    expect(rig.lifetime(`${c.game}/gamesWon`)).toBe(1);
    expect(rig.lifetime(`${JACKS_OR_BETTER.id}/gamesPlayed`)).toBe(0);
    expect(checkBalance(rig.state.meters.lifetime, rig.state.balance)).toMatchObject({ ok: true });

    const record = rig.record(0);
    expect(record).toMatchObject({ game: c.game, staked: 25, paid, handpaid: false });
    expect(record.replay).toMatchObject({ game: c.game, bet: 5, maxBet: 5 });
    // The record carries the family's own table, whole: its categories, J-6's royal.
    expect(Object.keys(record.replay.paytable).sort()).toEqual(
      [...gameModule(c.game).categories, 'royal-flush-max-bet'].sort(),
    );
    const replayed = runReplay(JSON.parse(JSON.stringify(record.replay)));
    expect(replayed).toMatchObject({ game: c.game, hand: c.hand, win: c.coefficient * 5 });
    expect(record.result).toEqual(replayed);
    expect(rig.log.filter((row) => row.kind === 'anomaly')).toEqual([]);
  });

  it('a family not offered is refused, and BET ONE and MAX BET set the bet of any family', () => {
    const rig = new Rig({ settings: { games: [JACKS_OR_BETTER.id, DEUCES_WILD.id] } });
    rig.insert(1000);
    expect(rig.refuse({ type: 'selectGame', game: BONUS_POKER.id })).toBe('C-7');
    rig.play({ type: 'selectGame', game: DEUCES_WILD.id });
    rig.event({ device: 'deck', type: 'button', button: 'maxBet', pressed: true });
    expect(rig.state.game?.game).toBe(DEUCES_WILD.id);
    expect(rig.state.game?.stakedChips).toBe(5);
  });
});

describe('full-pay Deuces Wild on the settings page (C-24)', () => {
  const FULL_PAY: InstalledPayTable = {
    id: 'deuces-wild-full-pay',
    game: DEUCES_WILD.id,
    name: 'Deuces Wild full pay',
    table: { ...DEUCES_WILD.payTable.default, coefficients: DEUCES_WILD.family.defaultTable.coefficients },
    rtp: exactReturn(100.761961),
  };
  const NSUD: InstalledPayTable = {
    id: 'deuces-wild-nsud',
    game: DEUCES_WILD.id,
    name: 'Deuces Wild NSUD',
    table: DEUCES_WILD.payTable.default,
    rtp: exactReturn(99.728295),
  };

  it('is refused with its return named, and the table in play stays', () => {
    const rig = new Rig();
    rig.ok({
      kind: 'settings',
      settings: rig.state.settings,
      source: 'config file',
      installed: [FULL_PAY, NSUD],
      configReturns: { ...RETURNS_IN_RANGE, [DEUCES_WILD.id]: NSUD.rtp },
    });
    rig.technician();
    const wish = { type: 'changeSettings', confirm: true, payTables: { [DEUCES_WILD.id]: FULL_PAY.id } };
    const r = rig.wish(wish);
    expect(r.ok ? null : r.refusal).toEqual({
      rule: 'C-24',
      reason:
        'Deuces Wild pay table "deuces-wild-full-pay" (Deuces Wild full pay) returns 100.762% (exact), above the operator\'s range 85% .. 99.9%',
    });
    expect(rig.state.settings.payTables.deucesWild).toEqual(NSUD.table);
  });
});
