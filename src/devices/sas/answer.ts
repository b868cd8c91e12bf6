// What the link sends for one poll: the reply, and what is done once the host has taken it
// (link.ts's implied acknowledgement gives up an exception, a record or a final status only then).

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
