// The end of a game: what it paid goes to the credit meter, or to a handpay when it is at or
// above the handpay limit (C-5); the game is metered (C-8), recorded for recall (C-11), and the
// meters are checked (C-9).

import { categoryOf, evaluate, present, ReplayError, runReplay } from '../core';
import { lockForHandpay } from './cashout';
import { checkBalance, gameMeter } from './meters';
import { replayFile } from './recall';
import { moneyWords } from './money';
import { isVideoPokerSession, type GameOutcome, type GameSession } from './state';
import { addTilt } from './tilts';
import type { Transition } from './transition';

/** C-9: a mismatch stops play until a technician clears it. */
export function checkMeters(tx: Transition, when: string): void {
  const check = checkBalance(tx.state.meters.lifetime, tx.state.balance, tx.state.promo);
  if (check.ok) return;
  const kinds = check.kinds
    ? `; restricted ${check.kinds.restricted.join(' against ')}, nonrestricted ${check.kinds.nonRestricted.join(' against ')}`
    : '';
  const reason = `meter mismatch: the meters say ${check.expected}, the balance is ${check.actual}${kinds}`;
  addTilt(tx, { kind: 'meters' }, reason, { when });
}

/** The hand that won a game's pay: a video-poker family's, or the Poker Plus box that returned the most. */
function winningHand(session: GameSession): string | null {
  if (isVideoPokerSession(session)) return session.core.hand;
  const result = session.core.result;
  if (!result) return null;
  let best = -1;
  result.boxes.forEach((b, i) => {
    if (best < 0 || b.returned > result.boxes[best]!.returned) best = i;
  });
  const box = session.core.boxes[best];
  return box ? categoryOf(evaluate(box.cards)) : null;
}

export function settleGame(tx: Transition): void {
  const session = tx.state.game!;
  const game = session.game;
  let returnedChips: number;
  const pp: Record<string, number> = {};
  if (isVideoPokerSession(session)) {
    returnedChips = session.core.win;
  } else {
    const result = session.core.result!;
    returnedChips = result.boxes.reduce((n, b) => n + b.returned, 0);
    result.boxes.forEach((b, i) => {
      if (b.outcome !== 'half') return;
      // The core settles the boxes one for one (poker-plus-settle.ts).
      const box = present(session.core.boxes[i], `Poker Plus box ${i} of a settled round`);
      pp['pp.takeHalfCount'] = (pp['pp.takeHalfCount'] ?? 0) + 1;
      pp['pp.takeHalfPaid'] = (pp['pp.takeHalfPaid'] ?? 0) + (b.returned - box.ante - box.bet) * session.chipValue;
    });
  }
  const paid = returnedChips * session.chipValue;
  const staked = session.stakedChips * session.chipValue;
  const verdict =
    returnedChips > session.stakedChips ? 'gamesWon' : returnedChips < session.stakedChips ? 'gamesLost' : 'gamesTied';
  tx.count({
    ...pp,
    gamesPlayed: 1,
    [gameMeter(game, 'gamesPlayed')]: 1,
    [verdict]: 1,
    [gameMeter(game, verdict)]: 1,
    gamesSincePowerUp: 1,
    gamesSinceDoorClose: 1,
  });
  const handpaid = paid > 0 && paid >= tx.state.settings.limits.handpayLimit;
  if (handpaid) {
    const hand = winningHand(session);
    lockForHandpay(tx, {
      kind: 'jackpot',
      amount: paid,
      reason: `${hand ? `${hand.replace(/-/g, ' ')}: ` : ''}win of ${moneyWords(paid, tx.state.settings)}, at or above the handpay limit of ${moneyWords(tx.state.settings.limits.handpayLimit, tx.state.settings)}`,
      cause: { type: 'win', hand },
      gameId: session.id,
      game,
    });
  } else if (paid > 0) {
    tx.set({ balance: tx.state.balance + paid });
    tx.count({ coinOut: paid, [gameMeter(game, 'coinOut')]: paid });
  }
  const outcome: GameOutcome = { returnedChips, paid, handpaid };
  tx.set({ game: { ...session, outcome } });

  const replay = replayFile(session);
  try {
    const result = runReplay(replay);
    const replayed = 'boxes' in result ? result.boxes.reduce((n, b) => n + b.returned, 0) : result.win;
    if (replayed !== returnedChips) {
      tx.log('anomaly', {
        gameId: session.id,
        reason: `recall replays to ${replayed} chips, the game returned ${returnedChips}`,
      });
    }
    tx.recall({
      gameId: session.id,
      game,
      chipValue: session.chipValue,
      startedAt: session.startedAt,
      endedAt: tx.at,
      staked,
      paid,
      handpaid,
      replay,
      result,
    });
  } catch (e) {
    if (!(e instanceof ReplayError)) throw e;
    // The game itself settled by the same core, so its money stands; the record is what failed.
    tx.log('anomaly', { gameId: session.id, reason: `recall does not replay: ${e.message}` });
  }
  checkMeters(tx, `after game ${session.id}`);
}
