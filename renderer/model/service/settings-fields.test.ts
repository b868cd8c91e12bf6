import { describe, expect, it } from 'vitest';
import { serviceView } from '../../../test/renderer/fixtures';
import { GAME_IDS, LIMITS, VENUE } from '../../../src/contract';
import { gameTitle } from '../../i18n/game-words';
import { formatMoney } from '../../i18n/numbers';
import { changes, fieldDef, fieldLabel, FIELDS, parseMoney, plainMoney } from './settings-fields';

const v = serviceView().settings;

describe('settings typed on the keypad (C-7)', () => {
  it('reads money without floating point, refusing more digits than the currency has', () => {
    expect(parseMoney('12.5', 2)).toBe(1250);
    expect(parseMoney('0.01', 2)).toBe(1);
    expect(parseMoney('7', 0)).toBe(7);
    expect(parseMoney('1.234', 2)).toBeNull();
    expect(parseMoney('1,5', 2)).toBeNull();
    expect(plainMoney(1250, 2)).toBe('12.50');
    expect(plainMoney(5, 2)).toBe('0.05');
  });
  it('turns drafts into the wish change, within the contract limits', () => {
    expect(fieldDef('chipValues').parse('0.01,0.05,1', v)).toEqual({ chipValues: [1, 5, 100] });
    expect(fieldDef('chipValues').parse('0.01,,1', v)).toBeNull();
    expect(fieldDef('limits.maxBet').parse('10', v)).toEqual({ limits: { maxBet: 10 } });
    expect(fieldDef('limits.maxBet').parse('11', v)).toBeNull();
    expect(fieldDef('limits.handpayLimit').parse('1500', v)).toEqual({ limits: { handpayLimit: 150000 } });
    expect(fieldDef('machine').parse('VP 7', v)).toBeNull();
    expect(fieldDef('currency').parse('EUR', v)).toEqual({ currency: 'EUR' });
    expect(fieldDef('presentation.volume').parse('0', v)).toEqual({ presentation: { volume: 0 } });
    expect(fieldDef('presentation.volume').parse('101', v)).toBeNull();
    expect(fieldDef('presentation.attractSeconds').parse('9', v)).toBeNull();
    expect(fieldDef('presentation.bigWinBets').parse('100', v)).toEqual({ presentation: { bigWinBets: 100 } });
    expect(fieldDef('presentation.bigWinBets').show(v, 'en')).toBe('50 BETS');
    expect(fieldDef('payTables.poker-plus').parse('pp-2', v)).toEqual({
      payTables: { ...v.payTables, 'poker-plus': 'pp-2' },
    });
    // A field for every game of the registry, labelled with its name.
    expect(fieldLabel('en', fieldDef('payTables.deuces-wild'))).toBe('DEUCES WILD TABLE');
    expect(fieldLabel('ru', fieldDef('payTables.bonus-poker'))).toBe('ТАБЛИЦА «БОНУС ПОКЕР»');
  });
  it('asks nothing for a value left as it is', () => {
    expect(changes(fieldDef('limits.maxBet').parse('5', v)!, v)).toBe(false);
    expect(changes(fieldDef('limits.maxBet').parse('6', v)!, v)).toBe(true);
    expect(changes(fieldDef('payTables.jacks-or-better').parse('jacks-9-6', v)!, v)).toBe(false);
    expect(changes(fieldDef('presentation.volume').parse('60', v)!, v)).toBe(false);
    expect(changes(fieldDef('presentation.volume').parse('61', v)!, v)).toBe(true);
  });
});

