// Which wishes the cabinet would accept right now, found by asking the cabinet itself: each
// candidate runs through the pure stepCabinet on the current state and the result is thrown
// away. Lamps and touch buttons then follow exactly what the rules allow, never a copy of them.
// Each wish's sample is declared with the wish (src/cabinet/vocabulary/wish-schema.ts).

import { freshDeck } from '../../core';
import { stepCabinet, type CabinetEnv, type CabinetState } from '../../cabinet';
import { WISH_PROBES, WISH_TYPES, type Wish } from '../../contract';

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
  return WISH_TYPES.filter((type) => {
    const probe = WISH_PROBES.get(type)!;
    if ('liveWhen' in probe) return probe.liveWhen(state);
    const wish = { type, ...probe.sample(state) } as Wish;
    return stepCabinet(state, { kind: 'wish', counter: state.version, wish }, env).ok;
  });
}
