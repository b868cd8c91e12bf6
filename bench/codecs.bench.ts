// Codec figures for the serial devices: frames decoded per second per codec (pure decoder and
// streaming parser), and one million random or mutated frames through each parser with the count
// of crashes (target zero) and of frames accepted by mistake. Prints figures; asserts nothing.

import { SeededRandom } from '../src/core';
import { performance } from 'node:perf_hooks';
import { decodeResponse, encodeCommand, encodeResponse, type Id003Response } from '../src/devices/id003/codec';
import { assignmentFor } from '../src/devices/id003/currency';
import { Id003CommandParser, Id003ResponseParser } from '../src/devices/id003/parser';
import { readTicketBarcode } from '../src/devices/acceptor/barcode';
import { decodeDeckFrame, encodeDeckFrame, restingState, type DeckFrame } from '../src/devices/deck/codec';
import { DeckParser } from '../src/devices/deck/parser';
import { EscPosDecoder, encodeEscPos } from '../src/devices/printer/escpos';
import { PrinterReplyParser, encodeProcessIdReply } from '../src/devices/printer/status';
import { voucherBytes } from '../src/devices/printer/voucher-layout';
import { legacyValidation } from '../src/cabinet/testing/rig';
import type { FramedParser } from '../src/devices/shared/framed-parser';
import {
  decodeReply as decodeEbdsReply,
  encodeCommand as encodeEbdsCommand,
  encodeReply as encodeEbdsReply,
} from '../src/devices/ebds/codec';
import { unitStatus } from '../src/devices/ebds/codec';
import { EbdsCommandParser, EbdsReplyParser } from '../src/devices/ebds/parser';
import { EBDS_COMMANDS, EBDS_REPLIES } from '../src/devices/testing/ebds-samples';
import {
  decodeReply as decodeTclReply,
  encodeReply as encodeTclReply,
  encodeTcl,
  type TclReply,
} from '../src/devices/tcl/codec';
import { noFlags } from '../src/devices/tcl/flags';
import { formDefinitions, printCommand } from '../src/devices/tcl/forms';
import { TclCommandDecoder, TclReplyParser } from '../src/devices/tcl/parser';
import { fillForm } from '../src/devices/printer/voucher-form';

const N = Number(process.env.FUZZ_FRAMES ?? 1_000_000);

