import { describe, expect, it } from 'vitest';
import { LANGUAGES, TEXTS, TEXT_KEYS, placeholders, t } from './texts';
import { tiltKey, tiltText } from './tilts';

describe('the text table (C-23)', () => {
  it('has every key in both languages, non-empty, with the same placeholders', () => {
    for (const language of LANGUAGES) {
      const table = TEXTS[language];
      expect(Object.keys(table).sort()).toEqual([...TEXT_KEYS].sort());
      for (const key of TEXT_KEYS) {
        expect(table[key].trim().length, `${language} ${key}`).toBeGreaterThan(0);
        expect(placeholders(table[key]), `${language} ${key}`).toEqual(placeholders(TEXTS.en[key]));
      }
    }
  });
  it('translates: a Russian text is not the English one, except for symbols and numbers', () => {
    const same = TEXT_KEYS.filter((k) => TEXTS.ru[k] === TEXTS.en[k] && /[A-Za-z]/.test(TEXTS.en[k].replace(/\{\w+\}/g, '')));
    expect(same).toEqual([]);
  });
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('en', 'button.exchangeN', { n: 3 })).toBe('EXCHANGE 3');
    expect(t('ru', 'fee.amount', { n: 20 })).toBe('ЦЕНА 20');
    expect(t('en', 'fee.amount')).toBe('FEE {n}');
  });
});

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
    expect(tiltText('ru', 'mirror', 'x')).toBe('Не удаётся записать копию памяти');
    expect(tiltText('ru', 'door:main', 'main door open')).toBe('Открыта главная дверь');
  });
  it('falls back to the reason string for a code it does not know', () => {
    expect(tiltKey('hopper:fault:empty')).toBeNull();
    expect(tiltText('en', 'hopper:fault:empty', 'hopper empty')).toBe('hopper empty');
  });
});
