// The worker of bench:poker-plus-decision: the decisions within a box (SecondValuer) as --best's
// workers make them, for at least the time asked. Its imports are relative, so the same file in
// a yardstick tree (bench/baseline-tree.ts) runs that tree's code; it uses no import.meta, so
// today's CommonJS workers load it too.

import { parentPort } from 'node:worker_threads';
import { DEFAULT_POKER_PLUS_CONFIG } from '../src/core';
import { FinalPricer } from '../src/math/poker-plus-final-values';
import { SecondValuer } from '../src/math/poker-plus-second-values';

export interface DecisionWork {
  boxes: { box: number[]; upCard: number; isUnseen: number[]; decisions: number }[];
  /** Go on for at least this long (0: once through). */
  ms: number;
}

const valuer = new SecondValuer(new FinalPricer(DEFAULT_POKER_PLUS_CONFIG, 1));

parentPort?.on('message', (work: DecisionWork) => {
  const boxes = work.boxes.map((b) => ({ ...b, isUnseen: Uint8Array.from(b.isUnseen) }));
  const started = performance.now();
  let decisions = 0;
  do {
    for (const b of boxes) {
      valuer.valueAll([b.box], b.upCard, b.isUnseen);
      decisions += b.decisions;
    }
  } while (performance.now() - started < work.ms);
  parentPort!.postMessage({ decisions, ms: performance.now() - started });
});
