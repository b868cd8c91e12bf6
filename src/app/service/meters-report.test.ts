import { describe, expect, it } from 'vitest';
import { BASE_METERS, doorMeter, gameMeter, PER_GAME } from '../../cabinet';
import { DOORS } from '../../cabinet/vocabulary/devices';
import { Rig, RETURNS_IN_RANGE } from '../../cabinet/testing/rig';
import { BONUS_POKER, DEUCES_WILD, DOUBLE_DOUBLE_BONUS, JACKS_OR_BETTER, POKER_PLUS } from '../../core';
import { metersReport } from './meters-report';

describe('the meters report (the main page, meters --json)', () => {
  it('lists every meter the cabinet keeps, a never-written one at zero', () => {
    const rig = new Rig();
    const report = metersReport(rig.state, true);
    const byName = new Map(report.meters.map((m) => [m.name, m]));
    const games = rig.state.settings.games;
    expect(games.length).toBeGreaterThanOrEqual(2);
    const expected = [
      ...BASE_METERS.filter((n) => !n.startsWith('stacker')),
      ...games.flatMap((g) => PER_GAME.map((n) => gameMeter(g, n))),
      ...DOORS.map(doorMeter),
    ];
    for (const name of expected) expect(byName.get(name), name).toBeDefined();
    // The shift's first figures are there at zero on a cabinet that has taken nothing yet.
    for (const name of ['coinIn', 'coinOut', 'jackpot', 'handpaidCancelled', 'gamesWon', 'vouchersOut'])
      expect(byName.get(name), name).toMatchObject({ lifetime: 0, period: 0, code: expect.any(String) });
    expect(byName.get('handpaidCancelled')?.code).toBe('0003');
    // The stacker's count starts only once the acceptor reports it emptied: until then not known, not zero.
    expect(byName.has('stackerBills')).toBe(false);
    expect(report.meters.map((m) => m.name)).toEqual([...report.meters.map((m) => m.name)].sort());
  });

  it('names each game with its SAS number and the pay table its meters are played at (issue 38)', () => {
    const rig = new Rig({ settings: { games: [JACKS_OR_BETTER.id, DEUCES_WILD.id] } });
    rig.ok({
      kind: 'settings',
      settings: rig.state.settings,
      source: 'config file',
      installed: [
        { id: 'deuces-wild-nsud', game: DEUCES_WILD.id, name: 'NSUD', table: DEUCES_WILD.payTable.default, rtp: null },
      ],
      configReturns: RETURNS_IN_RANGE,
    });
    const games = metersReport(rig.state, true).games;
    expect(games.map((g) => [g.sas, g.id, g.offered, g.payTable])).toEqual([
      [1, JACKS_OR_BETTER.id, true, 'custom'],
      [2, POKER_PLUS.id, false, 'custom'],
      [3, BONUS_POKER.id, false, 'custom'],
      [4, DOUBLE_DOUBLE_BONUS.id, false, 'custom'],
      [5, DEUCES_WILD.id, true, 'deuces-wild-nsud'],
    ]);
    expect(games[4]!.name).toBe('Deuces Wild');
  });

  it('keeps what has been written beside them: a note taken by its value, with its count', () => {
    const rig = new Rig();
    rig.insert(2000);
    const report = metersReport(rig.state, true);
    const names = report.meters.map((m) => m.name);
    expect(names.filter((n) => n.startsWith('bills.'))).toEqual(['bills.2000']);
    expect(report.meters.find((m) => m.name === 'billsIn')).toMatchObject({ lifetime: 2000, period: 2000 });
    expect(new Set(names).size).toBe(names.length);
  });
});
