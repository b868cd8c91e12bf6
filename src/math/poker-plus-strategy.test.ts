import { describe, expect, it } from 'vitest';
import strong from '../../docs/poker-plus-strong-strategy.json';
import data from './poker-plus-default-strategy.json';
import { DEFAULT_POKER_PLUS_STRATEGY } from './poker-plus-default-strategy';
import { parseStrategy } from './poker-plus-strategy';

const withChange = (change: Record<string, unknown>): unknown => ({ ...data, ...change });

describe('Poker Plus strategy files', () => {
  it('reads the shipped default', () => {
    expect(DEFAULT_POKER_PLUS_STRATEGY.name).toBe('default');
    expect(DEFAULT_POKER_PLUS_STRATEGY.first.length).toBeGreaterThan(0);
  });

  it('names the path of what is wrong', () => {
    const error = (input: unknown): string => {
      const parsed = parseStrategy(input);
      return parsed.ok ? 'accepted' : parsed.error;
    };
    expect(error(null)).toMatch(/expected a JSON object/);
    expect(error(withChange({ colour: 'red' }))).toMatch(/unknown key "colour"/);
    expect(error(withChange({ first: [{ if: { handAtLeast: 'big' }, then: 'stand' }] }))).toMatch(
      /strategy\.first\[0\]\.if\.handAtLeast/,
    );
    expect(error(withChange({ second: [{ if: 'any', then: 'jump' }] }))).toMatch(/strategy\.second\[0\]\.then/);
    expect(error(withChange({ bet: { pairAtLeast: 'X' } }))).toMatch(/strategy\.bet\.pairAtLeast: expected a rank/);
    expect(error(withChange({ bet: { all: 'pair' } }))).toMatch(/strategy\.bet\.all: expected an array/);
    expect(error(withChange({ takeHalf: ['pair'] }))).toMatch(/P-6/);
    expect(error(withChange({ takeHalf: ['flush'], buyGame: ['flush'] }))).toMatch(/P-7/);
    expect(error(withChange({ exact: 'yes' }))).toMatch(/exact/);
    expect(error(withChange({ first: [{ if: 'any', then: { exchangeOne: 'highest' } }] }))).toMatch(
      /strategy\.first\[0\]\.then: expected .*\{"exchangeOne": "lowest-unpaired"\|"off-flush"\|"off-straight"\}/,
    );
  });

  it('refuses a second-action list that names an exchange of more than one card (P-3), with its path', () => {
    const second = [
      { if: { handAtLeast: 'pair' }, then: 'stand' },
      { if: { draw: 'four-flush' }, then: { exchange: 'off-flush' } },
    ];
    const parsed = parseStrategy(withChange({ second }));
    expect(parsed).toEqual({
      ok: false,
      error:
        'strategy.second[1].then: a second draw action exchanges one card only (P-3): expected "stand", "fold", ' +
        '"buySixth" or {"exchangeOne": "lowest-unpaired"|"off-flush"|"off-straight"}',
    });
    // The same exchange is a first action, and one card is a second.
    expect(parseStrategy(withChange({ first: second })).ok).toBe(true);
    const one = parseStrategy(withChange({ second: [{ if: 'any', then: { exchangeOne: 'off-flush' } }] }));
    expect(one.ok && one.strategy.second).toEqual([{ if: 'any', then: { exchangeOne: 'off-flush' } }]);
  });

  it('reads the strong strategy of the docs under the same language', () => {
    const parsed = parseStrategy(strong);
    expect(parsed.ok).toBe(true);
  });
});
