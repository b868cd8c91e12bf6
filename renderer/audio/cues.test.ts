import { describe, expect, it } from 'vitest';
import * as fx from '../../test/renderer/fixtures';
import type { Snapshot } from '../../src/contract';
import { snapshotCues } from './cues';

const next = (s: Snapshot, patch: Partial<Snapshot>): Snapshot => ({ ...s, ...patch, version: s.version + 1 });

describe('the sounds a snapshot calls for', () => {
  it('none for the first snapshot after a load', () => {
    expect(snapshotCues(null, fx.cashingOut())).toEqual([]);
  });

  it('HOLD lit and put out, within the same game only', () => {
    const dealt = fx.jacksDealt();
    expect(snapshotCues(dealt, next(dealt, { jacks: { ...dealt.jacks, held: [0, 1, 4] } }))).toEqual(['holdOn']);
    expect(snapshotCues(dealt, next(dealt, { jacks: { ...dealt.jacks, held: [0] } }))).toEqual(['holdOff']);
    expect(snapshotCues(dealt, next(dealt, { jacks: { ...dealt.jacks, held: [0, 4] } }))).toEqual([
      'holdOn',
      'holdOff',
    ]);
    expect(snapshotCues(dealt, next(dealt, { jacks: { ...dealt.jacks, held: [], gameId: 42 } }))).toEqual([]);
  });

  it('BET ONE, MAX BET, and an ante or box count changed', () => {
    const s = fx.baseSnapshot();
    const bet = (b: number) => next(s, { jacks: { ...s.jacks, bet: b } });
    expect(snapshotCues(bet(1), bet(2))).toEqual(['betOne']);
    expect(snapshotCues(bet(5), bet(1))).toEqual(['betOne']);
    expect(snapshotCues(bet(1), bet(5))).toEqual(['maxBet']);
    expect(snapshotCues(s, next(s, { pokerPlus: { ...s.pokerPlus, nextBoxes: [{ ante: 11 }] } }))).toEqual(['betOne']);
  });

  it('a note credited or handed back and a refused deck press, once each as the cabinet counts them', () => {
    const s = fx.baseSnapshot();
    const act = (seq: number, kind: Snapshot['activity']['kind']) => next(s, { activity: { seq, kind } });
    expect(snapshotCues(s, act(1, 'noteCredited'))).toEqual(['noteIn']);
    expect(snapshotCues(act(1, 'noteCredited'), act(2, 'noteReturned'))).toEqual(['noteOut']);
    expect(snapshotCues(act(2, 'noteReturned'), act(3, 'buttonRefused'))).toEqual(['refused']);
    expect(snapshotCues(act(3, 'buttonRefused'), act(3, 'buttonRefused'))).toEqual([]);
    expect(snapshotCues(act(3, 'buttonRefused'), act(4, 'key'))).toEqual([]);
  });

  it('the voucher printer when a cash-out starts', () => {
    expect(snapshotCues(fx.baseSnapshot(), fx.cashingOut())).toEqual(['cashout']);
    expect(snapshotCues(fx.cashingOut(), { ...fx.cashingOut(), version: 40 })).toEqual([]);
  });
});
