// Ticket text from outside (the casino system's 7C/7D location and address lines, the config's
// venue) carrying the command bytes of both printer families: a control byte (ESC, GS, DLE, ENQ,
// a newline) is refused where it arrives, on the wire, by the cabinet and by the printers' own
// check; TCL's `^`, `|` and `~`, printable, go through and print as the characters they are on
// both printers, and nothing of them becomes a command (docs/protocols/tcl.md).

import { afterEach, describe, expect, it } from 'vitest';
import { Rig } from '../cabinet/testing/rig';
import type { SasCommand } from '../cabinet/sas-state';
import type { Voucher } from '../cabinet/device-events';
import { decodeLongPoll } from '../devices/sas/requests';
import { secureEnhancedBarcode } from '../devices/sas/validation';
import { MemoryLink } from '../devices/shared/memory-link';
import { EventLog } from '../devices/testing/event-log';
import { VOUCHER } from '../devices/testing/test-voucher';
import { PrinterDriver } from '../devices/printer/driver';
import { PrinterSimulator } from '../devices/printer/simulator';
import { EscPosDecoder } from '../devices/printer/escpos';
import type { PrinterDriverBase } from '../devices/printer/printer-driver-base';
import type { SimulatedPrinter } from '../devices/printer/simulated';
import { TclPrinterDriver } from '../devices/tcl/driver';
import { TclPrinterSimulator } from '../devices/tcl/simulator';
import { parseConfig } from './config';

/** Printable, and every one a command character of TCL; the last a whole TCL print command. */
const TCL_HOSTILE = ['^|~ FREE ~094 ~124', '|^', '^P|V|1|9999|^'];
/** Control bytes that start ESC/POS commands (ESC @, GS V, DLE EOT) or are TCL's status request. */
const CONTROL = ['\x1b@ RESET', 'GS \x1dV\x00 CUT', '\x10\x04\x01', 'ENQ \x05', 'TWO\nLINES'];

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

function sasRig(): Rig {
  const rig = new Rig();
  rig.env.sasValidation = secureEnhancedBarcode;
  rig.env.voucherIssued = () => false;
  rig.ok({
    kind: 'sas',
    command: {
      type: 'configure',
      settings: { address: 1, accountingDenomination: 1, allowClockSet: false, allowRemoteHandpayReset: false },
    },
  });
  rig.ok({
    kind: 'sas',
    command: { type: 'validationId', validation: { current: { validationId: 7, sequence: 0 }, lastSet: null } },
  });
  return rig;
}

/** A 7C or 7D poll as it comes off the wire (its CRC is the framing's, checked before this). */
const poll = (command: 0x7c | 0x7d, body: number[]) => Buffer.from([1, command, body.length, ...body, 0, 0]);
const bytes = (s: string) => [...Buffer.from(s, 'latin1')];

async function printOn(
  sim: SimulatedPrinter,
  make: (l: MemoryLink) => PrinterDriverBase<unknown>,
  v: Voucher,
  wire: Buffer[],
) {
  const link = new MemoryLink('printer');
  sim.attach(link.device);
  link.device.onData((b) => wire.push(Buffer.from(b)));
  const driver = make(link);
  const log = new EventLog();
  driver.on('event', log.push);
  driver.start();
  stops.push(() => driver.stop());
  driver.send({ device: 'printer', type: 'print', voucher: v });
  const outcome = await log.next((e) => e.type === 'printed' || e.type === 'printFailed');
  if (outcome.type === 'printed')
    await new Promise<void>((r) => (sim.printed.length ? r() : sim.once('printed', () => r())));
  await new Promise((r) => setTimeout(r, 50));
  return { outcome, printed: sim.printed };
}

const families = [
  {
    name: 'ESC/POS',
    sim: () => new PrinterSimulator(),
    driver: (l: MemoryLink) => new PrinterDriver({ path: l.path, binding: l.binding, ...FAST }),
  },
  {
    name: 'TCL',
    sim: () => new TclPrinterSimulator({ regionMs: 1 }),
    driver: (l: MemoryLink) => new TclPrinterDriver({ path: l.path, binding: l.binding, ...FAST }),
  },
];

