// Issue 43 through the whole app (the one assembly, its real drivers against the device
// simulators over in-memory lines; the socat lines are the driver's own tests) with a TCL ticket printer: a note in, a game, cash out;
// the voucher's fields as the printer printed them from its template; the voucher back in through
// the acceptor credited once, and refused the second time.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { amountInFigures, amountToWords, TclPrinterSimulator } from '../devices';
import { until } from '../devices/testing/event-log';
import { formatValidationNumber } from '../cabinet';
import { startCabinet, type AssembledCabinet } from './cabinet-app';
import { parseConfig } from './config';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function tclCabinet(): Promise<AssembledCabinet> {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-tcl-'));
  const config = parseConfig({
    access: { initialPin: '1234' },
    voucher: { machine: 'T-43', venue: 'TCL TEST CASINO' },
    store: { keyFile: join(dir, 'machine.key') },
    devices: { acceptor: 'simulated', printer: { path: 'simulated', protocol: 'tcl' }, deck: 'simulated' },
  });
  const app = await startCabinet({
    config,
    dataDir: join(dir, 'data'),
    devices: { kind: 'simulated', transport: 'memory' },
    dealing: { kind: 'crypto' },
  });
  cleanups.push(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  await until(
    'the devices up',
    () => app.runner.state.tilts.length === 0 && app.runner.state.acceptorEnabled === true,
    15_000,
  );
  return app;
}

describe('a cabinet with a TCL ticket printer', () => {
  it(
    'note in, a game, cash out: the voucher printed from its template; back in, credited once',
    { timeout: 60_000 },
    async () => {
      const app = await tclCabinet();
      const sim = app.devices.sim!;
      expect(sim.printer).toBeInstanceOf(TclPrinterSimulator);
      const printer = sim.printer as TclPrinterSimulator;
      await until('templates defined', () => printer.heldTemplates.size === 3, 10_000);

      await until('the note taken', () => sim.acceptor.insertNote(2000), 5_000);
      await until('the note credited', () => app.runner.state.balance === 2000, 10_000);
      expect(app.runner.wish({ type: 'deal', bet: 1 }).ok).toBe(true);
      await until('dealt', () => app.runner.state.game !== null, 5_000);
      expect(app.runner.wish({ type: 'draw' }).ok).toBe(true);
      await until('the game over', () => app.runner.state.game?.outcome != null, 5_000);
      const balance = app.runner.state.balance;
      expect(balance).toBeGreaterThan(0);

      expect(app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
      await until('the voucher printed', () => printer.printed.length === 1 && !app.runner.state.voucher, 15_000);
      expect(app.runner.state.balance).toBe(0);
      const ticket = printer.printed[0]!;
      const validation = ticket.validation!;
      const record = app.journal.reader.voucher(validation)!;
      expect(record.amount).toBe(balance);
      // The print command named the voucher's template and carried its fields as text.
      const print = printer.received.filter((c) => c.type === 'print');
      expect(print).toHaveLength(1);
      expect(print[0]).toMatchObject({ template: 'V', copies: 1 });
      const text = ticket.lines.map((l) => l.trim()).join('\n');
      expect(text).toContain('TCL TEST CASINO');
      expect(text).toContain('C A S H O U T   V O U C H E R');
      expect(text).toContain(`VALIDATION ${formatValidationNumber(validation)}`);
      expect(ticket.barcodes).toEqual([{ symbology: 'ITF', data: validation }]);
      expect(text.replace(/(\S) /g, '$1')).toContain(amountInFigures(balance, 'USD', 2).replace(/ /g, ''));
      expect(text.replace(/\s+/g, ' ')).toContain(amountToWords(balance, 'USD', 2).toUpperCase());
      expect(text).toContain('MACHINE T-43');
      expect(text).toMatch(/TICKET # \d{4}/);
      expect(text).toMatch(/DATE \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      expect(text).toMatch(/VOID AFTER \d{4}-\d\d-\d\d/);

      // Back in through the acceptor: credited once.
      await until('the ticket drawn in', () => sim.acceptor.insertTicket(validation), 5_000);
      await until('the ticket credited', () => app.runner.state.balance === balance, 10_000);
      await until('the acceptor idle again', () => !app.runner.state.ticket, 5_000);
      const first = app.runner.state.lastTicket;
      expect(first).toMatchObject({ barcode: validation, outcome: 'redeemed' });
      await until('the same ticket again', () => sim.acceptor.insertTicket(validation), 5_000);
      await until('decided', () => app.runner.state.lastTicket !== first && !app.runner.state.ticket, 10_000);
      expect(app.runner.state.lastTicket).toMatchObject({ barcode: validation, outcome: 'returned' });
      expect(app.runner.state.balance).toBe(balance);
      expect(printer.printed).toHaveLength(1);
    },
  );
});
