import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listeningTimeout, Silence } from './own-pauses';
import type { PortConnection } from './port-connection';
import { NoAnswerError, Requester } from './requester';

/** Holds this process up as a loaded machine or a synchronous commit on a slow disk does. */
function pause(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe('silence counted in time spent listening', () => {
  it('counts steps in full, a pause between two steps as one step at most, and nothing once heard', () => {
    const silence = new Silence(500, 0);
    expect(silence.step(50)).toBe(50);
    expect(silence.step(100)).toBe(100);
    // The process stood still for 3 s: the deck's frames of that time wait unread.
    expect(silence.step(3100)).toBe(600);
    expect(silence.step(3150)).toBe(650);
    silence.heard(3160);
    expect(silence.step(3200)).toBe(40);
    // A deck that stays silent is still found out, step by step.
    let t = 3200;
    let s = 40;
    while (s <= 1500) s = silence.step((t += 50));
    expect(t).toBe(3200 + 50 * 30);
  });
});

describe('a time limit on an answer, in time spent listening', () => {
  it('fires on time when nothing holds the process up', async () => {
    const armed = Date.now();
    const fired = await new Promise<number>((resolve) => listeningTimeout(30, () => resolve(Date.now())));
    expect(fired - armed).toBeGreaterThanOrEqual(29);
  });

  it('lets an answer that came due during a pause of the process arrive before time is up', async () => {
    let expired = false;
    let answered = false;
    const cancel = listeningTimeout(20, () => (expired = true));
    // The answer is due after the limit, but long before the pause ends: both timers are late, and
    // the limit's, due first, runs first.
    setTimeout(() => {
      answered = true;
      cancel();
    }, 25);
    pause(150);
    await new Promise((r) => setTimeout(r, 100));
    expect([answered, expired]).toEqual([true, false]);
  });

  it('excuses one pause, not two: a limit held up twice expires after both', async () => {
    let expiredAt = 0;
    const armed = Date.now();
    listeningTimeout(20, () => (expiredAt = Date.now()));
    pause(100);
    await new Promise((r) => setTimeout(r, 5));
    pause(100);
    await new Promise((r) => setTimeout(r, 50));
    expect(expiredAt).toBeGreaterThanOrEqual(armed + 200);
  });
});

describe('a request whose answer waits behind a pause of the process', () => {
  it('takes the answer instead of counting the pause as the device silent', async () => {
    const conn = new EventEmitter() as unknown as PortConnection<string> & EventEmitter;
    const written: string[] = [];
    (conn as unknown as { write: (b: Uint8Array) => Promise<void> }).write = (b) => {
      written.push(Buffer.from(b).toString());
      // The answer is there when the process goes on, but its timer came due after the limit's.
      setTimeout(() => conn.emit('frame', 'pong'), 250);
      pause(400);
      return Promise.resolve();
    };
    const req = new Requester<string>(conn);
    await expect(req.request('ping', Buffer.from('ping'), (f) => f === 'pong', 200, 0)).resolves.toBe('pong');
    expect(written).toEqual(['ping']);
  });

  it('still gives up on a device that does not answer', async () => {
    const conn = new EventEmitter() as unknown as PortConnection<string> & EventEmitter;
    (conn as unknown as { write: () => Promise<void> }).write = () => Promise.resolve();
    const req = new Requester<string>(conn);
    await expect(req.request('ping', Buffer.from('ping'), () => true, 20, 1)).rejects.toBeInstanceOf(NoAnswerError);
  });
});
