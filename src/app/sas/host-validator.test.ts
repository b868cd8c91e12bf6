import { describe, expect, it } from 'vitest';
import { HostTicketValidator } from './ticket-in';

const A = '001234567890121111';

describe("the host's 71 through the validator's one door", () => {
  it('settles the validation with the verdict the host gave, once', async () => {
    const v = new HostTicketValidator();
    const verdict = v.validate(A, new AbortController().signal);
    const stepped = v.answer(A, { valid: true, amount: 2500 });
    await expect(verdict).resolves.toEqual({ valid: true, amount: 2500 });
    await expect(stepped).resolves.toBeUndefined();
    // Answered: a second 71 for it finds no validation waiting.
    expect(v.answer(A, { valid: true, amount: 9999 })).toBeNull();
  });

  it('answers after whoever asked first: the verdict is stepped before the status is read', async () => {
    const v = new HostTicketValidator();
    const order: string[] = [];
    void v.validate(A, new AbortController().signal).then(() => order.push('runner steps the verdict'));
    await v.answer(A, { valid: false, reason: 'expired', code: 0x80 })!.then(() => order.push('link reads the status'));
    expect(order).toEqual(['runner steps the verdict', 'link reads the status']);
  });

  it('settles, refused, when the validation is over without a 71 (time-out or close); a 71 then finds nothing', async () => {
    const v = new HostTicketValidator();
    const done = new AbortController();
    const verdict = v.validate(A, done.signal);
    done.abort('no validation in time');
    await expect(verdict).rejects.toThrow(/no validation in time/);
    expect(v.answer(A, { valid: true, amount: 100 })).toBeNull();
  });

  it('a ticket validated again (after a restart) waits for its new 71; the old validation is not answered by it', async () => {
    const v = new HostTicketValidator();
    const first = new AbortController();
    const old = v.validate(A, first.signal);
    const again = v.validate(A, new AbortController().signal);
    first.abort('validated again from the start');
    await expect(old).rejects.toThrow();
    v.answer(A, { valid: true, amount: 700 });
    await expect(again).resolves.toEqual({ valid: true, amount: 700 });
  });
});
