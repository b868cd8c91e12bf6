import { afterEach, describe, expect, it } from 'vitest';
import { crc16Kermit } from '../shared/crc16-kermit';
import { MemoryExceptionStore } from './exception-queue';
import { FakeMachine, type FakeMachineOptions } from '../testing/fake-machine';
import { withCrc } from './frame';
import { SasLink, type SasLinkOptions } from './link';
import {
  decodeClock,
  decodeGameConfig,
  decodeHandpay,
  decodeMachineInfo,
  decodeMeters,
  decodeRedeem,
  decodeRomSignature,
  decodeSelectedMeters,
  decodeTicketValidation,
  decodeValidationInfo,
} from './replies';
import { METER_CODES, METER_POLLS } from './meter-codes';
import { encodeLongPoll, generalPoll, type LongPollRequest } from './requests';
import { TestLine } from '../testing/sas-test-line';
import { encodeHostMessage } from './wire';
import { secureEnhancedBarcode } from './validation';

const A = 1;
const links: SasLink[] = [];
afterEach(() => {
  for (const l of links.splice(0)) l.detach();
});

function setup(
  link: Partial<SasLinkOptions> = {},
  machine: FakeMachineOptions = {},
  store = new MemoryExceptionStore(),
) {
  const m = new FakeMachine(store, machine);
  const line = new TestLine();
  const sas = new SasLink({
    address: A,
    machine: m,
    exceptions: store,
    money: { accountingDenomination: 1, minorDigits: 2 },
    ...link,
  }).attach(line);
  links.push(sas);
  const faults: string[] = [];
  sas.on('fault', (f) => faults.push(f));
  const gp = () => line.poll(generalPoll(A));
  const sync = () => line.poll(generalPoll(0));
  const lp = (req: LongPollRequest) => line.poll(encodeLongPoll(A, req));
  return { m, store, line, sas, gp, sync, lp, faults };
}

describe('general poll and the exception queue', () => {
  it('answers 00 when nothing is pending, and only polls to its own address', () => {
    const { gp, line, sas } = setup();
    expect(gp()).toEqual(Buffer.of(0x00));
    expect(line.poll(generalPoll(2))).toEqual(Buffer.alloc(0));
    expect(line.poll(encodeLongPoll(2, { command: 0x1a }))).toEqual(Buffer.alloc(0));
    expect(sas.status().hostSeen).toBe(true);
  });

  it('sends the same exception again while the host repeats the general poll, and dequeues it only once taken', () => {
    const { gp, sync, m, store, lp } = setup();
    m.raise(0x11);
    m.raise(0x12);
    expect(gp()).toEqual(Buffer.of(0x11));
    expect(gp()).toEqual(Buffer.of(0x11)); // the host lost the reply
    expect(store.pending().map((e) => e.code)).toEqual([0x11, 0x12]);
    sync(); // a poll to another address: the 11 was taken
    expect(store.pending().map((e) => e.code)).toEqual([0x12]);
    expect(gp()).toEqual(Buffer.of(0x12));
    lp({ command: 0x1a }); // a long poll to us also acknowledges it
    expect(store.pending()).toEqual([]);
    expect(gp()).toEqual(Buffer.of(0x00));
  });

  it('reports priority exceptions before queued ones, oldest first within each', () => {
    const { gp, sync, m } = setup();
    m.raise(0x11);
    m.raise(0x51);
    m.raise(0x7e);
    m.raise(0x3d);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(gp()[0]!);
      sync();
    }
    expect(seen).toEqual([0x51, 0x3d, 0x11, 0x7e, 0x00]);
  });

  it('keeps an exception not yet taken across a restart of the link', () => {
    const store = new MemoryExceptionStore();
    const first = setup({}, {}, store);
    first.m.raise(0x19);
    expect(first.gp()).toEqual(Buffer.of(0x19));
    first.sas.detach(); // killed before the host acknowledged
    const second = setup({}, {}, store);
    expect(second.gp()).toEqual(Buffer.of(0x19));
    second.sync();
    expect(second.gp()).toEqual(Buffer.of(0x00));
  });

  it('on overflow drops the oldest queued exception, never a priority one, and raises 70 once', () => {
    const { gp, sync, sas, store } = setup();
    const dropped: number[] = [];
    sas.on('overflow', (p) => dropped.push(p.dropped!.code));
    sas.raise(0x3d);
    for (let i = 0; i < 20; i++) sas.raise(i % 2 ? 0x7f : 0x7e);
    expect(dropped).toEqual([]);
    sas.raise(0x11);
    sas.raise(0x12);
    expect(dropped).toEqual([0x7e, 0x7f]);
    const codes = store.pending().map((e) => e.code);
    expect(codes.filter((c) => c === 0x70)).toHaveLength(1);
    expect(codes.filter((c) => c !== 0x70 && c !== 0x3d)).toHaveLength(20);
    expect(gp()).toEqual(Buffer.of(0x3d));
    sync();
    expect(gp()).toEqual(Buffer.of(0x70));
    sync();
    expect(gp()).toEqual(Buffer.of(0x7e)); // the third raised, the first two were dropped
  });

  it('refuses to raise what it must derive or does not know', () => {
    const { sas } = setup();
    expect(() => sas.raise(0x67)).toThrow(/derived/);
    expect(() => sas.raise(0x70)).toThrow(/queue itself/);
    expect(() => sas.raise(0x99)).toThrow(/not an exception/);
  });
});

