// C-17: a voucher reads the same whichever family prints it. Each driver prints the same
// vouchers through its own simulator; the tickets compare line for line (ESC/POS's feed before
// the cut aside, which TCL's form feed has no lines for).

import { afterEach, describe, expect, it } from 'vitest';
import { legacyValidation } from '../../cabinet/testing/rig';
import type { Voucher } from '../../cabinet/device-events';
import { MemoryLink } from '../shared/memory-link';
import { EventLog } from '../testing/event-log';
import { VOUCHER } from '../testing/test-voucher';
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
});
