// What answering one long poll needs and gives, shared by the link and the answers it delegates
// to (meter-answers.ts, validation-answers.ts): the machine, its address and money units in; a
// reply, and what to do once the host has taken it, out. No answer at all is `null`: the poll is
// one this machine does not support (the standard's 4.4), and the link counts it.

import type { SasMachine } from './machine';
import { toSasUnits, type MoneyUnits } from './meter-codes';

export interface Answer {
  reply: Buffer;
  /** Called once the host has taken the reply. */
  taken?: () => void;
}

export interface PollContext {
  address: number;
  machine: SasMachine;
  money: MoneyUnits;
}

/** Minor units as credits of the accounting denomination, rounded down. */
export const credits = (ctx: PollContext, minor: number): number => toSasUnits(minor, 'credits', ctx.money);

/** Minor units as cents (SAS carries every ticket amount in cents). */
export const cents = (ctx: PollContext, minor: number): number => toSasUnits(minor, 'cents', ctx.money);

/** The game number a type M poll names: 0 the machine, 1… its games; false for one it does not have. */
export const knownGame = (ctx: PollContext, game: number): boolean => game <= ctx.machine.games().length;
