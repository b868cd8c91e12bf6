// What a carrier does with a checked message from the screen, the same on both carriers: a
// hello gets the snapshot, a wish or query its answer or refusal under the same id. Any reply
// that would overflow the contract's text limits is clipped here rather than dropped.

import type { ScreenConnection } from './cabinet-port';
import { refusedMessage as refused, type ToCabinet, type ToScreen } from './messages';

/** Answers one message; the promise never rejects (a failure becomes a refusal). */
export async function answerMessage(port: ScreenConnection, message: ToCabinet): Promise<ToScreen> {
  switch (message.kind) {
    case 'hello':
      return { kind: 'snapshot', snapshot: port.snapshot() };
    case 'wish':
      try {
        const answer = await port.wish(message.version, message.wish);
        return answer.ok ? { kind: 'accepted', id: message.id } : refused(message.id, answer.rule, answer.reason);
      } catch (error) {
        return refused(message.id, 'C-13', `the cabinet could not take the wish: ${String(error)}`);
      }
    case 'query':
      try {
        const result = await port.query(message.query);
        return result.ok
          ? { kind: 'answer', id: message.id, answer: result.answer }
          : refused(message.id, result.rule, result.reason);
      } catch (error) {
        return refused(message.id, 'C-12', `the cabinet could not read its records: ${String(error)}`);
      }
  }
}
