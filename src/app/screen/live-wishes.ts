// Which wishes the cabinet would accept right now, found by asking the cabinet itself: each
// candidate runs through the pure stepCabinet on the current state and the result is thrown
// away. Lamps and touch buttons then follow exactly what the rules allow, never a copy of them.

import { freshDeck } from '../../core';
import { stepCabinet, type CabinetEnv, type CabinetState } from '../../cabinet';
import type { Wish } from '../../contract';

function candidates(s: CabinetState): Wish[] {
  const otherGame = s.settings.games.find((g) => g !== s.selectedGame) ?? s.selectedGame;
  const otherChip = s.settings.chipValues.find((v) => v !== s.chipValue) ?? s.chipValue;
  return [
    { type: 'selectGame', game: otherGame },
    { type: 'chipValue', value: otherChip },
    { type: 'language', language: s.language === 'en' ? 'ru' : 'en' },
    { type: 'setBet', bet: 1 },
    { type: 'setBoxes', boxes: s.pokerPlusBoxes },
    { type: 'deal' },
    { type: 'hold', positions: [] },
    { type: 'toggleHold', position: 0 },
    { type: 'draw' },
    { type: 'exchange', positions: [0] },
    { type: 'buySixth' },
    { type: 'bet' },
    { type: 'fold' },
    { type: 'takeHalf' },
    { type: 'buyGame' },
    { type: 'reveal' },
    { type: 'cashOut' },
    { type: 'handpayConfirm' },
    { type: 'creditClear', confirm: true },
    { type: 'soundMute', on: true },
    { type: 'technicianLogout' },
    { type: 'clearPeriodMeters', confirm: true },
    { type: 'ramClear', confirm: true },
    // Settings as they are: allowed exactly when a change would be (technician, no game).
    { type: 'changeSettings', confirm: true, venue: s.settings.voucher.venue },
    { type: 'deviceTest', on: !s.deviceTest },
    { type: 'testLamps', lamps: {} },
    { type: 'testAcceptor', enabled: !s.deviceTest?.acceptor.enabled },
    { type: 'testVoucher' },
  ];
}

/** An environment for probes: deterministic and inert; nothing made with it is ever kept. */
function probeEnv(now: number): CabinetEnv {
  return {
    now: () => now,
    newDeck: freshDeck,
    newValidation: () => '000000000000000000',
    hashPin: () => '',
    verifyPin: () => false,
  };
}

export function liveWishes(state: CabinetState, now: number): string[] {
  const env = probeEnv(now);
  const live = candidates(state)
    .filter((wish) => stepCabinet(state, { kind: 'wish', counter: state.version, wish }, env).ok)
    .map((w) => w.type);
  // A PIN cannot be probed without guessing one; entering it is possible while the key is on.
  if (state.keys.technician) live.push('technicianPin', 'setPin', 'clearTilt');
  return [...new Set(live)];
}
