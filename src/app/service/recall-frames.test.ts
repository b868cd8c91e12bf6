import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { JacksFrame, PokerPlusFrame } from '../../contract';
import { RECALL_RUN } from '../../contract';
import { recallFrames } from './recall-frames';

const DIR = fileURLToPath(new URL('../../../test/replays/', import.meta.url));
const read = (name: string): unknown => JSON.parse(readFileSync(DIR + name, 'utf8'));
const names = readdirSync(DIR)
  .filter((f) => f.endsWith('.replay.json'))
  .map((f) => f.replace('.replay.json', ''));

describe('game recall stepped through the rules core (C-11)', () => {
  it.each(names)('%s: the last step shows the recorded result, and agrees with it', (name) => {
    const expected = read(`${name}.expected.json`) as Record<string, unknown>;
    const run = recallFrames(read(`${name}.replay.json`), expected);
    if (!run.ok) throw new Error(run.error);
    expect(RECALL_RUN.safeParse(run).success).toBe(true);
    expect(run.agrees).toBe(true);
    const [firstFrame, lastFrame] = [run.frames[0], run.frames.at(-1)];
    if (!firstFrame || !lastFrame) throw new Error('the recall ran no step');
    const last = lastFrame.table;
    if (last.shape === 'video-poker') {
      expect(last.cards).toEqual(expected.final);
      expect(last.win).toBe(expected.win);
      const first = firstFrame.table as JacksFrame;
      expect(first.cards).toEqual(expected.dealt);
      expect(first.held).toEqual(expected.autoHold);
    } else {
      const e = expected as { dealer: { cards: string[] }; boxes: { cards: string[]; outcome: string }[] };
      expect(last.dealer).toEqual(e.dealer.cards);
      expect(last.boxes.map((b) => b.cards)).toEqual(e.boxes.map((b) => b.cards));
      expect(last.boxes.map((b) => b.outcome)).toEqual(e.boxes.map((b) => b.outcome));
      // Before the end the dealer shows one card, and a blind box none.
      const first = firstFrame.table as PokerPlusFrame;
      expect(first.dealer.filter((c) => c !== null)).toEqual([e.dealer.cards[4]]);
      first.boxes.forEach((b) => expect(b.cards === null).toBe(b.blind));
    }
  });
  it('says when the record does not agree with its replay, and names a broken record', () => {
    const replay = read('jacks-autohold.replay.json');
    const wrong = { ...(read('jacks-autohold.expected.json') as object), win: 5 };
    const run = recallFrames(replay, wrong);
    expect(run).toMatchObject({ ok: true, agrees: false });
    const broken = recallFrames({ ...(replay as object), deck: ['Jc', 'Jc', '8h', 'Js', '2d'] }, wrong);
    expect(broken.ok).toBe(false);
    expect(broken.ok ? '' : broken.error).toMatch(/H-|twice|duplicate/i);
  });
});
