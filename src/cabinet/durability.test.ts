import { describe, expect, it } from 'vitest';
import { stackedDeck } from '../core/testing/decks';
import { stepCabinet } from './cabinet';
import { advancesAtOnce, numbersTaken, syncBeforeShowing } from './durability';
import type { CabinetInput } from './inputs';
import { Rig } from './testing/rig';

/** Steps `input` on the rig and says whether its commit must reach the disk before it shows. */
function synced(rig: Rig, input: CabinetInput): boolean {
  const prev = rig.state;
  const r = stepCabinet(prev, input, rig.env);
  if (!r.ok || r.state === prev) throw new Error(`expected a transition for ${JSON.stringify(input)}`);
  rig.state = r.state;
  return syncBeforeShowing(prev, r.state, r.effects);
}

const wish = (rig: Rig, w: unknown): CabinetInput => ({ kind: 'wish', counter: rig.state.version, wish: w });
const deckButton = (button: 'hold2' | 'deal'): CabinetInput => ({
  kind: 'device',
  event: { device: 'deck', type: 'button', button, pressed: true },
});

describe('which commits are synced before they show (C-13)', () => {
  it('a HOLD on a dealt Jacks or Better hand, from the deck or the screen, is shown before its sync', () => {
    const rig = new Rig();
    rig.insert(1000);
    rig.decks.push(stackedDeck('2c 7d 9h Js 4c'));
    expect(synced(rig, wish(rig, { type: 'deal', bet: 1 }))).toBe(true);
    expect(synced(rig, deckButton('hold2'))).toBe(false);
    expect(synced(rig, wish(rig, { type: 'toggleHold', position: 4 }))).toBe(false);
    expect(synced(rig, wish(rig, { type: 'hold', positions: [0, 1] }))).toBe(false);
    // The draw settles the game: money and meters, synced first.
    expect(synced(rig, deckButton('deal'))).toBe(true);
  });

  it('money, a game begun and everything but the held cards are synced first', () => {
    const rig = new Rig();
    const escrow: CabinetInput = {
      kind: 'device',
      event: { device: 'acceptor', type: 'escrow', value: 500, denomination: '500' },
    };
    expect(synced(rig, escrow)).toBe(true);
    expect(
      synced(rig, { kind: 'device', event: { device: 'acceptor', type: 'stacked', value: 500, denomination: '500' } }),
    ).toBe(true);
    expect(synced(rig, wish(rig, { type: 'deal', bet: 1 }))).toBe(true);
    // A hold with anything else changed beside it (here the balance) is not a hold alone.
    const prev = rig.state;
    const r = stepCabinet(prev, wish(rig, { type: 'toggleHold', position: 0 }), rig.env);
    if (!r.ok) throw new Error(`the hold was refused: ${r.refusal.reason}`);
    expect(syncBeforeShowing(prev, r.state, r.effects)).toBe(false);
    expect(syncBeforeShowing(prev, { ...r.state, balance: r.state.balance + 1 }, r.effects)).toBe(true);
    const stack = { type: 'command' as const, command: { device: 'acceptor' as const, type: 'stack' as const } };
    expect(syncBeforeShowing(prev, r.state, [...r.effects, stack])).toBe(true);
    // The game's own course (a card drawn) is not a hold either.
    const game = r.state.game;
    if (game?.game !== 'jacks-or-better') throw new Error('a Jacks or Better game was dealt');
    const drawn = { ...game, core: { ...game.core, dealt: [...game.core.dealt] } };
    expect(syncBeforeShowing(prev, { ...r.state, game: drawn }, r.effects)).toBe(true);
  });
});

describe("which commits advance the records' TPM counter at once (C-15)", () => {
  /** Steps `input` and says whether a copy from before it could pay the same thing again. */
  function atOnce(rig: Rig, input: CabinetInput): { atOnce: boolean; numbers: number } {
    const prev = rig.state;
    const r = stepCabinet(prev, input, rig.env);
    if (!r.ok || r.state === prev) throw new Error(`expected a transition for ${JSON.stringify(input)}`);
    rig.state = r.state;
    return { atOnce: advancesAtOnce(prev, r.state, r.effects), numbers: numbersTaken(prev, r.state) };
  }

  it('a handpay, locked and paid, does; a note stacked, a game and a voucher printed do not; a cash-out takes a number', () => {
    const rig = new Rig();
    rig.event({ device: 'acceptor', type: 'escrow', value: 5000, denomination: '5000' });
    expect(
      atOnce(rig, {
        kind: 'device',
        event: { device: 'acceptor', type: 'stacked', value: 5000, denomination: '5000' },
      }),
    ).toEqual({ atOnce: false, numbers: 0 });
    rig.decks.push(stackedDeck('2c 7d 9h Js 4c'));
    expect(atOnce(rig, wish(rig, { type: 'deal', bet: 1 })).atOnce).toBe(false);
    expect(atOnce(rig, wish(rig, { type: 'draw' })).atOnce).toBe(false);
    expect(atOnce(rig, wish(rig, { type: 'cashOut' }))).toEqual({ atOnce: false, numbers: 1 });
    const v = rig.state.voucher!;
    expect(
      atOnce(rig, { kind: 'device', event: { device: 'printer', type: 'printed', validation: v.validation } }).atOnce,
    ).toBe(false);
    rig.insert(100);
    rig.state = {
      ...rig.state,
      settings: { ...rig.state.settings, limits: { ...rig.state.settings.limits, ticketLimit: 50 } },
    };
    expect(atOnce(rig, wish(rig, { type: 'cashOut' })).atOnce).toBe(true);
    rig.key('attendant', true);
    expect(atOnce(rig, wish(rig, { type: 'handpayConfirm' })).atOnce).toBe(true);
  });
});
