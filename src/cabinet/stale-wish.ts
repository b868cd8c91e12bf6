// C-22: a wish names the state version the screen showed when it was made, and a wish made on a
// state that has since changed is refused, so that nobody acts on what is no longer there. Only a
// change a person acts on makes it stale: the cabinet also commits its own bookkeeping and the
// devices' reports beside play (the pay tables' returns measured after a start, a printer's paper
// low, the acceptor told to take notes again, the casino system's polls, the meters), and a DRAW
// pressed on a dealt hand that such a commit overtook on its way was refused though the hand, the
// bet and the buttons were as the player saw them. Whether the wish may be done at all is judged
// on the state as it is now, as ever; this only says whether it was made on what is now shown.

import type { CabinetState } from './state';

/** Parts of the state no wish is made on: changing only these leaves the screen's wishes current. */
const UNSEEN = [
  'version',
  'shownVersion',
  'installedPayTables',
  'devices',
  'lamps',
  'acceptorEnabled',
  'acceptorCurrency',
  'meters',
  'sas',
  'configApplied',
  'specimenCount',
  'soundMutedUntil',
  'lastNote',
  'ticketGuesses',
  'nextGameId',
  'voucherSequence',
  'paidOut',
] as const satisfies readonly (keyof CabinetState)[];
const UNSEEN_KEYS: ReadonlySet<string> = new Set(UNSEEN);

/** Whether going from `before` to `after` changed anything a wish is made on. */
export function shownChanged(before: CabinetState, after: CabinetState): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys) {
    if (UNSEEN_KEYS.has(k)) continue;
    const a = before[k as keyof CabinetState];
    const b = after[k as keyof CabinetState];
    // Settings are often applied again as they were (a config read, the tables rated): same values, same screen.
    if (a !== b && (k !== 'settings' || JSON.stringify(a) !== JSON.stringify(b))) return true;
  }
  return false;
}

/** The oldest version a wish may name and still be current (states saved before it was kept: the version). */
export const oldestCurrent = (s: CabinetState): number => s.shownVersion ?? s.version;

/** Why a wish made against `counter` is stale now, or null when it was made on what is shown. */
export function staleWish(s: CabinetState, counter: number): string | null {
  if (counter <= s.version && counter >= oldestCurrent(s)) return null;
  return `stale wish: made against state ${String(counter)}, the cabinet is at ${s.version} (shown since ${oldestCurrent(s)})`;
}
