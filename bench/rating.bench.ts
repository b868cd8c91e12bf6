// C-24's exact returns of the installed Jacks or Better tables, as a running cabinet works them
// out for the technician's choice: in one piece (what it did, holding its thread) against in
// turns of the event loop (what it does), with the longest time each held the loop. A 1 ms timer
// stands for the button deck's heartbeat (declared dead after 1,500 ms) and a SAS poll (20 ms).
// npm run bench:rating [-- --per-turn N]

import { loadavg } from 'node:os';
import { installedPayTables } from '../src/app/service/installed-pay-tables';
import type { JacksPayTable } from '../src/core';
import { dealWork, jacksParSheets } from '../src/math/jacks-parsheet';
import { jacksParSheetsInTurns } from '../src/math/jacks-parsheets-in-turns';

const at = process.argv.indexOf('--per-turn');
const perTurn = at >= 0 ? Number(process.argv[at + 1]) : 400;
if (!Number.isSafeInteger(perTurn) || perTurn < 1) {
  process.stderr.write('usage: npm run bench:rating -- [--per-turn N]\n');
  process.exit(2);
}

/** Runs `work` while a 1 ms timer measures how late the event loop lets it fire. */
async function held<T>(work: () => Promise<T> | T): Promise<{ ms: number; heldMs: number; value: T }> {
  let last = performance.now();
  let heldMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    heldMs = Math.max(heldMs, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  const start = performance.now();
  last = start;
  const value = await work();
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(timer);
  return { ms, heldMs, value };
}

const tables = installedPayTables()
  .installed.filter((t) => t.game === 'jacks-or-better')
  .map((t) => t.table as JacksPayTable);
const line = (name: string, r: { ms: number; heldMs: number }): string =>
  `${name.padEnd(34)} ${(r.ms / 1000).toFixed(2).padStart(6)} s   loop held at most ${r.heldMs.toFixed(1).padStart(7)} ms`;

process.stdout.write(
  `${tables.length} installed Jacks or Better tables; load average ${loadavg()[0]!.toFixed(1)} on this machine\n`,
);
const built = await held(() => dealWork());
process.stdout.write(`${line('deal work (kept from the start)', built)}\n`);
const whole = await held(() => jacksParSheets(tables, built.value));
process.stdout.write(`${line('in one piece', whole)}\n`);
const turns = await held(() => jacksParSheetsInTurns(tables, built.value, { classesPerTurn: perTurn }));
process.stdout.write(`${line(`in turns of ${perTurn} classes`, turns)}\n`);
const same = JSON.stringify(turns.value) === JSON.stringify(whole.value);
process.stdout.write(
  `same par sheets: ${same ? 'yes' : 'NO'}; returns ${whole.value.map((s) => (s.rtp * 100).toFixed(4)).join(', ')}%\n`,
);
if (!same) process.exit(1);