describe('hostile ticket text', () => {
  it('a control byte in 7C or 7D is refused on the wire, and by the cabinet if it got past', () => {
    for (const text of CONTROL) {
      const t = bytes(text);
      expect(() => decodeLongPoll(poll(0x7c, [0x00, t.length, ...t])), JSON.stringify(text)).toThrow(/printable/);
      expect(() => decodeLongPoll(poll(0x7d, [7, 0, 30, t.length, ...t])), JSON.stringify(text)).toThrow(/printable/);
      const rig = sasRig();
      const cmd: SasCommand = { type: 'ticketText', text: { location: 'SAFE', address1: text } };
      expect(rig.input({ kind: 'sas', command: cmd }).ok).toBe(false);
      expect(rig.state.sas?.ticketText?.address1).toBeUndefined();
    }
    // TCL's command characters are printable: the wire and the cabinet take them as text.
    const t = bytes(TCL_HOSTILE[2]!);
    expect(decodeLongPoll(poll(0x7c, [0x00, t.length, ...t]))).toEqual({
      command: 0x7c,
      items: [{ code: 0, text: TCL_HOSTILE[2] }],
    });
  });

  it('the config refuses a venue with a control byte, and takes ^ | ~ as text', () => {
    for (const venue of CONTROL) expect(() => parseConfig({ voucher: { venue } }), venue).toThrow(/venue/);
    expect(parseConfig({ voucher: { venue: TCL_HOSTILE[2] } }).settings.voucher.venue).toBe(TCL_HOSTILE[2]);
  });

  it.each(families)(
    'the $name printer prints the host text of 7C/7D with TCL command characters as text, and runs no command of it',
    async ({ sim: makeSim, driver }) => {
      const rig = sasRig();
      const [location, address1, address2] = TCL_HOSTILE;
      rig.ok({ kind: 'sas', command: { type: 'ticketText', text: { location, address1, address2 } } });
      rig.insert(500);
      rig.play({ type: 'cashOut' });
      const voucher = rig.state.voucher!;
      expect(voucher).toMatchObject({ venue: location, address: [address1, address2] });
      const sim = makeSim();
      const wire: Buffer[] = [];
      const { outcome, printed } = await printOn(sim, driver, voucher, wire);
      expect(outcome).toMatchObject({ type: 'printed', validation: voucher.validation });
      expect(printed).toHaveLength(1);
      const lines = printed[0]!.lines.map((l) => l.trim());
      for (const text of TCL_HOSTILE) expect(lines).toContain(text);
      expect(printed[0]!.barcodes).toEqual([{ symbology: 'ITF', data: voucher.validation }]);
      const all = Buffer.concat(wire);
      if (sim instanceof TclPrinterSimulator) {
        // One print command only, of the voucher's template, its fields the text as given.
        const prints = sim.received.filter((c) => c.type === 'print');
        expect(prints).toHaveLength(1);
        expect(prints[0]).toMatchObject({ template: 'V', fields: expect.arrayContaining(TCL_HOSTILE) });
        expect(sim.stats.badFrames).toBe(0);
        expect(all.toString('latin1')).not.toContain('^P|V|1|9999|^');
      } else {
        const cmds = new EscPosDecoder().feed(all);
        expect(cmds.filter((c) => c.type === 'cut')).toHaveLength(1);
        expect(cmds.filter((c) => c.type === 'init')).toHaveLength(1);
      }
    },
  );

  it.each(families)(
    'the $name driver refuses a voucher whose text holds a control byte, and sends nothing of it',
    async ({ sim: makeSim, driver }) => {
      for (const venue of CONTROL.slice(0, 2)) {
        const sim = makeSim();
        const wire: Buffer[] = [];
        const v: Voucher = { ...VOUCHER, venue, address: ['\x1dV\x00'] };
        const { outcome, printed } = await printOn(sim, driver, v, wire);
        expect(outcome).toMatchObject({ type: 'printFailed', reason: expect.stringMatching(/voucher refused/) });
        expect(printed).toHaveLength(0);
        expect(Buffer.concat(wire).includes(Buffer.from(venue, 'latin1'))).toBe(false);
      }
    },
  );
});
