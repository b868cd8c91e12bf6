// The chip value changed on the game screen, as the cabinets players know do it: the top bar's
// denomination button shows the chip in play and opens a chooser of the operator's chip values
// (C-2); a value picked is wished and closes it. Between games only, as the cabinet allows.

import type { Snapshot } from '../../../src/contract';
import { formatChipValue } from '../../i18n/numbers';
import { uiAction } from '../actions';
import { button, isLive, type ButtonSpec } from '../parts';
import { chipText } from './common';

/** The denomination button `chip`, and while the chooser is open a `chip:<value>` button for each value. */
export function chipButtons(s: Snapshot, open: boolean): ButtonSpec[] {
  const can = !s.inGame && isLive(s, 'chipValue') && s.chipValues.length > 1;
  const showing = open && can;
  const denom = button('chip', chipText(s), can, uiAction({ type: 'chips', open: !showing }), null, showing);
  if (!showing) return [denom];
  return [
    denom,
    ...s.chipValues.map((v) =>
      button(
        `chip:${v}`,
        formatChipValue(v, s.currency, s.language),
        true,
        uiAction({ type: 'pickChip', value: v }),
        null,
        v === s.chipValue,
      ),
    ),
  ];
}
