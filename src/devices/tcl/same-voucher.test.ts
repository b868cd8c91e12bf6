// C-17: a voucher reads the same whichever family prints it, and so does a handpay's receipt
// (C-5). Each driver prints the same documents through its own simulator; the tickets compare
// line for line (ESC/POS's feed before the cut aside, which TCL's form feed has no lines for).

import { afterEach, describe, expect, it } from 'vitest';
import { legacyValidation } from '../../cabinet/testing/rig';
import type { Voucher } from '../../cabinet/device-events';
import { MemoryLink } from '../shared/memory-link';
import { EventLog, until } from '../testing/event-log';
import { RECEIPT, VOUCHER } from '../testing/test-voucher';
import type { HandpayReceipt } from '../../cabinet/device-events';
import { NOT_NEGOTIABLE } from '../printer/receipt-form';
import { PrinterDriver } from '../printer/driver';
import { PrinterSimulator } from '../printer/simulator';
import type { PrinterDriverBase } from '../printer/printer-driver-base';
import type { SimulatedPrinter } from '../printer/simulated';
import { TclPrinterDriver } from './driver';
import { TclPrinterSimulator } from './simulator';

const FAST = {
  pollMs: 5,
  responseTimeoutMs: 100,
  retries: 1,
  reconnectMs: 20,
  printTimeoutMs: 3000,
  crcTimeoutMs: 200,
};
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

/** A printer of either family with its driver on an in-memory line, and the events it reports. */
function started(sim: SimulatedPrinter, make: (link: MemoryLink) => PrinterDriverBase<unknown>) {
  const link = new MemoryLink('printer');
  sim.attach(link.device);
  const driver = make(link);
  const log = new EventLog();
  driver.on('event', log.push);
  driver.start();
  stops.push(() => driver.stop());
  return { driver, log };
}

const FAMILIES = {
  escpos: () => {
    const sim = new PrinterSimulator();
    return { sim, ...started(sim, (l) => new PrinterDriver({ path: l.path, binding: l.binding, ...FAST })) };
  },
  tcl: () => {
    const sim = new TclPrinterSimulator({ regionMs: 1 });
    return { sim, ...started(sim, (l) => new TclPrinterDriver({ path: l.path, binding: l.binding, ...FAST })) };
  },
};

async function printReceipts(family: keyof typeof FAMILIES, receipts: HandpayReceipt[]): Promise<string[][]> {
  const { sim, driver, log } = FAMILIES[family]();
  for (const [i, receipt] of receipts.entries()) {
    driver.send({ device: 'printer', type: 'printReceipt', receipt });
    await log.next({ type: 'receiptPrinted', number: receipt.number, reprint: receipt.reprint } as never);
    await new Promise<void>((r) => (sim.printed.length > i ? r() : sim.once('printed', () => r())));
  }
  expect(sim.printed.every((t) => t.validation === null && t.barcodes.length === 0)).toBe(true);
  return sim.printed.map((t) => {
    const lines = [...t.lines];
    while (lines.at(-1)?.trim() === '') lines.pop();
    return lines;
  });
}

async function printAll(
  sim: SimulatedPrinter,
  make: (link: MemoryLink) => PrinterDriverBase<unknown>,
  vouchers: Voucher[],
): Promise<string[][]> {
  const link = new MemoryLink('printer');
  sim.attach(link.device);
  const driver = make(link);
  const log = new EventLog();
  driver.on('event', log.push);
  driver.start();
  stops.push(() => driver.stop());
  for (const [i, v] of vouchers.entries()) {
    driver.send({ device: 'printer', type: 'print', voucher: v });
    await log.next({ type: 'printed', validation: v.validation } as never);
    await new Promise<void>((r) => (sim.printed.length > i ? r() : sim.once('printed', () => r())));
  }
  return sim.printed.map((t) => {
    const lines = [...t.lines];
    while (lines.at(-1)?.trim() === '') lines.pop();
    return lines;
  });
}

