// C-11 game recall: a recorded game (the replay file the cabinet stored) is run through the same
// rules core that settled it, one action at a time, so each step shows the cards, holds and stakes
// as the player saw them then, as its game's module draws a step (`recall.frame`). The final
// step must agree with the record's result; the recall answer carries the frames
// (src/contract/recall.ts) and the page says whether it agrees.

import { gameModule, runReplay, type ReplayStep } from '../../core';
import { clip, RECALL_MAX_FRAMES, type RecallFrame, type RecallRun } from '../../contract';

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The step as a frame: what was done, and the table as the player saw it after. */
function frameOf(step: ReplayStep): RecallFrame {
  const frame = gameModule(step.game).recall.frame as (s: ReplayStep) => RecallFrame;
  return frame(step);
}

const canonical = (x: unknown): string =>
  JSON.stringify(x, (_k, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/**
 * Steps through a recorded game with the core's own replay runner (which also checks the file);
 * `recorded` is the result the cabinet stored with it. The dealer's reveal is a step of its own
 * unless a fold, half or bought game already ended the round (docs/replay.md).
 */
export function recallFrames(replay: unknown, recorded: unknown): RecallRun {
  try {
    const frames: RecallFrame[] = [];
    const output = runReplay(replay, (step) => frames.push(frameOf(step)));
    if (frames.length > RECALL_MAX_FRAMES)
      return {
        ok: false,
        error: `the record takes ${frames.length} steps, more than a game can (${RECALL_MAX_FRAMES})`,
      };
    return { ok: true, frames, agrees: canonical(output) === canonical(recorded) };
  } catch (error) {
    return { ok: false, error: clip(error instanceof Error ? error.message : String(error), 400) };
  }
}
