// Time a driver was listening, not time on the wall. When the cabinet's own process pauses (a
// loaded machine, a synchronous commit waiting on a slow disk), a device's answers wait unread in
// the port, and Node runs the timers that came due before it reads them: measured on the wall,
// the pause would count as the device's silence and a working device would be declared gone
// (a technician logged out, a player's note handed back). So a pause counts for little.

/**
 * Silence since a device was last heard, in steps of a work loop: each step counts the time since
 * the one before, but at most `maxStepMs`, so a long pause of the process between two steps
 * counts as one step's worth.
 */
export class Silence {
  private silentMs = 0;
  private lastStep: number;

  constructor(
    private readonly maxStepMs: number,
    now: number,
  ) {
    this.lastStep = now;
  }

  /** The device said something. */
  heard(now: number): void {
    this.silentMs = 0;
    this.lastStep = now;
  }

  /** A step of the work loop: the silence so far. */
  step(now: number): number {
    this.silentMs += Math.min(Math.max(0, now - this.lastStep), this.maxStepMs);
    this.lastStep = now;
    return this.silentMs;
  }
}

/**
 * Calls `onExpiry` after `ms`, unless cancelled first (the returned function). A timer that fires
 * more than half of `ms` late was held up by a pause of this process, behind which the answer may
 * be waiting unread: it is set once more for `ms`, so that the answer is read before time is up.
 * Once only, so that a device that never answers is still given up on a process that keeps
 * pausing.
 */
export function listeningTimeout(ms: number, onExpiry: () => void): () => void {
  let due = Date.now() + ms;
  let excused = false;
  const fire = (): void => {
    const now = Date.now();
    if (!excused && now - due > ms / 2) {
      excused = true;
      due = now + ms;
      timer = setTimeout(fire, ms);
      return;
    }
    onExpiry();
  };
  let timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
}
