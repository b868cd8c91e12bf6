// What answering one poll needs and gives, shared by the link and the answers it delegates to
// (long-polls.ts, meter-answers.ts, validation-answers.ts, ticket-replies.ts): the machine, its
// address and money units in; the reply, and what is done once the host has taken it, out
// (link.ts's implied acknowledgement gives up an exception, a record or a final status only
// then). No answer at all is `null`: the poll is one this machine does not support (the
// standard's 4.4), and the link counts it.

import type { SasMachine } from './machine';
import { toSasUnits, type MoneyUnits } from './meter-codes';

export interface Answer {
  reply: Buffer;
  /** Called once the host has taken the reply. */
  taken?: () => void;
}

/**
 * An answer now; one the machine gives once it has committed what the poll asked (a 71's
 * verdict), while later polls wait their turn; or none (the poll goes unanswered).
 */
export type Answering = Answer | Promise<Answer | null> | null;

/** An exception the general poll reports next: its code, its real-time event data, and what is done once it is taken. */
export interface ExceptionReport {
  code: number;
  data?: readonly number[];
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
