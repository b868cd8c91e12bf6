import { describe, expect, it } from 'vitest';
import { EVENT_SAMPLES } from '../../test/renderer/service-fixtures';
import { eventSentence } from './event-sentences';

const USD = { code: 'USD', minorDigits: 2 };

describe('the event log in sentences', () => {
  it('says each row as a sentence with its money in the currency, in both languages', () => {
    const say = (L: 'en' | 'ru', i: number) => eventSentence(L, EVENT_SAMPLES[i]!.kind, EVENT_SAMPLES[i]!.data, USD);
    expect(say('en', 0)).toBe('Voucher printed $18.75, validation 001234567890123456');
    expect(say('ru', 0)).toBe('Напечатан ваучер 18,75\u00a0$, номер 001234567890123456');
    expect(say('en', 1)).toBe('Main door closed');
    expect(say('ru', 1)).toBe('Главная дверь: закрыта');
    expect(say('en', 2)).toBe('Note $20.00 stacked, credits now $25.10');
    expect(say('en', 3)).toBe(
      'Handpay $1,250.00 paid by the attendant: ROYAL FLUSH: a win at or above the handpay limit',
    );
    expect(say('ru', 5)).toBe('Настройка ЛИМИТ БИЛЕТА изменена: 3\u00a0000,00\u00a0$ → 500,00\u00a0$ (техником)');
  });

  it('never leaves a placeholder, a rule id or a bare amount of minor units in a sentence', () => {
    const rows = [
      ...EVENT_SAMPLES,
      { kind: 'refusal', data: { rule: 'C-2', reason: 'not enough credits', heldBack: 3 } },
      { kind: 'meterClear', data: { scope: 'period', meters: { coinIn: 12345 } } },
      { kind: 'powerUp', data: { balance: 98765, game: 4 } },
      { kind: 'creditClear', data: { amount: 43210, key: 'attendant' } },
      { kind: 'sas', data: { event: 'exceptionDropped', code: 81, name: 'billJam', reason: 'queue full' } },
      { kind: 'somethingNew', data: { amount: 55555, note: 'x' } },
    ];
    for (const L of ['en', 'ru'] as const)
      for (const r of rows) {
        const text = eventSentence(L, r.kind, r.data, USD);
        expect(text, `${r.kind} in ${L}`).not.toMatch(
          /[{}]|\b[CHJP]-\d|\b(1875|2000|2510|125000|300000|12345|98765|43210|55555)\b/,
        );
      }
    expect(eventSentence('en', 'somethingNew', { amount: 55555 }, USD)).toBe('SomethingNew: amount $555.55');
    expect(eventSentence('en', 'refusal', rows[EVENT_SAMPLES.length]!.data, USD)).toBe(
      'Refused: not enough credits (+3)',
    );
  });
});
