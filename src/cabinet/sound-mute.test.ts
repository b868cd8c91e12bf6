import { describe, expect, it } from 'vitest';
import { SOUND_MUTE_MS } from './sound-mute';
import { Rig } from './testing/rig';

describe('the attendant mutes the sound for ten minutes', () => {
  it('needs the attendant key, and is refused and logged as a refusal without it', () => {
    const rig = new Rig();
    expect(rig.refuse({ type: 'soundMute', on: true })).toBe('C-21');
    expect(rig.state.soundMutedUntil).toBe(0);
    rig.key('technician', true);
    expect(rig.refuse({ type: 'soundMute', on: true })).toBe('C-21');
  });

  it('mutes from now for ten minutes, again from now when pressed again, and unmutes; each logged with the key', () => {
    const rig = new Rig();
    rig.key('attendant', true);
    rig.play({ type: 'soundMute', on: true });
    expect(rig.state.soundMutedUntil).toBe(rig.now + SOUND_MUTE_MS);
    rig.now += 60_000;
    rig.play({ type: 'soundMute', on: true });
    expect(rig.state.soundMutedUntil).toBe(rig.now + 10 * 60_000);
    rig.play({ type: 'soundMute', on: false });
    expect(rig.state.soundMutedUntil).toBe(0);
    const rows = rig.log.filter((l) => l.kind === 'access').map((l) => l.data);
    expect(rows).toEqual([
      { event: 'sound muted', until: 1_700_000_000_000 + SOUND_MUTE_MS, key: 'attendant' },
      { event: 'sound muted', until: rig.now + SOUND_MUTE_MS, key: 'attendant' },
      { event: 'sound unmuted', until: 0, key: 'attendant' },
    ]);
  });

  it('works over a handpay lockup, when the alarm is ringing', () => {
    const rig = new Rig({ limits: { handpayLimit: 100 } });
    rig.insert(500);
    rig.state = {
      ...rig.state,
      handpay: { kind: 'jackpot', amount: 400, reason: 'test', gameId: null, game: null, since: rig.now },
    };
    rig.key('attendant', true);
    rig.play({ type: 'soundMute', on: true });
    expect(rig.state.soundMutedUntil).toBeGreaterThan(rig.now);
  });

  it('refuses a malformed mute', () => {
    const rig = new Rig();
    rig.key('attendant', true);
    expect(rig.refuse({ type: 'soundMute', on: 'yes' })).toBe('C-22');
    expect(rig.refuse({ type: 'soundMute', on: true, minutes: 600 })).toBe('C-22');
  });
});
