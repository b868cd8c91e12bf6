// C-12's chain walk on a long event log: the whole walk at once (as at start), and in slices
// (as the event log page reads it), with the longest time the event loop was held up by each.
// npm run bench:chain [-- --rows N]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CabinetEffect } from '../src/cabinet';
import { CabinetStore } from '../src/store';

const arg = process.argv.indexOf('--rows');
const ROWS = arg > 0 ? Number(process.argv[arg + 1]) : 200_000;
const dir = mkdtempSync(join(tmpdir(), 'chain-bench-'));
const store = CabinetStore.open(join(dir, 'cabinet.db'));

const batch: CabinetEffect[] = Array.from({ length: 1000 }, (_, i) => ({
  type: 'log',
  entry: { at: Date.now(), kind: i % 3 === 0 ? 'note' : 'door', data: { door: 'main', open: i % 2 === 0, value: 2000 } },
}));
for (let n = 0; n < ROWS; n += batch.length) store.appendLog(batch);

/** Runs `work` while a 1 ms timer measures how late the event loop lets it fire. */
async function heldUp<T>(work: () => Promise<T> | T): Promise<{ ms: number; worstLag: number; result: T }> {
  let worstLag = 0;
  let expected = performance.now() + 1;
  const timer = setInterval(() => {
    const now = performance.now();
    worstLag = Math.max(worstLag, now - expected);
    expected = now + 1;
  }, 1);
  await new Promise((r) => setTimeout(r, 5));
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  await new Promise((r) => setTimeout(r, 5));
  clearInterval(timer);
  return { ms, worstLag, result };
}

const whole = await heldUp(() => store.walkChain());
const sliced = await heldUp(() => store.walkChainSliced());
console.log(`event log of ${whole.result.rows.toLocaleString('en')} rows (chain ${whole.result.ok ? 'intact' : 'broken'})`);
console.log(`whole walk:   ${whole.ms.toFixed(0)} ms, event loop held up to ${whole.worstLag.toFixed(0)} ms`);
console.log(`sliced walk:  ${sliced.ms.toFixed(0)} ms, event loop held up to ${sliced.worstLag.toFixed(0)} ms`);
store.close();
rmSync(dir, { recursive: true, force: true });
