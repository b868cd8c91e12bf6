import { describe, expect, it } from 'vitest';
import { tiltKey, tiltText } from './tilts';

describe('tilt texts (C-15)', () => {
  it('maps the cabinet tilt codes to texts', () => {
    expect(tiltKey('door:main')).toBe('tilt.door.main');
    expect(tiltKey('door:cashbox')).toBe('tilt.door.cashbox');
    expect(tiltKey('printer:fault:paperOut')).toBe('tilt.printer.paper');
    expect(tiltKey('acceptor:fault:jamInAcceptor')).toBe('tilt.acceptor.jam');
    expect(tiltKey('acceptor:fault:stackerFull')).toBe('tilt.acceptor.stackerFull');
    expect(tiltKey('printer:offline')).toBe('tilt.offline.printer');
    expect(tiltKey('meters')).toBe('tilt.meters');
    expect(tiltKey('deck:switches')).toBe('tilt.deck.switches');
    expect(tiltKey('acceptor:fault:currency')).toBe('tilt.acceptor.currency');
    expect(tiltKey('acceptor:fault:initializeTimeout')).toBe('tilt.acceptor.initializing');
    expect(tiltKey('records')).toBe('tilt.records');
    expect(tiltKey('sas:fault:line')).toBe('tilt.sas.line');
    expect(tiltText('ru', 'mirror', 'x')).toBe('Не удаётся записать копию памяти');
    expect(tiltText('ru', 'door:main', 'main door open')).toBe('Открыта главная дверь');
  });
  it('falls back to the reason string for a code it does not know', () => {
    expect(tiltKey('hopper:fault:empty')).toBeNull();
    expect(tiltText('en', 'hopper:fault:empty', 'hopper empty')).toBe('hopper empty');
  });
});