describe('the games offered, ON or OFF (C-7)', () => {
  const games = fieldDef('games');
  const two = { ...v, games: ['jacks-or-better' as const, 'poker-plus' as const] };

  it('has a toggle for every game of the registry, named and ON or OFF in both languages', () => {
    expect(fieldLabel('en', games)).toBe('GAMES IN MENU');
    expect(fieldLabel('ru', games)).toBe('ИГРЫ В МЕНЮ');
    expect(games.show(two, 'en')).toBe(`2 of ${GAME_IDS.length}`);
    expect(games.show(two, 'ru')).toBe(`2 из ${GAME_IDS.length}`);
    const draft = games.draft(two);
    for (const L of ['en', 'ru'] as const) {
      const options = games.options!(L, draft);
      expect(options.map((o) => o.game)).toEqual(GAME_IDS);
      expect(options.map((o) => o.label)).toEqual(GAME_IDS.map((g) => gameTitle(L, g)));
    }
    const en = games.options!('en', draft);
    expect(en.map((o) => [o.sub, o.selected])).toEqual(
      GAME_IDS.map((g) => (two.games.includes(g as 'poker-plus') ? ['ON', true] : ['OFF', false])),
    );
    expect(games.options!('ru', draft).find((o) => o.game === 'deuces-wild')!.sub).toBe('ВЫКЛ');
    expect(games.options!('ru', draft).find((o) => o.game === 'poker-plus')!.sub).toBe('ВКЛ');
  });

  it('picks a toggle by making its list the draft: a game added at the end, or taken out', () => {
    const draft = games.draft(two);
    const pick = (game: string, from = draft) => games.options!('en', from).find((o) => o.game === game)!.value;
    expect(games.parse(pick('deuces-wild'), two)).toEqual({ games: ['jacks-or-better', 'poker-plus', 'deuces-wild'] });
    expect(games.parse(pick('jacks-or-better'), two)).toEqual({ games: ['poker-plus'] });
    // Off and on again asks nothing; none left, a repeat or a stranger is no value at all.
    expect(changes(games.parse(pick('poker-plus', pick('poker-plus')), two)!, two)).toBe(false);
    expect(games.parse(pick('poker-plus', 'poker-plus'), two)).toBeNull();
    expect(games.parse('poker-plus,poker-plus', two)).toBeNull();
    expect(games.parse('poker-plus,blackjack', two)).toBeNull();
  });
});

describe('what each setting allows, said in the editor', () => {
  it("says every typed setting's bounds from its declaration, in its unit, in both languages", () => {
    for (const def of FIELDS.filter((f) => f.entry !== 'option'))
      for (const L of ['en', 'ru'] as const) expect(def.range?.(v, L), `${def.field} in ${L}`).toBeTruthy();
    expect(fieldDef('limits.maxBet').range!(v, 'en')).toBe('Allowed: 1 chip to 10 chips');
    expect(fieldDef('limits.maxBet').range!(v, 'ru')).toBe('Допустимо: от 1 фишки до 10 фишек');
    expect(fieldDef('presentation.attractSeconds').range!(v, 'en')).toBe('Allowed: 10 seconds to 3,600 seconds');
    // The ticket limit's bounds as declared (money in the currency, however the declaration moves them).
    const ticket = LIMITS.shape.ticketLimit;
    const usd = { code: 'USD', minorDigits: 2 };
    const said =
      ticket.maxValue === null || ticket.maxValue >= Number.MAX_SAFE_INTEGER
        ? `${formatMoney(ticket.minValue ?? 0, usd, 'en')} or more`
        : `${formatMoney(ticket.minValue ?? 0, usd, 'en')} to ${formatMoney(ticket.maxValue, usd, 'en')}`;
    expect(fieldDef('limits.ticketLimit').range!(v, 'en')).toBe(
      `Allowed: ${said}  •  typed in USD with a point, as ${plainMoney(v.limits.ticketLimit, 2)}`,
    );
    expect(fieldDef('chipValues').range!(v, 'en')).toBe(
      'Allowed: 1 to 8 values, each $0.01 to $1,000,000.00; typed with commas between them',
    );
  });

  it('follows the declaration: a bound declared there is the bound said here', () => {
    const maxBet = LIMITS.shape.maxBet;
    expect(fieldDef('limits.maxBet').range!(v, 'en')).toContain(`${maxBet.maxValue} chips`);
    expect(fieldDef('venue').range!(v, 'en')).toContain(`1 to ${VENUE.maxLength} letters`);
  });
});