describe('long polls', () => {
  it('acknowledges shutdown and startup, and a repeated poll is acknowledged again without acting twice', () => {
    const { lp, m, sas, sync } = setup();
    expect(lp({ command: 0x01 })).toEqual(Buffer.of(A));
    expect(lp({ command: 0x01 })).toEqual(Buffer.of(A));
    expect(m.calls.filter((c) => c === 'shutdown')).toHaveLength(1);
    expect(sas.status().disabledByHost).toBe(true);
    expect(sas.status().retransmissions).toBe(1);
    sync();
    expect(lp({ command: 0x02 })).toEqual(Buffer.of(A));
    expect(sas.status().disabledByHost).toBe(false);
  });

  it('answers no data poll with a bad CRC, counts it, and takes it for neither an acknowledgement nor a repeat', () => {
    const { gp, line, m, store, sas } = setup();
    m.raise(0x11);
    expect(gp()).toEqual(Buffer.of(0x11));
    const bad = withCrc([A, 0x01]);
    bad[3]! ^= 0x40;
    expect(line.poll(bad)).toEqual(Buffer.alloc(0));
    expect(m.calls).not.toContain('shutdown');
    expect(sas.status().crcErrors).toBe(1);
    expect(store.pending()).toHaveLength(1); // still not taken
    expect(gp()).toEqual(Buffer.of(0x11));
  });

  it('gives no reply to a long poll it does not support, and counts it', () => {
    const { line, sas } = setup();
    expect(line.poll(withCrc([A, 0x74, 0x00, 0x00, 0x00, 0x00]))).toEqual(Buffer.alloc(0)); // AFT lock
    expect(line.poll(withCrc([A, 0x8a, 0x00, 0x00, 0x01, 0x00, 0x00]))).toEqual(Buffer.alloc(0)); // legacy bonus
    expect(sas.status().unsupportedPolls).toBe(2);
  });

  it('gives no reply to a poll whose data the standard does not allow', () => {
    const { line, sas } = setup();
    expect(line.poll(withCrc([A, 0x2f, 0x0d, 0x00, 0x00, ...Array(11).fill(0)]))).toEqual(Buffer.alloc(0)); // 11 meters
    expect(line.poll(withCrc([A, 0x4d, 0x20]))).toEqual(Buffer.alloc(0));
    expect(line.poll(withCrc([A, 0x7f, 0x02, 0x30, 0x20, 0x25, 0x10, 0x00, 0x00]))).toEqual(Buffer.alloc(0)); // 30 February
    expect(sas.status().malformedPolls).toBe(3);
  });

  it('reports meters in credits of the accounting denomination, cents for 0D–10, counts as counts', () => {
    const { lp, m } = setup({ money: { accountingDenomination: 5, minorDigits: 2 } });
    m.setMeter(0x00, 123_455);
    m.setMeter(0x0c, 1_234);
    m.setMeter(0x05, 77);
    m.setMeter(0x0d, 2_500);
    m.setMeter(0x0b, 12_345);
    expect(decodeMeters(lp({ command: 0x1a }), METER_POLLS[0x1a]!)).toEqual([246]);
    expect(decodeMeters(lp({ command: 0x11 }), METER_POLLS[0x11]!)).toEqual([24_691]);
    expect(decodeMeters(lp({ command: 0x15 }), METER_POLLS[0x15]!)).toEqual([77]);
    expect(decodeMeters(lp({ command: 0x20 }), METER_POLLS[0x20]!)).toEqual([123]); // whole currency units
    const sel = decodeSelectedMeters(
      lp({ command: 0x2f, game: 0, meters: [0x00, 0x0d, 0x05, 0x99, 0x0c] }),
      (c) => METER_CODES[c]?.bytes ?? null,
    );
    expect(sel).toEqual({
      game: 0,
      meters: [
        { code: 0x00, value: 24_691, bytes: 4 },
        { code: 0x0d, value: 2_500, bytes: 5 },
        { code: 0x05, value: 77, bytes: 4 },
        { code: 0x0c, value: 246, bytes: 4 },
      ],
    });
  });

  it('leaves a single meter it does not keep unanswered, but reads it as zero inside a group', () => {
    const { lp, m, sas } = setup();
    m.setMeter(0x00, 10);
    m.doorOpens = 3;
    m.powerResets = 4;
    expect(lp({ command: 0x17 })).toEqual(Buffer.alloc(0)); // games lost: this fake keeps none
    expect(sas.status().unsupportedPolls).toBe(1);
    expect(decodeMeters(lp({ command: 0x1c }), METER_POLLS[0x1c]!)).toEqual([10, 0, 0, 0, 0, 0, 3, 4]);
  });

  it('answers 2F per game, and not for a game it does not have', () => {
    const { lp, m } = setup();
    m.setMeter(0x05, 9, 2);
    expect(decodeSelectedMeters(lp({ command: 0x2f, game: 2, meters: [0x05] }), () => 4).meters).toEqual([
      { code: 5, value: 9, bytes: 4 },
    ]);
    expect(lp({ command: 0x2f, game: 3, meters: [0x05] })).toEqual(Buffer.alloc(0));
  });

  it('describes the machine (1F) and each game (53), with the denomination code and max bet in credits', () => {
    const { lp } = setup({ money: { accountingDenomination: 25, minorDigits: 2 } });
    expect(decodeMachineInfo(lp({ command: 0x1f }))).toEqual({
      gameId: 'JB',
      additionalId: '000',
      denominationCode: 0x04,
      maxBet: 40,
      progressiveGroup: 0,
      gameOptions: 0,
      paytableId: 'MULTI',
      basePercent: 9989,
    });
    const g = decodeGameConfig(lp({ command: 0x53, game: 2 }));
    expect(g.game).toBe(2);
    // Over 100% does not fit the four digits: reported as 99.99.
    expect(g.config).toMatchObject({ gameId: 'PP', maxBet: 40, paytableId: 'PP12', basePercent: 9999 });
    expect(decodeGameConfig(lp({ command: 0x53, game: 0 })).config).toEqual(decodeMachineInfo(lp({ command: 0x1f })));
  });

  it('refuses an accounting denomination SAS has no code for, at construction', () => {
    expect(() => setup({ money: { accountingDenomination: 7, minorDigits: 2 } })).toThrow(/no SAS denomination code/);
    expect(() => setup({ address: 0 })).toThrow(/1\.\.127/);
  });

  it('sets the clock only when allowed, by poll or broadcast, and never answers the broadcast', () => {
    const at = { year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5 };
    const allowed = setup();
    expect(allowed.lp({ command: 0x7f, at })).toEqual(Buffer.of(A));
    expect(decodeClock(allowed.lp({ command: 0x7e }))).toEqual(at);
    const refused = setup({}, { allowClockSet: false });
    expect(refused.lp({ command: 0x7f, at })).toEqual(Buffer.alloc(0));
    expect(refused.sas.status().refusedPolls).toBe(1);
    const broadcast = setup();
    expect(broadcast.line.poll(encodeLongPoll(0, { command: 0x7f, at: { ...at, year: 2027 } }))).toEqual(
      Buffer.alloc(0),
    );
    expect(broadcast.m.clock().year).toBe(2027);
  });

  it('resets a handpay remotely only when there is one', () => {
    const { lp, m, sync } = setup();
    expect(decodeHandpay(lp({ command: 0x1b }))).toEqual({
      progressiveGroup: 0,
      level: 0,
      amount: 0,
      partialPay: 0,
      resetId: 0,
    });
    expect(lp({ command: 0x94 })).toEqual(withCrc([A, 0x94, 0x02]));
    m.handpayInfo = { progressiveGroup: 0, level: 0x40, amount: 250_000, partialPay: 0, resetId: 0 };
    sync();
    expect(decodeHandpay(lp({ command: 0x1b }))).toMatchObject({ level: 0x40, amount: 250_000 });
    sync();
    expect(lp({ command: 0x94 })).toEqual(withCrc([A, 0x94, 0x00]));
  });
});

