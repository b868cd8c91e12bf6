// The screens bench's deck → screen part: HOLD 2 tapped on the deck simulator, its frame across a
// socat pseudo-terminal, until the first frame painted with the card's HELD changed, and where
// the time went on the way. Bench-only taps at each hop: the runner's submit and the journal's
// commit are wrapped in this process, the page's WebSocket is wrapped before the screen starts
// (so the page stamps each message's arrival), and the page looks at the scene only when a
// message came in, then waits for the painted frame, so the measuring itself costs the screen
// next to nothing. Taps alternate between the cabinet as it runs (a HOLD shown before its sync,
// cabinet/durability.ts) and every commit synced first, so both are measured under the same load.
import type { Page } from 'playwright-core';
import type { TestCabinet } from '../test/e2e/cabinet-harness';

/** Runs in the page before its scripts: stamps every message the screen's socket takes. */
export const STAMP_MESSAGES = `(() => {
  const Real = window.WebSocket;
  window.__messages = { count: 0, last: [] };
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      let handler = null;
      Object.defineProperty(this, 'onmessage', { get: () => handler, set: (h) => { handler = h; } });
      this.addEventListener('message', (event) => {
        const arrived = Date.now();
        if (handler) handler.call(this, event);
        const m = window.__messages;
        m.count++;
        m.last.push({ n: m.count, arrived, handled: Date.now(), frames: window.__frames ? window.__frames() : 0 });
        if (m.last.length > 16) m.last.shift();
      });
    }
  };
})()`;

/** The hops of one tap, in ms. */
interface Tap {
  /** The tap to the driver's event reaching the runner: the simulator, socat, the serial read, the parser. */
  line: number;
  /** The event to the snapshot handed to the socket: the step, the commit, the snapshot. */
  cabinet: number;
  commit: number;
  /** The snapshot handed over to it handled in the page (the carrier's check, the scene made). */
  carrier: number;
  /** Handled to the first frame painted after it. */
  paint: number;
  total: number;
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const figure = (xs: number[]): string =>
  `median ${pct(xs, 50).toFixed(0)}, p99 ${pct(xs, 99).toFixed(0)}, max ${Math.max(...xs).toFixed(0)} ms`;

type Commit = (...args: unknown[]) => void;
type Submit = (input: { kind: string; event?: { device: string; type: string; pressed?: boolean } }) => void;

/** `taps` HOLD presses on a dealt hand with HOLD 2 live; lines for the report. */
export async function deckLatency(page: Page, cabinet: TestCabinet, taps: number): Promise<string[]> {
  const sim = cabinet.app.devices.sim!;
  const stamps: { event?: number; sent?: number; commit: number } = { commit: 0 };
  let syncEvery = false;
  const runner = cabinet.app.runner as unknown as { submit: Submit };
  const journal = cabinet.app.journal as unknown as { commit: Commit };
  const submit = runner.submit.bind(runner);
  const commit = journal.commit.bind(journal);
  runner.submit = (input) => {
    const e = input.event;
    if (input.kind === 'device' && e?.device === 'deck' && e.type === 'button' && e.pressed)
      stamps.event ??= Date.now();
    submit(input);
  };
  journal.commit = (...args) => {
    // The sixth argument is `synced`: forced on, the commit waits for the disk as before.
    if (syncEvery) args[5] = true;
    const t = performance.now();
    commit(...args);
    stamps.commit += performance.now() - t;
  };
  const unsubscribe = cabinet.app.port.onSnapshot(() => (stamps.sent ??= Date.now()));
  const shown = { asRuns: [] as Tap[], synced: [] as Tap[] };
  try {
    for (let i = 0; i < taps; i++) {
      syncEvery = i % 2 === 1;
      // A player's presses are far apart: the deck's link is quiet (the last release acknowledged).
      const link = (sim.deck as unknown as { link: { inFlight: unknown } }).link;
      for (let w = 0; link.inFlight && w < 100; w++) await new Promise((r) => setTimeout(r, 5));
      const [before, count] = (await page.evaluate(`[window.__scene().cards[1].held, window.__messages.count]`)) as [
        boolean,
        number,
      ];
      const seen = page.evaluate(`new Promise((resolve) => {
        const m = window.__messages;
        let next = ${count} + 1;
        const look = () => {
          while (next <= m.count) {
            const message = m.last.find((x) => x.n === next);
            next++;
            if (message && window.__scene().cards[1].held !== ${String(before)}) {
              const painted = () =>
                window.__frames() > message.frames ? resolve([message.arrived, message.handled, Date.now()]) : requestAnimationFrame(painted);
              return painted();
            }
          }
          requestAnimationFrame(look);
        };
        look();
      })`) as Promise<[number, number, number]>;
      stamps.event = undefined;
      stamps.sent = undefined;
      stamps.commit = 0;
      const t0 = Date.now();
      sim.deck.tap('hold2');
      const [, handled, painted] = await seen;
      const event = stamps.event ?? NaN;
      const sent = stamps.sent ?? NaN;
      (syncEvery ? shown.synced : shown.asRuns).push({
        line: event - t0,
        cabinet: sent - event,
        commit: stamps.commit,
        carrier: handled - sent,
        paint: painted - handled,
        total: painted - t0,
      });
    }
  } finally {
    unsubscribe();
    runner.submit = submit;
    journal.commit = commit;
  }
  const report = (name: string, xs: Tap[]): string[] => [
    `deck frame → screen   ${figure(xs.map((x) => x.total))} (${name}, ${xs.length} HOLD presses over a socat pty)`,
    `  deck line           ${figure(xs.map((x) => x.line))}`,
    `  cabinet             ${figure(xs.map((x) => x.cabinet))} (of which the commit ${figure(xs.map((x) => x.commit))})`,
    `  socket and scene    ${figure(xs.map((x) => x.carrier))}`,
    `  to the painted frame ${figure(xs.map((x) => x.paint))}`,
  ];
  return [
    ...report('a HOLD shown before its sync, as the cabinet runs', shown.asRuns),
    ...report('every commit synced first, as before', shown.synced),
  ];
}
