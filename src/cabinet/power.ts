// Start-up (C-9, C-14): the power-up meter, the meter check, and the settling of a note or a
// voucher that a crash interrupted, by what the devices say became of it. A game in progress
// needs nothing: its deck and step are part of the committed state.

import { credit, escrow } from './bills';
import { lockForHandpay, voucherPrinted } from './cashout';
import type { AcceptorNoteReport } from './inputs';
import { checkMeters } from './settle';
import type { CabinetSettings } from './settings';
import { gameInProgress } from './state';
import type { Transition } from './transition';

export function powerUp(tx: Transition): void {
  tx.count({ powerUps: 1 });
  tx.setMeters({ gamesSincePowerUp: 0 });
  // The devices may have restarted too: forget what they were told, so it is told again.
  tx.set({ acceptorEnabled: null, lamps: null, access: { ...tx.state.access, technicianSession: false } });
  tx.log('powerUp', { balance: tx.state.balance, game: tx.state.game && !tx.state.game.outcome ? tx.state.game.id : null });
  checkMeters(tx, 'at power-up');
}

export function recovered(
  tx: Transition,
  acceptor: AcceptorNoteReport | null,
  voucher: 'printed' | 'not-printed' | 'unknown' | null,
): void {
  const note = tx.state.note;
  if (note) {
    const state = acceptor?.state ?? 'none';
    tx.log('recovery', { device: 'acceptor', note: note.value, reported: state, value: acceptor?.value ?? null });
    if (state === 'stacked' && acceptor!.value === note.value) credit(tx, note.value);
    else if (state === 'escrow') tx.send({ device: 'acceptor', type: 'stack' });
    else {
      tx.set({ note: null });
      if (state === 'stacked') {
        tx.log('anomaly', { device: 'acceptor', reason: `the acceptor stacked ${acceptor!.value}, the cabinet expected ${note.value}` });
      }
    }
  } else if (acceptor?.state === 'escrow') {
    // The escrow arrived before the crash and was never decided: decide it now.
    escrow(tx, acceptor.value, String(acceptor.value));
  }
  const v = tx.state.voucher;
  if (v) {
    tx.log('recovery', { device: 'printer', validation: v.validation, reported: voucher });
    if (voucher === 'printed') voucherPrinted(tx);
    else if (voucher === 'not-printed') tx.send({ device: 'printer', type: 'print', voucher: v });
    else {
      // Nobody can tell whether the voucher exists: void it and let the attendant pay by hand.
      tx.set({ voucher: null });
      tx.log('voucher', { event: 'voided', validation: v.validation, amount: v.amount, reason: 'printer cannot say whether it printed' });
      lockForHandpay(tx, { kind: 'cancelledCredits', amount: v.amount, reason: 'voucher status unknown after restart', gameId: null, game: null });
    }
  }
}

/** C-7: new operator settings; every change is logged, and a game in progress keeps its own. */
export function applySettings(tx: Transition, settings: CabinetSettings, source: string): void {
  const before = tx.state.settings;
  const changed = Object.keys(settings).filter(
    (k) => JSON.stringify(before[k as keyof CabinetSettings]) !== JSON.stringify(settings[k as keyof CabinetSettings]),
  );
  if (changed.length === 0) return;
  for (const key of changed) {
    tx.log('config', { key, from: before[key as keyof CabinetSettings], to: settings[key as keyof CabinetSettings], source });
  }
  const s = tx.state;
  const busy = gameInProgress(s);
  tx.set({
    settings,
    chipValue: settings.chipValues.includes(s.chipValue) || busy ? s.chipValue : settings.chipValues[0],
    selectedGame: settings.games.includes(s.selectedGame) ? s.selectedGame : settings.games[0],
    jacksBet: Math.min(s.jacksBet, settings.limits.maxBet),
    pokerPlusBoxes: s.pokerPlusBoxes.map((b) => ({ ...b, ante: Math.min(Math.max(b.ante, settings.limits.minAnte), settings.limits.maxAnte) })),
  });
}