describe('secure enhanced validation', () => {
  it('sets the validation ID, reports each voucher once with 4D 00, and again only when the reply was lost', () => {
    const { lp, gp, sync, m } = setup();
    expect(lp({ command: 0x4c, validationId: 0x123456, sequence: 41 })).toEqual(
      withCrc([A, 0x4c, 0x56, 0x34, 0x12, 41, 0, 0]),
    );
    sync();
    const barcode = m.printVoucher(1250)!;
    expect(barcode).toBe(secureEnhancedBarcode(0x123456, 42));
    expect(gp()).toEqual(Buffer.of(0x3d));
    const first = decodeValidationInfo(lp({ command: 0x4d, function: 0 }))!;
    expect(first).toMatchObject({
      validationNumber: barcode.slice(2),
      systemId: 0,
      amountCents: 1250,
      ticketNumber: 42,
      index: 1,
      expiration: '12312025',
    });
    expect(decodeValidationInfo(lp({ command: 0x4d, function: 0 }))).toEqual(first); // lost: the same again
    sync();
    expect(decodeValidationInfo(lp({ command: 0x4d, function: 0 }))).toBeNull(); // read, never twice
    sync();
    expect(decodeValidationInfo(lp({ command: 0x4d, function: 1 }))).toEqual(first); // by buffer index
  });

  it('looks ahead with FF without consuming the record', () => {
    const { lp, sync, m } = setup();
    lp({ command: 0x4c, validationId: 7, sequence: 0 });
    sync();
    m.printVoucher(100);
    const ahead = decodeValidationInfo(lp({ command: 0x4d, function: 0xff }));
    sync();
    expect(decodeValidationInfo(lp({ command: 0x4d, function: 0 }))).toEqual(ahead);
  });

  it('raises 3F when a voucher must be printed before the host set a validation ID', () => {
    const { m, gp } = setup();
    expect(m.printVoucher(500)).toBeNull();
    expect(gp()).toEqual(Buffer.of(0x3f));
  });
});

