// The printer's family as the configuration names it (`npm start` with a simulated TCL printer):
// the factory puts the family's driver on the line to the family's simulator.

import { describe, expect, it } from 'vitest';
import { until } from '../testing/event-log';
import { PrinterDriver } from '../printer/driver';
import { PrinterSimulator } from '../printer/simulator';
import { TclPrinterDriver } from '../tcl/driver';
import { TclPrinterSimulator } from '../tcl/simulator';
import { createDevices } from './factory';

describe('the printer family of a configured cabinet', () => {
  it.each([
    ['tcl', TclPrinterDriver, TclPrinterSimulator],
    ['escpos', PrinterDriver, PrinterSimulator],
  ] as const)('%s: its driver, its simulator, online', async (family, Driver, Sim) => {
    const { bus, sim } = createDevices(
      { acceptor: 'simulated', printer: 'simulated', printerProtocol: family, deck: 'simulated' },
      { printer: { pollMs: 5 } },
    );
    try {
      expect(bus.drivers.printer).toBeInstanceOf(Driver);
      expect(sim.printer).toBeInstanceOf(Sim);
      await until('the printer online', () => bus.drivers.printer.isOnline, 5_000);
      expect(bus.drivers.printer.identity.protocol).toBe(family);
    } finally {
      await bus.close();
    }
  });
});
