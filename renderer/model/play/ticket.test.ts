import { describe, expect, it } from 'vitest';
import { checkToScreen, type Snapshot, type TicketView } from '../../../src/contract';
import * as fx from '../../../test/renderer/fixtures';
import { describeScene } from '../describe-scene';
import { followActivity, noteInput, initialUi, type UiState } from '../ui-state';

const AT = 5_000;
const withTicket = (ticket: TicketView, s: Snapshot = fx.baseSnapshot()): Snapshot => {
  const out = { ...s, ticket };
  const r = checkToScreen({ kind: 'snapshot', snapshot: out });
  if (!r.ok) throw new Error(r.error);
  return out;
};
const ui = (now: number, view: 'game' | 'lobby' = 'game'): UiState => ({ ...noteInput(initialUi(0), 1000), view, now });
const returned = (reason: NonNullable<NonNullable<TicketView['last']>['reason']>): TicketView => ({
  validating: false,
  last: { outcome: 'returned', amount: null, reason, at: AT, until: AT + 10_000 },
});
const credited: TicketView = {
  validating: false,
  last: { outcome: 'credited', amount: 1500, reason: null, at: AT, until: AT + 5_000 },
};

describe("the ticket on the player's screen", () => {
  it("says VALIDATING TICKET… in place of the game's message, in English and Russian", () => {
    const s = withTicket({ validating: true, last: null });
    expect(describeScene(s, ui(AT), 'open').message).toBe('VALIDATING TICKET…');
    expect(describeScene(fx.russian(s), ui(AT), 'open').message).toBe('ПРОВЕРКА БИЛЕТА…');
    expect(
      describeScene(withTicket({ validating: true, last: null }, fx.pokerPlusDeciding()), ui(AT), 'open').message,
    ).toBe('VALIDATING TICKET…');
  });

  it('names each reason a ticket came back for, in both languages', () => {
    const en = {
      expired: 'EXPIRED',
      alreadyRedeemed: 'ALREADY REDEEMED',
      notValidHere: 'NOT VALID HERE',
      limit: 'OVER THE CREDIT LIMIT',
      other: 'PLEASE TRY AGAIN',
    } as const;
    const ru = {
      expired: 'СРОК ИСТЁК',
      alreadyRedeemed: 'УЖЕ ОПЛАЧЕН',
      notValidHere: 'НЕ ПРИНИМАЕТСЯ ЗДЕСЬ',
      limit: 'ПРЕВЫШЕН ЛИМИТ',
      other: 'ПОПРОБУЙТЕ ЕЩЁ РАЗ',
    } as const;
    for (const reason of Object.keys(en) as (keyof typeof en)[]) {
      const s = withTicket(returned(reason));
      expect(describeScene(s, ui(AT + 1), 'open').message).toMatch(new RegExp(`^TICKET RETURNED: ${en[reason]}`));
      expect(describeScene(fx.russian(s), ui(AT + 1), 'open').message).toMatch(
        new RegExp(`^БИЛЕТ ВОЗВРАЩЁН: ${ru[reason]}`),
      );
    }
  });

  it('shows the amount credited, on the lobby too, until its time is up or the player touches', () => {
    const s = withTicket(credited);
    expect(describeScene(s, ui(AT + 1), 'open').message).toBe('TICKET ACCEPTED: $15.00');
    expect(describeScene(fx.russian(s), ui(AT + 1), 'open').message).toMatch(/^БИЛЕТ ПРИНЯТ: 15,00/);
    expect(describeScene(s, ui(AT + 1, 'lobby'), 'open').lines[0]).toBe('TICKET ACCEPTED: $15.00');
    // Its time is up: the game's own message again.
    const plain = describeScene(fx.baseSnapshot(), ui(AT + 5_000), 'open').message;
    expect(describeScene(s, ui(AT + 5_000), 'open').message).toBe(plain);
    // A touch after it ended: seen.
    expect(describeScene(s, noteInput(ui(AT + 2), AT + 2), 'open').message).toBe(plain);
  });

  it('shows under a handpay or a tilt, and in the attract loop in place of the call to insert', () => {
    const validating = { validating: true, last: null };
    for (const locked of [fx.handpay(), fx.tilt()]) {
      const scene = describeScene(withTicket(validating, locked), ui(AT), 'open');
      expect(scene.overlay).toBe(locked.lockup!.kind);
      expect(scene.lockup?.ticket).toBe('VALIDATING TICKET…');
      // What the lockup says stays as it was.
      expect(scene.lockup?.lines).toEqual(describeScene(locked, ui(AT), 'open').lockup?.lines);
      const back = describeScene(fx.russian(withTicket(returned('other'), locked)), ui(AT + 1), 'open');
      expect(back.lockup?.ticket).toMatch(/^БИЛЕТ ВОЗВРАЩЁН: ПОПРОБУЙТЕ ЕЩЁ РАЗ/);
    }
    expect(describeScene(fx.handpay(), ui(AT), 'open').lockup?.ticket).toBeNull();
    // Nobody has touched the screen yet: the attract loop runs, with the ticket's line.
    const idle: UiState = { ...initialUi(0), now: AT + 1 };
    const empty: Snapshot = { ...fx.baseSnapshot(), balance: 0, credits: 0 };
    const attract = describeScene(withTicket(returned('expired'), empty), idle, 'open');
    expect(attract.screen).toBe('attract');
    expect(attract.attract?.ticket).toBe('TICKET RETURNED: EXPIRED');
    expect(describeScene(withTicket({ validating: true, last: null }, empty), idle, 'open').attract?.ticket).toBe(
      'VALIDATING TICKET…',
    );
    expect(describeScene(empty, idle, 'open').attract).toMatchObject({ ticket: null });
    // Its time up: the loop's own call again.
    expect(
      describeScene(withTicket(returned('expired'), empty), { ...idle, now: AT + 10_000 }, 'open').attract?.ticket,
    ).toBe(null);
  });

  it('stays when the ticket put in is reported with its outcome; goes on a deck button pressed', () => {
    const s = withTicket(returned('alreadyRedeemed'));
    const seen = followActivity(ui(AT), { ...s, activity: { seq: 0, kind: 'none' } }, AT);
    // The insertion and the return in one snapshot, read after the return.
    const inserted = followActivity(seen, { ...s, activity: { seq: 1, kind: 'ticketInserted' } }, AT + 50);
    expect(describeScene(s, { ...inserted, now: AT + 60 }, 'open').message).toBe('TICKET RETURNED: ALREADY REDEEMED');
    const pressed = followActivity(inserted, { ...s, activity: { seq: 2, kind: 'button' } }, AT + 70);
    expect(describeScene(s, { ...pressed, now: AT + 80 }, 'open').message).not.toMatch(/TICKET/);
  });
});
