// The sounds a new snapshot calls for, told from the one before it: a HOLD lit or put out, a bet
// or an ante changed, a note credited or handed back, a deck press the cabinet refused, a voucher
// starting to print. Pure, so the renderer test can check it without a speaker. Cards dealt and
// turned sound with their motions (card-view.ts); wins, roll-up ticks and the alarm with their
// timing (presentation.ts).

import type { Snapshot } from '../../src/contract';
import type { SoundName } from './sounds';

const boxesKey = (s: Snapshot): string => JSON.stringify(s.pokerPlus.nextBoxes);

export function snapshotCues(prev: Snapshot | null, next: Snapshot): SoundName[] {
  if (!prev) return [];
  const out: SoundName[] = [];
  const [a, b] = [prev.jacks, next.jacks];
  if (a.gameId !== null && a.gameId === b.gameId && a.phase === 'holding' && b.phase === 'holding') {
    if (b.held.some((p) => !a.held.includes(p))) out.push('holdOn');
    if (a.held.some((p) => !b.held.includes(p))) out.push('holdOff');
  }
  if (a.bet !== b.bet) out.push(b.bet === b.maxBet && b.bet - a.bet > 1 ? 'maxBet' : 'betOne');
  if (!next.inGame && boxesKey(prev) !== boxesKey(next)) out.push('betOne');
  if (prev.activity.seq !== next.activity.seq) {
    const kind = next.activity.kind;
    if (kind === 'noteCredited') out.push('noteIn');
    else if (kind === 'noteReturned') out.push('noteOut');
    else if (kind === 'buttonRefused') out.push('refused');
  }
  if (!prev.cashout && next.cashout) out.push('cashout');
  return out;
}
