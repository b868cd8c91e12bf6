import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLink } from '../shared/memory-link';
import { EventLog, until } from '../testing/event-log';
import { PrinterDriver } from './driver';
import { PrinterSimulator } from './simulator';
import { VOUCHER } from '../testing/test-voucher';
import { formatValidationNumber } from '../../cabinet';
import { legacyValidation } from '../../cabinet/testing/rig';

const FAST = { pollMs: 5, responseTimeoutMs: 40, retries: 1, reconnectMs: 20, printTimeoutMs: 2000 };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

function setup() {
  const link = new MemoryLink('printer');
  const sim = new PrinterSimulator().attach(link.device);
  const driver = new PrinterDriver({ path: link.path, binding: link.binding, ...FAST });
  const log = new EventLog();
  driver.on('event', log.push);
  driver.start();
  stops.push(() => driver.stop());
  return { link, sim, driver, log };
}

const print = (driver: PrinterDriver, voucher = VOUCHER) => driver.send({ device: 'printer', type: 'print', voucher });

describe('printer driver over the mock binding', () => {
  it('prints a voucher and reports it once the printer confirms', async () => {
    const { sim, driver, log } = setup();
    await log.next({ type: 'online' });
    print(driver);
    expect(await log.next({ type: 'printed' })).toEqual({
      device: 'printer',
      type: 'printed',
      validation: VOUCHER.validation,
    });
    expect(sim.printed).toHaveLength(1);
    const t = sim.printed[0]!;
    expect(t.validation).toBe(VOUCHER.validation);
    expect(t.text.replace(/\s+/g, ' ')).toContain('ONE HUNDRED TWENTY-THREE DOLLARS AND FORTY-FIVE CENTS');
    expect(t.text).toMatch(/\$ *1 *2 *3 *\. *4 *5/);
    expect(t.text).toContain('GOLDEN NUGGET TEST');
    expect(t.text).toContain(`VALIDATION ${formatValidationNumber(VOUCHER.validation)}`);
    expect(t.text).toContain('MACHINE 1234');
    expect(t.text).toContain('TICKET # 0007');
    expect(t.text).toContain('VOID AFTER 2025-05-30');
    expect(t.text).toContain('DATE 2025-03-01 21:15:00');
    expect(await driver.recovery.voucherPrinted(VOUCHER.validation)).toBe('printed');
    // Asked again after a restart of the cabinet's effects: reported, not printed twice.
    print(driver);
    await until('second report', () => log.of('printed').length === 2);
    expect(sim.printed).toHaveLength(1);
  });

  it('prints a device test specimen marked VOID, with no amount on it', async () => {
    const { sim, driver, log } = setup();
    await log.next({ type: 'online' });
    const sequence = 9_000_000_001;
    const specimen = {
      ...VOUCHER,
      amount: 0,
      specimen: true as const,
      sequence,
      validation: legacyValidation(1234, sequence),
    };
    print(driver, specimen);
    expect(await log.next({ type: 'printed' })).toEqual({
      device: 'printer',
      type: 'printed',
      validation: specimen.validation,
    });
    const t = sim.printed[0]!;
    expect(t.lines[0]!.replace(/ /g, '')).toBe('***VOID***');
    expect(t.text).toContain('SPECIMEN - NOT NEGOTIABLE');
    expect(t.text).not.toMatch(/\$|CASHOUT|TICKET #/);
  });

  it('fails at once when the paper is out before printing, and prints after it is loaded', async () => {
    const { sim, driver, log } = setup();
    sim.setPaperOut(true);
    expect(await log.next({ type: 'fault' })).toMatchObject({ code: 'paperOut' });
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({
      validation: VOUCHER.validation,
      reason: expect.stringMatching(/paper/),
    });
    expect(sim.printed).toHaveLength(0);
    expect(await driver.recovery.voucherPrinted(VOUCHER.validation)).toBe('not-printed');
    sim.setPaperOut(false);
    await log.next({ type: 'faultCleared', code: 'paperOut' } as never);
    const again = { ...VOUCHER, sequence: 8, validation: legacyValidation(1234, 8) };
    print(driver, again);
    await log.next({ type: 'printed' });
    expect(sim.printed.map((t) => t.validation)).toEqual([again.validation]);
  });

  it('fails when the paper runs out during printing and clears the job so it never comes out later', async () => {
    const { sim, driver, log } = setup();
    await log.next({ type: 'online' });
    sim.runOutAfter(3);
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/paper/) });
    expect(sim.printed).toHaveLength(0);
    expect(sim.abandoned.length).toBe(1);
    sim.setPaperOut(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(sim.printed).toHaveLength(0);
    expect(sim.backlog).toBe(0);
    expect(await driver.recovery.voucherPrinted(VOUCHER.validation)).toBe('not-printed');
  });

  it('reports the cover open as a fault and refuses to print until it is closed', async () => {
    const { sim, driver, log } = setup();
    sim.setCoverOpen(true);
    await log.next({ type: 'fault', code: 'coverOpen' } as never);
    print(driver);
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/cover/) });
    sim.setCoverOpen(false);
    await log.next({ type: 'faultCleared', code: 'coverOpen' } as never);
  });

  it('refuses a voucher with a bad validation number without printing', async () => {
    const { sim, driver, log } = setup();
    print(driver, { ...VOUCHER, validation: '000000000000000000' });
    expect(await log.next({ type: 'printFailed' })).toMatchObject({ reason: expect.stringMatching(/check digits/) });
    expect(sim.printed).toHaveLength(0);
  });

  it('says "unknown" for a voucher whose port vanished mid-job, and goes offline and back', async () => {
    const { sim, driver, log, link } = setup();
    await log.next({ type: 'online' });
    sim.setCoverOpen(true); // printing stops with the job in the printer
    await log.next({ type: 'fault' });
    sim.setCoverOpen(false);
    await log.next({ type: 'faultCleared' });
    sim.runOutAfter(1000); // no effect, keeps the flow normal
    // Hold the job: pull the cable right after the job bytes went out.
    link.device.onData(() => undefined);
    const unsub = link.device.onData((b) => {
      if (b.includes(0x1d)) {
        unsub();
        link.unplug();
      }
    });
    print(driver);
    const failed = await log.next({ type: 'printFailed' });
    expect(failed).toMatchObject({ reason: expect.stringMatching(/unknown/) });
    expect(await driver.recovery.voucherPrinted(VOUCHER.validation)).toBe('unknown');
    await log.next({ type: 'offline' });
    const from = log.events.length;
    link.plug();
    await log.next({ type: 'online' }, from);
  });
});
