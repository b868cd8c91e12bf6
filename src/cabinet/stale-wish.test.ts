import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../core/testing/decks';
import { DEFAULT_JACKS_PAYTABLE } from '../core';
import type { CabinetInput } from './inputs';
import type { InstalledPayTable } from './settings';
import { exactReturn, Rig, RETURNS_IN_RANGE } from './testing/rig';

const wishAt = (counter: number, wish: unknown): CabinetInput => ({ kind: 'wish', counter, wish });

/** The tables' returns measured after a start and handed to the cabinet: a commit no player sees. */
const rated = (rig: Rig, pct: number): Extract<CabinetInput, { kind: 'settings' }> => {
  const table: InstalledPayTable = {
    id: 'jb-9-6',
    game: 'jacks-or-better',
    name: '9/6',
    table: DEFAULT_JACKS_PAYTABLE,
    rtp: exactReturn(pct),
  };
  return {
    kind: 'settings',
    settings: rig.state.settings,
    source: 'config file',
    installed: [table],
    configReturns: RETURNS_IN_RANGE,
  };
};

/** A dealt hand of Jacks or Better with a note's credits, and the version the screen showed it at. */
function dealt(): { rig: Rig; shown: number } {
  const rig = new Rig();
  rig.ok(rated(rig, 99.54));
  rig.insert(2000);
  rig.decks.push(stackedDeck('Jc 3d Jh 5s 9c Jd 5h'));
  rig.play({ type: 'deal', bet: 5 });
  return { rig, shown: rig.state.version };
}

describe('stale wishes (C-22): only a change a person acts on makes a wish stale', () => {
  it("takes a DRAW made on the dealt hand when the cabinet's own commits overtook it on its way", () => {
    const { rig, shown } = dealt();
    // Beside play: the tables' returns measured after the start, then measured again more closely.
    rig.ok(rated(rig, 99.5));
    rig.ok(rated(rig, 99.543));
    expect(rig.state.version).toBe(shown + 2);
    expect(rig.state.shownVersion).toBe(shown);
    rig.ok(wishAt(shown, { type: 'draw' }));
    expect(rig.state.game?.actions).toEqual([{ type: 'draw' }]);
    expect(rig.records).toHaveLength(1);
  });

  it('refuses a wish made on a hand, a bet or credits that have changed since', () => {
    const { rig, shown } = dealt();
    rig.play({ type: 'toggleHold', position: 0 });
    expect(rig.state.shownVersion).toBe(rig.state.version);
    expect(rig.refused(wishAt(shown, { type: 'draw' }))).toBe('C-22');
    // A printer's passing fault is a stop shown, and a press made before it was made on a hand in play.
    const { rig: stopped, shown: before } = dealt();
    stopped.event({ device: 'printer', type: 'fault', code: 'autoRecoverableError', message: 'head temperature' });
    stopped.event({ device: 'printer', type: 'faultCleared', code: 'autoRecoverableError' });
    expect(stopped.refused(wishAt(before, { type: 'draw' }))).toBe('C-22');
    // A note credited between the screen's view and the press: the press is on credits no longer shown.
    const { rig: noted, shown: at } = dealt();
    noted.insert(500);
    expect(noted.refused(wishAt(at, { type: 'draw' }))).toBe('C-22');
    expect(noted.state.game).not.toBeNull();
  });

  it('refuses a wish naming a version the cabinet has not reached, or one before the last change shown', () => {
    const { rig, shown } = dealt();
    expect(rig.refused(wishAt(shown + 1, { type: 'draw' }))).toBe('C-22');
    expect(rig.refused(wishAt(shown - 1, { type: 'draw' }))).toBe('C-22');
    const last = rig.log.filter((l) => l.kind === 'refusal').at(-1);
    expect(String(last?.data.reason)).toMatch(/stale wish: made against state \d+, the cabinet is at \d+/);
  });

  it('keeps the same settings applied again as no change, and a changed setting as one', () => {
    const { rig, shown } = dealt();
    rig.ok({ ...rated(rig, 99.54), settings: { ...rig.state.settings } });
    expect(rig.state.shownVersion).toBe(shown);
    rig.ok({ ...rated(rig, 99.54), settings: { ...rig.state.settings, chipValues: [1, 5, 25] } });
    expect(rig.state.shownVersion).toBe(rig.state.version);
  });
});
