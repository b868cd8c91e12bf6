// What the host tests share: a real (pure) cabinet committing to a real store behind the screen
// port, and a WebSocket client that checks every message against the contract.
import WebSocket from 'ws';
import type { RunningCabinet } from '../../src/app/screen/screen-port';
import { installedPayTables } from '../../src/app/service/installed-pay-tables';
import type { StoreBench } from '../../src/app/testing/store-bench';
import type { CabinetEffect, CabinetInput, CabinetResult, CabinetState } from '../../src/cabinet';
import { checkToScreen, type ToScreen } from '../../src/contract';

export class RigCabinet implements RunningCabinet {
  readonly logged: CabinetEffect[] = [];
  readonly payTables = installedPayTables();
  private readonly listeners = new Set<(s: CabinetState, r: CabinetResult, i: CabinetInput) => void>();
  constructor(readonly bench: StoreBench) {}
  get state() {
    return this.bench.state;
  }
  get records() {
    return this.bench.store.reader;
  }
  onState(l: (s: CabinetState, r: CabinetResult, i: CabinetInput) => void) {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  wishAgainst(counter: number, wish: unknown): CabinetResult {
    const input: CabinetInput = { kind: 'wish', counter, wish };
    const r = this.bench.input(input);
    for (const l of this.listeners) l(this.bench.state, r, input);
    return r;
  }
  log(effects: readonly CabinetEffect[]) {
    this.logged.push(...effects);
    this.bench.store.appendLog(effects);
  }
}

/** The cabinet's own page: its Origin is the host's. */
export const own = (url: string): Record<string, string> => ({ origin: url.replace(/\/$/, '') });

export function client(url: string, headers: Record<string, string> = own(url)) {
  const ws = new WebSocket(url.replace('http', 'ws') + 'ws', { headers });
  const inbox: ToScreen[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const checked = checkToScreen(JSON.parse(data.toString()));
    if (!checked.ok) throw new Error(`host sent a message outside the contract: ${checked.error}`);
    inbox.push(checked.message);
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (pred: (m: ToScreen) => boolean): Promise<ToScreen> => {
    for (;;) {
      const i = inbox.findIndex(pred);
      const [found] = i >= 0 ? inbox.splice(i, 1) : [];
      if (found) return found;
      await new Promise<void>((resolve, reject) => {
        waiters.push(resolve);
        setTimeout(() => reject(new Error('no such message within 5 s')), 5000);
      });
    }
  };
  const open = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  return { ws, next, open };
}
