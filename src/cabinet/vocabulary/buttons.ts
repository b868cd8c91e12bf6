// What a Jacks or Better button means (C-20), declared once for the button deck and the touch
// screen alike: the wishes a press makes, in the order they are tried. The deck's press is taken
// by the cabinet as the first of them it accepts; the touch screen shows the first the snapshot
// says is live. BET ONE counts up and wraps back to one after the maximum; MAX BET deals at once
// at the maximum, as on a real deck, and only sets the bet when no deal can start.

import { HOLD_BUTTONS, type Button } from './devices';
import type { Wish } from './wish-schema';

export const JACKS_BUTTONS = ['deal', ...HOLD_BUTTONS, 'betOne', 'maxBet'] as const;
export type JacksButton = (typeof JACKS_BUTTONS)[number] & Button;

/** What a press depends on: whether the dealt hand is being held, the bet, and the most a bet may be. */
export interface JacksButtonsAt {
  holding: boolean;
  bet: number;
  maxBet: number;
}

/** The bet after BET ONE. */
export const betOneNext = (bet: number, maxBet: number): number => (bet >= maxBet ? 1 : bet + 1);

/** The wishes a press of `button` makes, first to last: the first taken is the one done. */
export function jacksButtonWishes(button: JacksButton, at: JacksButtonsAt): readonly [Wish, ...Wish[]] {
  switch (button) {
    case 'deal':
      return at.holding ? [{ type: 'draw' }] : [{ type: 'deal', bet: at.bet }];
    case 'betOne':
      return [{ type: 'setBet', bet: betOneNext(at.bet, at.maxBet) }];
    case 'maxBet':
      return [
        { type: 'deal', bet: at.maxBet },
        { type: 'setBet', bet: at.maxBet },
      ];
    default:
      return [{ type: 'toggleHold', position: HOLD_BUTTONS.indexOf(button) }];
  }
}