/** Uniform in [0, 1) from the core's seedable source. */
function rng(seed: number) {
  const source = new SeededRandom(seed);
  return () => source.nextUint32() / 4294967296;
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const ID003: Id003Response[] = [
  { type: 'idling' },
  { type: 'escrow', code: 0x63 },
  { type: 'stacking' },
  { type: 'vendValid' },
  { type: 'rejecting', reason: 0x71 },
  { type: 'currencyAssignment', entries: assignmentFor([1, 2, 5, 10, 20, 50, 100]) },
  { type: 'ack' },
  { type: 'failure', code: 0xa6 },
  { type: 'escrow', code: 0x6f, barcode: '001234567890123456' },
  { type: 'barInhibit', mask: 0xfc, echo: true },
];
const DECK: DeckFrame[] = [
  { seq: 1, message: { type: 'state', state: restingState() } },
  { seq: 2, message: { type: 'input', input: { kind: 'button', button: 'deal' }, on: true } },
  { seq: 0, message: { type: 'heartbeat' } },
  { seq: 0, message: { type: 'ack', seq: 2 } },
  { seq: 3, message: { type: 'lamps', lamps: restingState().lamps } },
];

function throughput(
  name: string,
  frames: Buffer[],
  decode: (f: Buffer) => unknown,
  parser: () => FramedParser<unknown>,
) {
  const reps = 400_000;
  let t = performance.now();
  for (let i = 0; i < reps; i++) decode(frames[i % frames.length]!);
  const pure = reps / ((performance.now() - t) / 1000);
  const stream = Buffer.concat(Array.from({ length: 2000 }, (_, i) => frames[i % frames.length]!));
  const p = parser();
  let got = 0;
  t = performance.now();
  for (let rep = 0; rep < 100; rep++)
    for (let i = 0; i < stream.length; i += 64) got += p.feed(stream.subarray(i, i + 64)).length;
  const streamed = got / ((performance.now() - t) / 1000);
  console.log(
    `${name.padEnd(20)} decode ${fmt(pure).padStart(12)} frames/s   parser (64-byte chunks) ${fmt(streamed).padStart(12)} frames/s`,
  );
}

function mutate(frame: Buffer, r: () => number): Buffer {
  const f = Buffer.from(frame);
  const kind = Math.floor(r() * 5);
  if (kind === 0) {
    const bits = 1 + Math.floor(r() * 3);
    for (let i = 0; i < bits; i++) {
      const at = Math.floor(r() * f.length * 8);
      f[at >> 3]! ^= 1 << (at & 7);
    }
    return f;
  }
  if (kind === 1) {
    f[Math.floor(r() * f.length)] = Math.floor(r() * 256);
    return f;
  }
  if (kind === 2) return f.subarray(0, Math.floor(r() * f.length));
  if (kind === 3) {
    // garbage of a plausible frame's shape: sync, a length, random body
    const g = Buffer.alloc(f.length);
    for (let i = 0; i < g.length; i++) g[i] = Math.floor(r() * 256);
    g[0] = f[0]!;
    g[1] = f.length;
    return g;
  }
  const g = Buffer.alloc(1 + Math.floor(r() * 40));
  for (let i = 0; i < g.length; i++) g[i] = Math.floor(r() * 256);
  return g;
}

function fuzz(name: string, frames: Buffer[], parser: () => FramedParser<unknown>) {
  const r = rng(42);
  const p = parser();
  const valid = new Set(frames.map((f) => f.toString('latin1')));
  let crashes = 0;
  let mistaken = 0;
  let mutated = 0;
  const t = performance.now();
  for (let i = 0; i < N; i++) {
    const m = mutate(frames[i % frames.length]!, r);
    if (valid.has(m.toString('latin1'))) continue; // a mutation that changed nothing
    mutated++;
    try {
      mistaken += p.feed(m).length + p.reset().length;
    } catch {
      crashes++;
    }
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${name.padEnd(20)} ${fmt(mutated)} mutated frames in ${s.toFixed(1)} s: crashes ${crashes}, accepted by mistake ${mistaken} (dropped counted ${fmt(p.stats.badFrames)})`,
  );
}

function fuzzPrinter() {
  const r = rng(7);
  const replies = new PrinterReplyParser();
  let crashes = 0;
  let statusBytes = 0;
  let ids = 0;
  for (let i = 0; i < N; i++) {
    const g = Buffer.alloc(7);
    for (let k = 0; k < 7; k++) g[k] = Math.floor(r() * 256);
    if (i % 2) g[0] = 0x37;
    try {
      for (const x of replies.feed(g)) {
        if (x.type === 'status') statusBytes++;
        else ids++;
      }
    } catch {
      crashes++;
    }
  }
  console.log(
    `${'printer replies'.padEnd(20)} ${fmt(N)} random 7-byte chunks: crashes ${crashes}; taken as status bytes ${fmt(statusBytes)} (ESC/POS status has no checksum: any byte with the fixed bits passes), process-id replies ${ids}`,
  );
  const job = Buffer.concat([
    voucherBytes({
      validation: legacyValidation(1, 1),
      amount: 12345,
      currency: 'USD',
      minorDigits: 2,
      venue: 'BENCH',
      machine: '1',
      issuedAt: '2025-01-01T00:00:00Z',
      expiresAt: '2025-02-01T00:00:00Z',
      sequence: 1,
    }),
    encodeEscPos({ type: 'statusRequest', n: 2 }),
  ]);
  const d = new EscPosDecoder();
  let jobCrashes = 0;
  const t = performance.now();
  const jobs = N;
  for (let i = 0; i < jobs; i++) {
    try {
      d.feed(mutate(job, r));
      d.reset();
    } catch {
      jobCrashes++;
    }
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${'ESC/POS decoder'.padEnd(20)} ${fmt(jobs)} mutated voucher jobs (${job.length} bytes) in ${s.toFixed(1)} s: crashes ${jobCrashes}, unreadable sequences skipped ${fmt(d.stats.badCommands)}`,
  );
  let t2 = performance.now();
  let cmds = 0;
  for (let i = 0; i < 20_000; i++) cmds += new EscPosDecoder().feed(job).length;
  console.log(`${'ESC/POS decoder'.padEnd(20)} ${fmt(cmds / ((performance.now() - t2) / 1000))} commands/s`);
  t2 = performance.now();
  const rep = Buffer.concat(
    Array.from({ length: 1000 }, (_, i) => (i % 5 ? Buffer.from([0x12]) : encodeProcessIdReply('0001'))),
  );
  let n = 0;
  for (let i = 0; i < 200; i++) n += replies.feed(rep).length;
  console.log(`${'printer replies'.padEnd(20)} ${fmt(n / ((performance.now() - t2) / 1000))} replies/s`);
}

/**
 * EBDS's 8-bit XOR lets some mutated frames through, so the driver believes a reply that changes
 * anything only when the unit repeats it byte for byte (docs/protocols/ebds.md, "The toggle"). Here
 * each reply is sent twice, each copy mutated independently as the line might: counted are the
 * corrupt replies a single read would take and those the two reads agree on.
 */
function fuzzEbdsTwice(frames: Buffer[]) {
  const r = rng(17);
  const p = new EbdsReplyParser();
  const valid = new Set(frames.map((f) => f.toString('latin1')));
  let once = 0;
  let twice = 0;
  let crashes = 0;
  const t = performance.now();
  for (let i = 0; i < N; i++) {
    const f = frames[i % frames.length]!;
    const read = () => {
      const m = mutate(f, r);
      const got = [...p.feed(m), ...p.reset()];
      return valid.has(m.toString('latin1')) || got.length !== 1 ? null : JSON.stringify(got[0]);
    };
    try {
      const a = read();
      if (a === null) continue;
      once++;
      if (a === read()) twice++;
    } catch {
      crashes++;
    }
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${'EBDS read twice'.padEnd(20)} ${fmt(N)} replies, each sent twice and mutated independently, in ${s.toFixed(1)} s: a corrupt reply taken by one read ${fmt(once)}, by two agreeing reads ${twice}, crashes ${crashes}`,
  );
}

const TCL_REPLIES: TclReply[] = [
  { type: 'status', unit: '0', version: 'GURAA1-01', flags: { ...noFlags(), topOfForm: true }, template: 'PV' },
  { type: 'status', unit: '0', version: 'GURAA1-01', flags: { ...noFlags(), busy: true }, template: 'PV' },
  {
    type: 'status',
    unit: '0',
    version: 'PAY-6.22B',
    flags: { ...noFlags(), busy: true, validationDone: true, paperInChute: true },
    template: 'PS',
  },
  { type: 'crc', crc: 0x5a3c },
];

/**
 * TCL has no checksum: a flipped bit in a flag byte passes the reply's shape. What matters is a
 * "validation number done" the printer never said, which would count a voucher printed: the
 * driver believes it only from two status answers in a row the same to the byte
 * (docs/protocols/tcl.md). Here a printer that is printing, validation not done, answers two
 * requests, each answer mutated independently as the line might: counted are the reads a single
 * read would take as done, and the pairs the driver would.
 */
function fuzzTclValidationTwice() {
  const r = rng(19);
  const p = new TclReplyParser();
  const printing = encodeTclReply(TCL_REPLIES[1]!);
  let once = 0;
  let twice = 0;
  let crashes = 0;
  const t = performance.now();
  /** The reply read, if it says validation done. */
  const done = () => {
    const got = [...p.feed(mutate(printing, r)), ...p.reset()];
    return got.length === 1 && got[0]!.type === 'status' && got[0]!.flags.validationDone
      ? JSON.stringify(got[0])
      : null;
  };
  for (let i = 0; i < N; i++) {
    try {
      const first = done();
      if (first === null) continue;
      once++;
      if (done() === first) twice++;
    } catch {
      crashes++;
    }
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${'TCL read twice'.padEnd(20)} ${fmt(N)} "printing" replies, each sent twice and mutated independently, in ${s.toFixed(1)} s: validation done believed by one read ${fmt(once)}, by two reads the same to the byte ${twice}, crashes ${crashes}`,
  );
}

/** The TCL printer's side: mutated voucher jobs (definitions and the print command) through its decoder. */
function fuzzTclCommands() {
  const r = rng(23);
  const voucher = {
    validation: legacyValidation(1, 1),
    amount: 12345,
    currency: 'USD',
    minorDigits: 2,
    venue: 'BENCH',
    machine: '1',
    issuedAt: '2025-01-01T00:00:00Z',
    expiresAt: '2025-02-01T00:00:00Z',
    sequence: 1,
  };
  const print = encodeTcl(printCommand(fillForm(voucher)));
  const job = Buffer.concat([...formDefinitions().map(encodeTcl), print, encodeTcl({ type: 'statusRequest' })]);
  const d = new TclCommandDecoder();
  let crashes = 0;
  let altered = 0;
  const sent = JSON.stringify(new TclCommandDecoder().feed(print)[0]);
  // A job is hundreds of bytes: a fifth of the frames the other parsers get keeps the run short.
  const jobs = Math.ceil(N / 5);
  const t = performance.now();
  for (let i = 0; i < jobs; i++) {
    try {
      const cmds = [...d.feed(mutate(i % 4 ? print : job, r)), ...d.reset()];
      for (const c of cmds) if (c.type === 'print' && JSON.stringify(c) !== sent) altered++;
    } catch {
      crashes++;
    }
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${'TCL commands'.padEnd(20)} ${fmt(jobs)} mutated voucher jobs (print ${print.length} bytes, with definitions ${job.length}) in ${s.toFixed(1)} s: crashes ${crashes}, print commands read with other fields ${fmt(altered)} (no checksum: a changed character prints; a number's check digits then refuse it), dropped ${fmt(d.stats.badFrames)}`,
  );
  const t2 = performance.now();
  let cmds = 0;
  for (let i = 0; i < 20_000; i++) cmds += new TclCommandDecoder().feed(job).length;
  console.log(`${'TCL commands'.padEnd(20)} ${fmt(cmds / ((performance.now() - t2) / 1000))} commands/s`);
}

/** How one family carries a barcode in escrow, for fuzzBarcodes. */
interface BarcodeFamily<F> {
  name: string;
  what: string;
  seed: number;
  /** The longest barcode tried, and the widest byte of the line (ID-003 8 bits, EBDS 7). */
  maxLength: number;
  byteRange: number;
  /** The byte a unit pads with (EBDS's '('): never the last of a barcode a reader sends. */
  padding?: number;
  frame(barcode: string): Buffer;
  parser(): { feed(b: Buffer): F[]; reset(): F[]; stats: { badFrames: number } };
  /** The barcode a parsed frame offers, if it is a barcode frame. */
  barcodeOf(frame: F): string | undefined;
}

/**
 * The barcode path: escrow frames carrying any number of bytes (a quarter exactly 18 digits, half
 * digits only, the rest any byte the line carries), a quarter of them mutated, through the parser
 * and the barcode check both acceptor families share. Counted: barcodes offered to the cabinet
 * (every one must be the 18 digits sent), refused (each must be shown in printable form), frames
 * dropped, crashes.
 */
function fuzzBarcodes<F>(family: BarcodeFamily<F>) {
  const r = rng(family.seed);
  const p = family.parser();
  let offered = 0;
  let wrongOffers = 0;
  let refused = 0;
  let unsafeShown = 0;
  let crashes = 0;
  let mutated = 0;
  const t = performance.now();
  for (let i = 0; i < N; i++) {
    const len = i % 4 === 0 ? 18 : Math.floor(r() * family.maxLength);
    const digits = i % 2 === 0;
    const bytes = Buffer.alloc(len);
    for (let k = 0; k < len; k++) bytes[k] = digits ? 0x30 + Math.floor(r() * 10) : Math.floor(r() * family.byteRange);
    while (bytes.length && bytes[bytes.length - 1] === family.padding) bytes[bytes.length - 1] = 0x30;
    const barcode = bytes.toString('latin1');
    let frame = family.frame(barcode);
    if (i % 4 === 3) {
      frame = mutate(frame, r);
      mutated++;
    }
    try {
      for (const parsed of [...p.feed(frame), ...p.reset()]) {
        const code = family.barcodeOf(parsed);
        if (code === undefined) continue;
        const reading = readTicketBarcode(code);
        if (reading.ok) {
          offered++;
          if (reading.barcode !== barcode || !/^[0-9]{18}$/.test(reading.barcode)) wrongOffers++;
        } else {
          refused++;
          if (!/^[\x20-\x7e…]*$/.test(reading.shown) || reading.shown.length > 180) unsafeShown++;
        }
      }
    } catch {
      crashes++;
    }
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${family.name.padEnd(20)} ${fmt(N)} ${family.what} (${fmt(mutated)} mutated) in ${s.toFixed(1)} s: offered ${fmt(offered)} (not the 18 digits sent: ${wrongOffers}), ` +
      `refused ${fmt(refused)} (shown unsafely: ${unsafeShown}), dropped ${fmt(p.stats.badFrames)}, crashes ${crashes}`,
  );
}

const ESCROWED = unitStatus({ activity: 'escrowed', model: 0x54 });

console.log(`codec throughput (node ${process.version})`);
throughput('ID-003 responses', ID003.map(encodeResponse), decodeResponse, () => new Id003ResponseParser());
throughput('EBDS replies', EBDS_REPLIES.map(encodeEbdsReply), decodeEbdsReply, () => new EbdsReplyParser());
throughput('button deck', DECK.map(encodeDeckFrame), decodeDeckFrame, () => new DeckParser());
throughput('TCL replies', TCL_REPLIES.map(encodeTclReply), decodeTclReply, () => new TclReplyParser());
console.log(
  `\nfuzzing: ${fmt(N)} random or mutated frames per parser (bit flips, byte changes, truncations, frame-shaped garbage, noise)`,
);
fuzz('ID-003 responses', ID003.map(encodeResponse), () => new Id003ResponseParser());
fuzz(
  'ID-003 commands',
  [
    encodeCommand({ type: 'statusRequest' }),
    encodeCommand({ type: 'stack1' }),
    encodeCommand({ type: 'setDenominations', inhibitMask: 3 }),
  ],
  () => new Id003CommandParser(),
);
fuzz('button deck', DECK.map(encodeDeckFrame), () => new DeckParser());
fuzz('EBDS replies', EBDS_REPLIES.map(encodeEbdsReply), () => new EbdsReplyParser());
fuzz('EBDS commands', EBDS_COMMANDS.map(encodeEbdsCommand), () => new EbdsCommandParser());
fuzzEbdsTwice(EBDS_REPLIES.map(encodeEbdsReply));
fuzz('TCL replies', TCL_REPLIES.map(encodeTclReply), () => new TclReplyParser());
fuzzTclValidationTwice();
fuzzTclCommands();
fuzzBarcodes({
  name: 'ID-003 barcodes',
  what: 'ticket escrows',
  seed: 11,
  maxLength: 250,
  byteRange: 256,
  frame: (barcode) => encodeResponse({ type: 'escrow', code: 0x6f, barcode }),
  parser: () => new Id003ResponseParser(),
  barcodeOf: (resp) => (resp.type === 'escrow' ? resp.barcode : undefined),
});
// EBDS: barcode replies of 7-bit bytes, up to what a 127-byte frame holds.
fuzzBarcodes({
  name: 'EBDS barcodes',
  what: 'barcode replies',
  seed: 13,
  maxLength: 116,
  byteRange: 128,
  padding: 0x28,
  frame: (barcode) => encodeEbdsReply({ type: 'barcode', toggle: 0, status: ESCROWED, barcode }),
  parser: () => new EbdsReplyParser(),
  barcodeOf: (reply) => (reply.type === 'barcode' ? reply.barcode : undefined),
});
fuzzPrinter();
