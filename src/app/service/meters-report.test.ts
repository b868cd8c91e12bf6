import { describe, expect, it } from 'vitest';
import { BASE_METERS, doorMeter, gameMeter, PER_GAME } from '../../cabinet';
import { DOORS } from '../../cabinet/vocabulary/devices';
import { Rig } from '../../cabinet/testing/rig';
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