describe('ROM signature', () => {
  it('acknowledges 21 and answers the first general poll after the signature is ready', async () => {
    const program = new TextEncoder().encode('build A');
    const { lp, gp, sync } = setup({}, { program, romDelayMs: 20 });
    expect(lp({ command: 0x21, seed: 0xbeef })).toEqual(Buffer.of(A));
    sync();
    expect(gp()).toEqual(Buffer.of(0x00)); // not ready yet: the link keeps answering
    sync();
    await new Promise((r) => setTimeout(r, 40));
    const reply = gp();
    expect(decodeRomSignature(reply)).toBe(crc16Kermit(program, 0, program.length, 0xbeef));
    sync();
    expect(gp()).toEqual(Buffer.of(0x00));
  });
});

describe('ticket in (70/71, exceptions 67/68)', () => {
  const BARCODE = '001234567890123456';

  it('validates through the host: 67, 70, 71 redeem, 68 until the final status is read', () => {
    const { gp, sync, lp, m } = setup();
    expect(decodeTicketValidation(lp({ command: 0x70 }))).toEqual({ inEscrow: false });
    sync();
    m.insertTicket(BARCODE);
    expect(gp()).toEqual(Buffer.of(0x67));
    sync();
    expect(gp()).toEqual(Buffer.of(0x00)); // 67 once per ticket
    expect(decodeTicketValidation(lp({ command: 0x70 }))).toEqual({ inEscrow: true, amountCents: 0, barcode: BARCODE });
    const r = decodeRedeem(
      lp({ command: 0x71, kind: 'redeem', transferCode: 0x00, amountCents: 2000, barcode: BARCODE }),
    );
    expect(r).toEqual({ machineStatus: 0x40, amountCents: 2000, barcode: BARCODE });
    sync();
    expect(decodeRedeem(lp({ command: 0x71, kind: 'status' })).machineStatus).toBe(0x40);
    m.settleTicket();
    sync();
    expect(gp()).toEqual(Buffer.of(0x68));
    const final = decodeRedeem(lp({ command: 0x71, kind: 'status' }));
    expect(final).toEqual({ machineStatus: 0x00, amountCents: 2000, barcode: BARCODE });
    expect(m.meter(0x0c, 0)).toBe(2000);
    sync(); // status taken
    expect(gp()).toEqual(Buffer.of(0x00));
    expect(m.calls.filter((c) => c.startsWith('redeem'))).toHaveLength(1);
  });

  it('holds a 71 reply until the machine has committed its verdict, and answers the polls that came meanwhile after it', async () => {
    const { line, m } = setup();
    m.insertTicket(BARCODE);
    let release!: () => void;
    const committed = new Promise<void>((r) => (release = r));
    const redeem = m.ticketIn.redeem;
    m.ticketIn.redeem = (id, d) => committed.then(() => redeem(id, d));
    line.written.length = 0;
    const redeem71 = {
      command: 0x71,
      kind: 'redeem',
      transferCode: 0x00,
      amountCents: 2000,
      barcode: BARCODE,
    } as const;
    line.deliver(encodeHostMessage(encodeLongPoll(A, redeem71)));
    line.deliver(encodeHostMessage(generalPoll(A)));
    await new Promise((r) => setImmediate(r));
    expect(line.written).toEqual([]);
    release();
    await new Promise((r) => setImmediate(r));
    expect(line.written).toHaveLength(2);
    expect(decodeRedeem(line.written[0]!)).toEqual({ machineStatus: 0x40, amountCents: 2000, barcode: BARCODE });
    // The general poll came next: answered in its turn, on the redemption as the verdict left it (no 67 now).
    expect(line.written[1]).toEqual(Buffer.of(0x00));
    expect(m.calls.filter((c) => c.startsWith('redeem'))).toHaveLength(1);
  });

  it('raises 68 again after a while when the host has not read the final status', async () => {
    const { gp, sync, lp, m } = setup({ reissue68Ms: 30 });
    m.insertTicket(BARCODE);
    lp({ command: 0x71, kind: 'redeem', transferCode: 0x00, amountCents: 500, barcode: BARCODE });
    m.settleTicket();
    sync();
    expect(gp()).toEqual(Buffer.of(0x68));
    sync();
    expect(gp()).toEqual(Buffer.of(0x00));
    sync();
    await new Promise((r) => setTimeout(r, 40));
    expect(gp()).toEqual(Buffer.of(0x68));
  });

  it('accepts 71 with the restricted-expiration and pool-ID fields as well', () => {
    const { lp, m } = setup();
    m.insertTicket(BARCODE);
    const r = decodeRedeem(
      lp({
        command: 0x71,
        kind: 'redeem',
        transferCode: 0x00,
        amountCents: 700,
        barcode: BARCODE,
        restricted: { expiration: '00000030', poolId: 0 },
      }),
    );
    expect(r.machineStatus).toBe(0x40);
  });

  it('refuses a redemption for another ticket, for no ticket, and a status with nothing to report', () => {
    const { lp, m, sync } = setup();
    expect(decodeRedeem(lp({ command: 0x71, kind: 'status' }))).toEqual({ machineStatus: 0xff });
    sync();
    expect(
      decodeRedeem(lp({ command: 0x71, kind: 'redeem', transferCode: 0, amountCents: 100, barcode: BARCODE })),
    ).toEqual({ machineStatus: 0xc0 });
    m.insertTicket(BARCODE);
    sync();
    expect(
      decodeRedeem(
        lp({ command: 0x71, kind: 'redeem', transferCode: 0, amountCents: 100, barcode: '009999999999999999' }),
      ).machineStatus,
    ).toBe(0x81);
    expect(m.ticket!.state).toBe('awaitingHost');
  });

  it('returns the ticket when the host rejects it', () => {
    const { lp, m, sync, gp } = setup();
    m.insertTicket(BARCODE);
    expect(
      decodeRedeem(lp({ command: 0x71, kind: 'redeem', transferCode: 0x84, amountCents: 0, barcode: BARCODE }))
        .machineStatus,
    ).toBe(0x40);
    m.settleTicket();
    sync();
    expect(gp()).toEqual(Buffer.of(0x68));
    expect(decodeRedeem(lp({ command: 0x71, kind: 'status' })).machineStatus).toBe(0x80);
    expect(m.meter(0x0c, 0)).toBeNull();
  });
});