describe('the same voucher on both printer families (C-17)', () => {
  it('prints line for line alike: venue, address, amount in figures and words, number, barcode, dates; and the specimen', async () => {
    const vouchers: Voucher[] = [
      VOUCHER,
      { ...VOUCHER, sequence: 8, validation: legacyValidation(1234, 8), address: ['1 MAIN ST ^|~', 'RENO NV'] },
      {
        ...VOUCHER,
        sequence: 9,
        validation: legacyValidation(1234, 9),
        amount: 99_999_999_99,
        expiresAt: '9999-12-31',
      },
      { ...VOUCHER, sequence: 10, validation: legacyValidation(1234, 10), amount: 0, specimen: true },
    ];
    const escpos = await printAll(
      new PrinterSimulator(),
      (l) => new PrinterDriver({ path: l.path, binding: l.binding, ...FAST }),
      vouchers,
    );
    const tcl = await printAll(
      new TclPrinterSimulator({ regionMs: 1 }),
      (l) => new TclPrinterDriver({ path: l.path, binding: l.binding, ...FAST }),
      vouchers,
    );
    expect(tcl).toEqual(escpos);
    expect(tcl[1]).toContain('              1 MAIN ST ^|~');
    expect(tcl[2]!.join('\n')).toContain('NINETY-NINE MILLION');
    expect(tcl[3]!.join('\n')).toContain('NOT NEGOTIABLE');
  });

  it("prints a handpay's receipt and its reprint line for line alike, with no barcode: the receipt template", async () => {
    const receipts = [RECEIPT, { ...RECEIPT, reprint: 1 }];
    const escpos = await printReceipts('escpos', receipts);
    const tcl = await printReceipts('tcl', receipts);
    expect(tcl).toEqual(escpos);
    const [first, reprint] = tcl.map((t) => t.join('\n'));
    expect(first).toContain('H A N D P A Y   R E C E I P T');
    expect(first).toContain('$ 1 , 2 5 0 . 0 0');
    expect(first).toContain('HANDPAY # 0003');
    expect(first!.split(NOT_NEGOTIABLE)).toHaveLength(3);
    expect(first).not.toContain('REPRINT');
    expect(reprint).toContain('*** REPRINT 1 ***');
  });

  for (const family of ['escpos', 'tcl'] as const)
    it(`${family}: a receipt with the paper out fails at once, a receipt printed is never printed twice`, async () => {
      const { sim, driver, log } = FAMILIES[family]();
      await log.next({ type: 'online' });
      sim.setPaperOut(true);
      await log.next({ type: 'fault', code: 'paperOut' } as never);
      driver.send({ device: 'printer', type: 'printReceipt', receipt: RECEIPT });
      expect(await log.next({ type: 'receiptFailed' } as never)).toMatchObject({
        number: 3,
        reprint: 0,
        reason: expect.stringMatching(/paper/),
      });
      sim.setPaperOut(false);
      await log.next({ type: 'faultCleared', code: 'paperOut' } as never);
      driver.send({ device: 'printer', type: 'printReceipt', receipt: RECEIPT });
      await log.next({ type: 'receiptPrinted', number: 3, reprint: 0 } as never);
      await new Promise<void>((r) => (sim.printed.length > 0 ? r() : sim.once('printed', () => r())));
      driver.send({ device: 'printer', type: 'printReceipt', receipt: RECEIPT });
      await until('asked again, answered', () => log.of('receiptPrinted').length === 2);
      expect(sim.printed).toHaveLength(1);
      // A receipt the printer must not print is refused by name, and nothing prints.
      driver.send({ device: 'printer', type: 'printReceipt', receipt: { ...RECEIPT, number: 4, venue: '\x1b@' } });
      expect(await log.next({ type: 'receiptFailed', number: 4 } as never)).toMatchObject({
        reason: expect.stringMatching(/^receipt refused: venue/),
      });
      expect(sim.printed).toHaveLength(1);
    });
});
