// The ticket's line on the player's screens: VALIDATING TICKET… while one is in escrow, then
// how it ended (the amount credited, or why it came back) until the snapshot's `until`, or at
// once when the player touches the screen or presses a button after it ended: he has seen it.
// describe-scene.ts puts it on the games, the lobby, the attract loop and any lockup.

import type { Snapshot } from '../../../src/contract';
import { formatMoney } from '../../i18n/numbers';
import { t } from '../../i18n/texts';
import type { UiState } from '../ui-state';

export function ticketLine(s: Snapshot, ui: Pick<UiState, 'now' | 'lastPressAt'>): string | null {
  const L = s.language;
  if (s.ticket.validating) return t(L, 'ticket.validating');
  const last = s.ticket.last;
  if (!last || ui.now >= last.until || ui.lastPressAt > last.at) return null;
  if (last.outcome === 'credited')
    return t(L, 'ticket.credited', { amount: formatMoney(last.amount ?? 0, s.currency, L) });
  return t(L, `ticket.returned.${last.reason ?? 'other'}`);
}
