// The TCL driver against the TCL simulator over socat pseudo-terminals (38400 8N1), the bytes
// crossing the kernel's tty layer as over a real serial line. socat missing is a failure.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatValidationNumber } from '../../cabinet';
import { legacyValidation } from '../../cabinet/testing/rig';
import type { Voucher } from '../../cabinet/device-events';
import type { DeviceEndpoint } from '../shared/device-endpoint';
import { SerialEndpoint } from '../shared/serial-endpoint';
import { SocatPair } from '../shared/socat-pair';
import { EventLog, until } from '../testing/event-log';
import { VOUCHER } from '../testing/test-voucher';
import { TclPrinterDriver } from './driver';
import { TclPrinterSimulator, type TclSimOptions } from './simulator';

// Timeouts wide enough for a loaded machine: a slow pseudo-terminal must not read as an outage.
const FAST = {
  pollMs: 5,
  responseTimeoutMs: 200,
  retries: 2,
  reconnectMs: 20,
  printTimeoutMs: 3000,
  crcTimeoutMs: 500,
};
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function line(simOptions: TclSimOptions = {}, templatesTaken = true) {
  const dir = mkdtempSync(join(tmpdir(), 'tcl-line-'));
  const pair = new SocatPair(join(dir, 'host'), join(dir, 'device'));
  await pair.start();
  const endpoint = new SerialEndpoint({ path: pair.device, baudRate: 38400 });
  let lose: ((reply: Buffer) => boolean) | null = null;
  const lossy: DeviceEndpoint = {
    write: (bytes) => {
      if (!lose?.(Buffer.from(bytes))) endpoint.write(bytes);
    },
    onData: (l) => endpoint.onData(l),
    close: () => endpoint.close(),
  };
  const sim = new TclPrinterSimulator(simOptions).attach(lossy);
  const driver = new TclPrinterDriver({ path: pair.host, ...FAST });
  const log = new EventLog();
  driver.on('event', log.push);
  cleanups.push(async () => {
    await driver.stop();
    sim.detach();
    await endpoint.close();
    await pair.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  driver.start();
  await log.next({ type: 'online' });
  // Online once the templates are in: the first status after them is what the page shows.
  if (templatesTaken) await until('templates defined', () => sim.heldTemplates.size === 3);
  return { pair, sim, driver, log, loseReplies: (f: typeof lose) => (lose = f) };
}

const print = (d: TclPrinterDriver, voucher: Voucher = VOUCHER) =>
  d.send({ device: 'printer', type: 'print', voucher });
const voucher = (sequence: number): Voucher => ({ ...VOUCHER, sequence, validation: legacyValidation(1234, sequence) });

describe('TCL driver against the simulator over pseudo-terminals', () => {
  it('defines its templates, prints a voucher once, and says so once the validation number is done', async () => {
    const { sim, driver, log } = await line();
    expect([...sim.heldTemplates.keys()].sort()).toEqual(['H', 'S', 'V']);
    await until('power-up flag cleared', () => !sim.flagsNow.powerUp);
    print(driver);
    expect(await log.next({ type: 'printed' })).toEqual({
      device: 'printer',
      type: 'printed',
      validation: VOUCHER.validation,
    });
    expect(sim.printed).toHaveLength(1);
    const t = sim.printed[0]!;
    expect(t.validation).toBe(VOUCHER.validation);
    expect(t.text).toContain(`VALIDATION ${formatValidationNumber(VOUCHER.validation)}`);
    expect(t.text.replace(/\s+/g, ' ')).toContain('ONE HUNDRED TWENTY-THREE DOLLARS AND FORTY-FIVE CENTS');
    expect(await driver.recovery.voucherPrinted(VOUCHER.validation)).toBe('printed');
    print(driver); // asked again (a cabinet replaying its effects): reported, never printed twice
    await until('second report', () => log.of('printed').length === 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(sim.printed).toHaveLength(1);
    expect(driver.identity).toMatchObject({
      protocol: 'tcl',
      model: 'FutureLogic GEN2/GEN5 (TCL)',
      firmware: 'GURAA1-01 CRC 5A3C',
      lastTicket: { label: `…${VOUCHER.validation.slice(-4)}`, outcome: 'printed' },
    });
    sim.takeTicket();
    await until('ticket taken', () => driver.identity.lastTicket?.outcome === 'taken');
  });

  it('fails a voucher whose paper runs out before its number is printed, and nothing comes out later', async () => {
    const { sim, driver, log } = await line();
    sim.runOutAfter(3);
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/paper/) });
    expect(await log.next({ type: 'fault', code: 'paperOut' } as never)).toBeTruthy();
    await until('the stub torn off', () => sim.abandoned.length === 1);
    sim.setPaperOut(false);
    await log.next({ type: 'faultCleared', code: 'paperOut' } as never);
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.printed).toHaveLength(0);
    expect(await driver.recovery.voucherPrinted(VOUCHER.validation)).toBe('not-printed');
    const next = voucher(8);
    print(driver, next);
    await log.next({ type: 'printed' });
    expect(sim.printed.map((t) => t.validation)).toEqual([next.validation]);
  });

  it('fails a ticket stopped by the paper after its number is printed: torn off, never counted', async () => {
    const { sim, driver, log } = await line();
    sim.runOutAfter(9); // after the barcode (the sixth region), before the foot
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/paper/) });
    await until('the stub torn off', () => sim.abandoned.length === 1);
    sim.setPaperOut(false);
    await new Promise((r) => setTimeout(r, 150));
    expect(sim.printed).toHaveLength(0);
    expect(log.of('printed')).toHaveLength(0);
  });

  it('fails on a jam mid-ticket, and the fault clears with the jam', async () => {
    const { sim, driver, log } = await line();
    sim.jamAfter(2);
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/jam/) });
    await log.next({ type: 'fault', code: 'paperJam' } as never);
    sim.setPaperJam(false);
    await log.next({ type: 'faultCleared', code: 'paperJam' } as never);
    await new Promise((r) => setTimeout(r, 150));
    expect(sim.printed).toHaveLength(0);
  });

  it('refuses to print with the head up, and prints once it is down', async () => {
    const { sim, driver, log } = await line();
    sim.setHeadUp(true);
    await log.next({ type: 'fault', code: 'headUp' } as never);
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/head/) });
    expect(sim.printed).toHaveLength(0);
    sim.setHeadUp(false);
    await log.next({ type: 'faultCleared', code: 'headUp' } as never);
    print(driver, voucher(9));
    await log.next({ type: 'printed' });
    await until('ticket out', () => sim.printed.length === 1);
  });

  it('loses a half-printed ticket to a power cut: failed, templates sent again, the next prints', async () => {
    const { sim, driver, log } = await line({ regionMs: 40 });
    const from = sim.received.length;
    print(driver);
    await until('printing', () => sim.flagsNow.busy);
    await sim.powerCycle(100);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ validation: VOUCHER.validation });
    await until('templates again', () => sim.heldTemplates.size === 3);
    expect(sim.received.slice(from).filter((c) => c.type === 'deleteAll')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.printed).toHaveLength(0);
    expect(['not-printed', 'unknown']).toContain(await driver.recovery.voucherPrinted(VOUCHER.validation));
    print(driver, voucher(10));
    await log.next({ type: 'printed' });
    await until('ticket out', () => sim.printed.length === 1);
  });

  it('says "unknown" for a voucher whose port vanished mid-ticket, and defines its templates on the way back', async () => {
    const { sim, driver, log, pair } = await line({ regionMs: 40 });
    print(driver);
    await until('printing', () => sim.flagsNow.busy);
    await pair.stop();
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/unknown/) });
    expect(await driver.recovery.voucherPrinted(VOUCHER.validation)).toBe('unknown');
    await log.next({ type: 'offline' });
    const from = log.events.length;
    const defined = sim.received.filter((c) => c.type === 'deleteAll').length;
    await pair.start();
    await log.next({ type: 'online' }, from, 10_000);
    await until('templates again', () => sim.received.filter((c) => c.type === 'deleteAll').length > defined);
    print(driver, voucher(11));
    await log.next({ type: 'printed' }, from);
  });

  it('reports a printer that refuses its templates as a fault, and prints nothing on it', async () => {
    const { sim, driver, log } = await line({ regionSlots: 10 }, false);
    expect(await log.next({ type: 'fault', code: 'printerError' } as never)).toBeTruthy();
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/unrecoverable/) });
    expect(sim.received.filter((c) => c.type === 'print')).toHaveLength(0);
    expect(sim.received.filter((c) => c.type === 'deleteAll')).toHaveLength(1);
  });

  it('does not count a voucher whose taking it never heard: a validation done after that may be the last one', async () => {
    const { sim, driver, log, loseReplies } = await line();
    print(driver, voucher(12));
    await log.next({ type: 'printed' });
    await until('first out', () => sim.printed.length === 1);
    // The printer's answers right after the next print command are lost on the line.
    let lost = 0;
    const from = sim.received.length;
    loseReplies(() => sim.received.slice(from).some((c) => c.type === 'print') && lost++ < 3);
    print(driver, voucher(13));
    expect(await log.next({ type: 'printFailed' })).toMatchObject({
      validation: voucher(13).validation,
      reason: expect.stringMatching(/did not answer/),
    });
    expect(log.of('printed')).toHaveLength(1);
  });
});
