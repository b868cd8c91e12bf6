// Each game the cabinet offers as a casino system sees it (issue 38, docs/protocols/sas.md): its
// game number in the registry's order (51, 55, 56), its game and pay table IDs in 53, and its
// own meters in 52, 2F and 6F.
import { describe, expect, it } from 'vitest';
import { BONUS_POKER, DEUCES_WILD, DOUBLE_DOUBLE_BONUS, GAME_IDS, JACKS_OR_BETTER, POKER_PLUS } from '../../core';
import { exactReturn, Rig } from '../../cabinet/testing/rig';
import { stackedDeck } from '../../core/testing/decks';
import type { Journal } from '../../store';
import { CabinetMachine, SAS_GAMES, sasPaytableId } from './cabinet-machine';

const TOTAL_COIN_IN = 0x0000;
const TOTAL_COIN_OUT = 0x0001;
const GAMES_PLAYED = 0x0005;

function machineOf(rig: Rig): CabinetMachine {
  return new CabinetMachine({
    cabinet: { state: rig.state, input: (input) => rig.input(input) },
    // Game numbers, configs and meters read the state alone.
    store: {} as Journal,
    romSignature: async () => 0,
  });
}

describe('the games on the SAS link', () => {
  it('numbers every game in the registry order: Jacks or Better and Poker Plus keep 1 and 2', () => {
    expect(SAS_GAMES).toEqual(GAME_IDS);
    expect(SAS_GAMES.slice(0, 2)).toEqual([JACKS_OR_BETTER.id, POKER_PLUS.id]);
    expect(SAS_GAMES.indexOf(DEUCES_WILD.id) + 1).toBe(5);
  });

  it('gives each game its game ID and a pay table ID of its own table (53), and lists the enabled (56)', () => {
    const rig = new Rig({ settings: { games: [JACKS_OR_BETTER.id, BONUS_POKER.id, DEUCES_WILD.id] } });
    rig.ok({
      kind: 'settings',
      settings: rig.state.settings,
      source: 'config file',
      installed: [
        {
          id: 'bonus-poker-8-5',
          game: BONUS_POKER.id,
          name: '8/5',
          table: BONUS_POKER.payTable.default,
          rtp: exactReturn(99.165973),
        },
        {
          id: 'deuces-wild-nsud',
          game: DEUCES_WILD.id,
          name: 'NSUD',
          table: DEUCES_WILD.payTable.default,
          rtp: exactReturn(99.728295),
        },
      ],
      configReturns: Object.fromEntries(GAME_IDS.map((g) => [g, exactReturn(98)])) as never,
    });
    const games = machineOf(rig).games();
    expect(games).toHaveLength(5);
    expect(games.map((g) => [g.gameId, g.paytableId, g.enabled])).toEqual([
      ['JB', 'JBCUST', true],
      ['PP', 'PPCUST', false],
      ['BP', 'BP85', true],
      ['DD', 'DDCUST', false],
      ['DW', 'DWNSUD', true],
    ]);
    expect(games[2]!.basePercent).toBeCloseTo(99.165973, 6);
    expect(games[4]!.basePercent).toBeCloseTo(99.728295, 6);
    // Two tables of one game never share an ID.
    expect(sasPaytableId(BONUS_POKER.id, 'bonus-poker-7-5')).toBe('BP75');
    expect(sasPaytableId(DOUBLE_DOUBLE_BONUS.id, 'double-double-bonus-9-5')).toBe('DD95');
    expect(sasPaytableId(DEUCES_WILD.id, 'deuces-wild-full-pay')).toBe('DWFULL');
  });

  it("selects the game being played (55) and answers each game's meters apart (52, 2F, 6F)", () => {
    const rig = new Rig();
    rig.insert(10_000);
    rig.play({ type: 'selectGame', game: DOUBLE_DOUBLE_BONUS.id });
    rig.decks.push(stackedDeck('As Ad Ac Ah 3d'));
    rig.play({ type: 'deal', bet: 2 });
    const ddb = SAS_GAMES.indexOf(DOUBLE_DOUBLE_BONUS.id) + 1;
    expect(machineOf(rig).selectedGame()).toBe(ddb);
    rig.play({ type: 'draw' });
    rig.play({ type: 'selectGame', game: DEUCES_WILD.id });
    rig.decks.push(stackedDeck('2c 7d 9h Js 4c 3d 5h 8s Tc Kd'));
    rig.play({ type: 'deal', bet: 1 });
    rig.play({ type: 'draw' });
    const m = machineOf(rig);
    const dw = SAS_GAMES.indexOf(DEUCES_WILD.id) + 1;
    // Four aces with a 3 at 2 chips of 1: 400 × 2.
    expect([m.meter(TOTAL_COIN_IN, ddb), m.meter(TOTAL_COIN_OUT, ddb), m.meter(GAMES_PLAYED, ddb)]).toEqual([
      2, 800, 1,
    ]);
    expect([m.meter(TOTAL_COIN_IN, dw), m.meter(TOTAL_COIN_OUT, dw), m.meter(GAMES_PLAYED, dw)]).toEqual([1, 0, 1]);
    expect(m.meter(GAMES_PLAYED, 1)).toBe(0);
    expect([m.meter(TOTAL_COIN_IN, 0), m.meter(GAMES_PLAYED, 0)]).toEqual([3, 2]);
    expect(m.meter(GAMES_PLAYED, SAS_GAMES.length + 1)).toBeNull();
  });
});
