// Request and answer over a PortConnection, one at a time, with a timeout and retries: the
// polled protocols (ID-003, EBDS, ESC/POS status) are all "send, wait for one reply". The timeout
// is time spent listening (./own-pauses.ts): a pause of this process is not the device's silence.

import { listeningTimeout } from './own-pauses';
import type { PortConnection } from './port-connection';

export class NoAnswerError extends Error {
  constructor(what: string, attempts: number) {
    super(`no answer to ${what} after ${attempts} attempt${attempts === 1 ? '' : 's'}`);
    this.name = 'NoAnswerError';
  }
}

interface Waiter<F> {
  accept: (frame: F) => boolean;
  resolve: (frame: F) => void;
}

export class Requester<F> {
  private waiter: Waiter<F> | null = null;
  /** Replies that matched no request (late answers to a retried request, mostly). */
  unexpected = 0;

  constructor(
    private readonly conn: PortConnection<F>,
    private readonly onUnsolicited: (frame: F) => void = () => undefined,
  ) {
    conn.on('frame', (frame) => {
      const w = this.waiter;
      if (w && w.accept(frame)) {
        this.waiter = null;
        w.resolve(frame);
      } else {
        this.unexpected++;
        this.onUnsolicited(frame);
      }
    });
  }

  /**
   * Sends `bytes` and resolves with the first reply `accept` takes; tries `1 + retries` times.
   * Rejects with NoAnswerError, or with the write error when the port is gone.
   */
  async request(
    what: string,
    bytes: Uint8Array,
    accept: (frame: F) => boolean,
    timeoutMs: number,
    retries: number,
  ): Promise<F> {
    for (let attempt = 1; attempt <= retries + 1; attempt++) {
      const answer = new Promise<F | null>((resolve) => {
        const cancel = listeningTimeout(timeoutMs, () => {
          if (this.waiter === waiter) this.waiter = null;
          resolve(null);
        });
        const waiter: Waiter<F> = {
          accept,
          resolve: (f) => {
            cancel();
            resolve(f);
          },
        };
        this.waiter = waiter;
      });
      // A write that never completes (a pseudo-terminal whose far end died) counts as no answer.
      const wrote = this.conn.write(bytes);
      wrote.catch(() => undefined);
      let frame: F | null;
      try {
        frame = await Promise.race([answer, wrote.then(() => answer)]);
      } catch (e) {
        this.waiter = null;
        throw e;
      }
      if (frame !== null) return frame;
      // Let a late answer arrive and be dropped, so it is not taken for the next request's.
      await new Promise((r) => setTimeout(r, Math.max(5, timeoutMs / 2)));
    }
    throw new NoAnswerError(what, retries + 1);
  }

  /** Sends bytes that get no reply (an ID-003 ACK). */
  send(bytes: Uint8Array): Promise<void> {
    return this.conn.write(bytes);
  }
}
