import { describe, expect, it } from 'vitest';
import { DEVICE_FAULTS, DEVICE_NAMES, DOORS } from './devices';
import { TILTS, tiltCause, tiltClears, tiltCode, tiltDevice, type TiltCause, type TiltKind } from './tilts';

/** Every stop the vocabulary can name: each door, each device offline, each fault, each of the rest. */
const ALL: TiltCause[] = [
  ...DOORS.map((door) => ({ kind: 'door', door }) as const),
  ...DEVICE_NAMES.map((device) => ({ kind: 'offline', device }) as const),
  ...DEVICE_NAMES.flatMap((device) =>
    DEVICE_FAULTS[device].map((fault) => ({ kind: 'fault', device, fault }) as const),
  ),
  ...(Object.keys(TILTS) as TiltKind[])
    .filter((kind) => kind !== 'door' && kind !== 'offline' && kind !== 'fault')
    .map((kind) => ({ kind }) as TiltCause),
];

describe('the tilts declared once', () => {
  it('reads every code it builds back into the same cause, and no two causes share a code', () => {
    for (const cause of ALL) expect(tiltCause(tiltCode(cause))).toEqual(cause);
    expect(new Set(ALL.map(tiltCode)).size).toBe(ALL.length);
  });

  it('keeps the codes the cabinet has always stored', () => {
    expect(ALL.map(tiltCode)).toEqual(
      expect.arrayContaining([
        'door:main',
        'acceptor:offline',
        'printer:fault:paperOut',
        'acceptor:fault:jamInStacker',
        'deck:switches',
        'sas:fault:line',
        'host:disabled',
        'meters',
        'records',
        'mirror',
        'settings',
      ]),
    );
  });

  it('names no cause for a code the cabinet never raises; a fault it does not name is still its device fault', () => {
    for (const code of [
      '',
      'door',
      'door:hatch',
      'hopper:fault:empty',
      'printer:fault',
      'printer:offline:now',
      'a:b:c:d',
    ])
      expect(tiltCause(code)).toBeNull();
    expect(tiltCause('printer:fault:headTooHot')).toEqual({ kind: 'fault', device: 'printer', fault: 'headTooHot' });
  });

  it('says what clears each stop and whose it is', () => {
    expect(tiltClears('door:logic')).toBe('cause');
    expect(tiltClears('meters')).toBe('technician');
    expect(tiltClears('records')).toBe('ramClear');
    expect(tiltClears('host:disabled')).toBe('host');
    expect(tiltClears('nonsense')).toBeNull();
    expect(
      ['door:main', 'printer:offline', 'acceptor:fault:pause', 'sas:fault:line', 'mirror'].map(tiltDevice),
    ).toEqual(['deck', 'printer', 'acceptor', 'sas', null]);
  });
});