describe('chirp and status', () => {
  it('chirps its address every period after the silence, and stops at the first poll', async () => {
    const { line, sas } = setup({ chirpAfterMs: 40, chirpEveryMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    const chirps = line.written.length;
    expect(chirps).toBeGreaterThanOrEqual(2);
    expect(line.written.every((b) => b.equals(Buffer.of(A)))).toBe(true);
    expect(sas.status().chirping).toBe(true);
    line.poll(generalPoll(5)); // any poll, to anyone
    expect(sas.status().chirping).toBe(false);
    const after = line.written.length;
    await new Promise((r) => setTimeout(r, 25));
    expect(line.written.length).toBe(after);
  });

  it('counts polls per second over its window and says when the host is gone', () => {
    let now = 1_000_000;
    const { gp, sync, sas, m, store } = setup({ now: () => now });
    expect(sas.status().hostSeen).toBe(false);
    for (let i = 0; i < 10; i++) {
      gp();
      sync();
      now += 100;
    }
    m.raise(0x11);
    expect(sas.status()).toMatchObject({
      hostSeen: true,
      pollsPerSecond: 2,
      exceptionQueueDepth: store.pending().length,
      lastPollAt: 1_000_900,
    });
    now += 6000;
    expect(sas.status()).toMatchObject({ hostSeen: false, pollsPerSecond: 0 });
  });
});
