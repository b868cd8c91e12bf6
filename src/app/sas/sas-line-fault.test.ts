// The SAS port's faults (docs/protocols/sas.md, "Host loss"): a line that cannot carry the link
// (a port that will not open, a UART whose stty failed, a port lost under the link) is the host
// lost, logged once, read by the technician on the Devices page and the attendant, and play goes
// on; a pseudo-terminal, which cannot carry parity at all, is not a fault. Over real socat
// pseudo-terminals and the whole assembly.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SWITCHES_TILT } from '../../cabinet';
import { SocatPair } from '../../devices/shared/socat-pair';
import { setUpUart } from '../../devices/sas/port';
import { parseConfig } from '../config';
import { startCabinet, type AssembledCabinet, type CabinetPlan } from '../cabinet-app';
import { answerQuery } from '../service/answer-query';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-sas-line-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function start(path: string, sasOptions?: CabinetPlan['sasOptions']): Promise<AssembledCabinet> {
  const config = parseConfig({
    devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas: { path, address: 3 } },
  });
  return startCabinet({
    config,
    dataDir: join(dir, `data-${++n}`),
    devices: { kind: 'ledger', ledgerPath: null },
    dealing: { kind: 'seeded', seed: 'sas-line', for: 'test' },
    sasOptions,
  });
}

async function until(what: string, test: () => boolean, ms = 8000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const lost = (app: AssembledCabinet) => app.runner.state.sas?.hostLost ?? null;
const sasTilts = (app: AssembledCabinet) => app.runner.state.tilts.filter((t) => t.code.startsWith('sas:'));
const faultRows = (app: AssembledCabinet) =>
  app.journal.reader.events().filter((e) => e.kind === 'fault' && e.data.device === 'sas');

describe('a fault on the SAS line: the host lost', () => {
  it('a port that cannot be opened is logged once, shows on the Devices page, and stops nothing', async () => {
    const app = await start(join(dir, 'no-such-port'));
    try {
      await until('the line fault', () => lost(app) !== null);
      expect(lost(app)?.reason).toMatch(/line fault: cannot open .*no-such-port/);
      expect(sasTilts(app)).toEqual([]);
      expect(app.journal.reader.events().filter((e) => e.kind === 'sas' && e.data.event === 'hostLost')).toHaveLength(
        1,
      );
      // The retries every half second are one fault, not a row each.
      await new Promise((r) => setTimeout(r, 1200));
      expect(faultRows(app).filter((e) => e.data.event === 'fault')).toHaveLength(1);
      const status = app.sas!.status();
      expect(status.line).toBe('fault');
      // What the Devices page reads (its own query, behind the technician's PIN).
      const technician = {
        ...app.runner.state,
        tilts: app.runner.state.tilts.filter((t) => t.code !== SWITCHES_TILT),
        keys: { ...app.runner.state.keys, technician: true },
        access: { ...app.runner.state.access, technicianSession: true, pinChangeRequired: false },
      };
      const answer = answerQuery(
        { type: 'sasLink' },
        { state: technician, records: null as never, payTables: null as never, sasStatus: () => app.sas!.status() },
      );
      expect(answer).toMatchObject({
        ok: true,
        answer: {
          type: 'sasLink',
          link: {
            address: 3,
            line: 'fault',
            hostSeen: false,
            lineProblem: expect.stringMatching(/cannot open/),
            validation: 'secure-enhanced',
          },
        },
      });
      expect(
        answerQuery({ type: 'sasLink' }, { state: app.runner.state, records: null as never, payTables: null as never }),
      ).toMatchObject({ ok: false, rule: 'C-21' });
    } finally {
      await app.close();
    }
  }, 30_000);

  it('a UART whose stty failed is a fault; a pseudo-terminal is not; a port lost is logged, and cleared when it is back', async () => {
    const pair = new SocatPair(join(dir, 'uart-machine'), join(dir, 'uart-host'));
    await pair.start();
    // The machine's end passed off as a UART whose driver refuses space parity.
    const refusing = (path: string) =>
      setUpUart(path, async (args) =>
        args.includes('parenb')
          ? { code: 1, stdout: '', stderr: 'stty: invalid argument' }
          : { code: 0, stdout: '', stderr: '' },
      );
    let uart: AssembledCabinet | null = null;
    try {
      const app = (uart = await start(pair.host, { setUpLine: refusing }));
      await until('the stty fault', () => lost(app) !== null);
      expect(lost(app)?.reason).toMatch(/stty could not set SAS parity.*invalid argument/);
      expect(faultRows(app)[0]?.data).toMatchObject({ event: 'fault', code: 'line' });
    } finally {
      await uart?.close();
      await pair.stop();
    }

    const pty = new SocatPair(join(dir, 'pty-machine'), join(dir, 'pty-host'));
    await pty.start();
    const app = await start(pty.host);
    try {
      await until('the line ready', () => app.sas!.status().line === 'ready');
      await new Promise((r) => setTimeout(r, 300));
      expect(faultRows(app)).toEqual([]);
      // The cable pulled: socat gone, both ends vanish.
      await pty.stop();
      await until('the lost port', () => faultRows(app).length > 0);
      expect(faultRows(app)[0]?.data).toMatchObject({
        event: 'fault',
        code: 'line',
        message: expect.stringMatching(/port lost/),
      });
      expect(lost(app)).not.toBeNull();
      expect(sasTilts(app)).toEqual([]);
      // Back: the link reopens it, and the fault's end is logged; nobody polls, so the host stays lost.
      await pty.start();
      await until('the line back', () => faultRows(app).length === 2);
      expect(faultRows(app).map((e) => e.data.event)).toEqual(['fault', 'cleared']);
      expect(lost(app)).not.toBeNull();
    } finally {
      await app.close();
      await pty.stop();
    }
  }, 60_000);
});
