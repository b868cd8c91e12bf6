// The link answering what a casino system's routine reads ask (issue 27), against the fake
// machine: meters by game and note, validation in each mode, the host's ticket data, features,
// real-time event reporting, and the host counted lost when it stops polling.

import { afterEach, describe, expect, it } from 'vitest';
import { gameEndedData, gameStartedData } from './event-data';
import { MemoryExceptionStore, planRaise } from './exception-queue';
import { FakeMachine } from '../testing/fake-machine';
import { SasLink, type SasLinkOptions } from './link';
import { VALIDATION_CONTROL } from './machine';
import * as R from './replies';
import { encodeLongPoll, generalPoll, type LongPollRequest } from './requests';
import { TestLine } from '../testing/sas-test-line';
import { standardValidationNumber } from './validation';

const A = 1;
const NONE = Buffer.alloc(0);
const links: SasLink[] = [];
afterEach(() => {
  for (const l of links.splice(0)) l.detach();
});

function setup(link: Partial<SasLinkOptions> = {}) {
  const store = new MemoryExceptionStore();
  const m = new FakeMachine(store);
  const line = new TestLine();
  const sas = new SasLink({
    address: A,
    machine: m,
    exceptions: store,
    money: { accountingDenomination: 5, minorDigits: 2 },
    chirpAfterMs: 1e9,
    ...link,
  }).attach(line);
  links.push(sas);
  const lp = (req: LongPollRequest) => line.poll(encodeLongPoll(A, req));
  const gp = () => line.poll(generalPoll(A));
  const sync = () => line.poll(generalPoll(0));
  return { m, store, line, sas, lp, gp, sync };
}

describe('meters a floor reads', () => {
  it('10 and 0F report total cancelled credits (04) in credits; 2D the hand paid ones, for the machine only', () => {
    const { lp, m, sas } = setup();
    m.setMeter(0x04, 3050);
    m.setMeter(0x03, 300);
    expect(R.decodeMeters(lp({ command: 0x10 }), [{ code: 0x04 }])).toEqual([610]);
    expect(R.decodeMeters(lp({ command: 0x0f }), [{ code: 0x04 }])).toEqual([610]);
    expect(R.decodeGameMeter(lp({ command: 0x2d, game: 0 }))).toEqual({ game: 0, value: 60 });
    expect(lp({ command: 0x2d, game: 1 })).toEqual(NONE);
    expect(sas.status().unsupportedPolls).toBe(1);
  });

  it('31–45 count notes by value, zero for one never taken; 46 gives their credits', () => {
    const { lp, m } = setup();
    m.setMeter(0x44, 7); // $20
    m.setMeter(0x0b, 14_000);
    expect(R.decodeMeters(lp({ command: 0x35 }), [{ code: 0x44 }])).toEqual([7]);
    expect(R.decodeMeters(lp({ command: 0x44 }), [{ code: 0x53 }])).toEqual([0]); // $100,000
    expect(R.decodeMeters(lp({ command: 0x46 }), [{ code: 0x0b }])).toEqual([2800]);
  });

  it('49 and 4A go unanswered while the machine does not keep its stacker, and answer when it does', () => {
    const { lp, m } = setup();
    expect(lp({ command: 0x49 })).toEqual(NONE);
    m.setMeter(0x3e, 12);
    m.setMeter(0x3f, 24_000);
    expect(R.decodeMeters(lp({ command: 0x49 }), [{ code: 0x3e }])).toEqual([12]);
    expect(R.decodeMeters(lp({ command: 0x4a }), [{ code: 0x3f }])).toEqual([4800]);
  });

  it('48 names the last note by country, denomination code and count; zeros before the first', () => {
    const { lp, m, sync } = setup();
    expect(R.decodeLastBill(lp({ command: 0x48 }))).toEqual({ countryCode: 0, denominationCode: 0, count: 0 });
    sync(); // the same poll again would ask for the same reply again
    m.lastNote = { value: 2000 };
    m.setMeter(0x44, 7);
    expect(R.decodeLastBill(lp({ command: 0x48 }))).toEqual({ countryCode: 37, denominationCode: 4, count: 7 });
  });

  it('52 gives a game its coin in, coin out, jackpot and games played; none for a game it does not have', () => {
    const { lp, m } = setup();
    m.setMeter(0x00, 1000, 2);
    m.setMeter(0x01, 500, 2);
    m.setMeter(0x05, 9, 2);
    expect(R.decodeGameMeters(lp({ command: 0x52, game: 2 }))).toEqual({ game: 2, values: [200, 100, 0, 9] });
    expect(lp({ command: 0x52, game: 3 })).toEqual(NONE);
  });

  it('50 reports each validation type: tickets out and in from their meters, zero for a kind never issued', () => {
    const { lp, m } = setup();
    m.setMeter(0x86, 8250);
    m.setMeter(0x87, 3);
    m.setMeter(0x80, 2000);
    m.setMeter(0x81, 1);
    expect(R.decodeValidationMeters(lp({ command: 0x50, validationType: 0x00 }))).toEqual({
      validationType: 0,
      count: 3,
      amountCents: 8250,
    });
    expect(R.decodeValidationMeters(lp({ command: 0x50, validationType: 0x80 }))).toMatchObject({ count: 1 });
    expect(R.decodeValidationMeters(lp({ command: 0x50, validationType: 0x02 }))).toMatchObject({ count: 0 });
  });

  it('6F and AF give every meter kept in eight bytes, never rolled over, and leave out those not kept', () => {
    const { lp, m } = setup({ money: { accountingDenomination: 1, minorDigits: 2 } });
    m.setMeter(0x00, 123_456_789_012);
    for (const command of [0x6f, 0xaf] as const) {
      expect(R.decodeExtendedMeters(lp({ command, game: 0, meters: [0x00, 0x07, 0x04] }))).toEqual({
        game: 0,
        meters: [
          { code: 0x00, bytes: 8, value: 123_456_789_012 },
          { code: 0x04, bytes: 8, value: 0 },
        ],
      });
    }
    // 2F rolls the same meter over at its Table C-7 width.
    expect(R.decodeSelectedMeters(lp({ command: 0x2f, game: 0, meters: [0x00] }), () => 4).meters[0]!.value).toBe(
      56_789_012,
    );
  });

  it('A4 gives the ticket limit in credits, at most 9999', () => {
    const { lp, m } = setup();
    m.ticketLimit = 10_000;
    expect(R.decodeCashOutLimit(lp({ command: 0xa4, game: 0 }))).toEqual({ game: 0, credits: 2000 });
    m.ticketLimit = 1_000_000;
    expect(R.decodeCashOutLimit(lp({ command: 0xa4, game: 1 }))).toEqual({ game: 1, credits: 9999 });
  });
});

describe('validation modes', () => {
  it('secure enhanced: 4C and 4D answered, 3D, 57 and 58 not; A0 says so', () => {
    const { lp, m } = setup();
    expect(R.decodeValidationId(lp({ command: 0x4c, validationId: 7, sequence: 1 }))).toEqual({
      validationId: 7,
      sequence: 1,
    });
    m.printVoucher(500);
    expect(R.decodeValidationInfo(lp({ command: 0x4d, function: 0xff }))).toMatchObject({ systemId: 0 });
    for (const req of [{ command: 0x3d }, { command: 0x57 }] as LongPollRequest[]) expect(lp(req)).toEqual(NONE);
    expect(lp({ command: 0x58, systemId: 1, validationNumber: '1'.repeat(16) })).toEqual(NONE);
    expect(R.decodeEnabledFeatures(lp({ command: 0xa0, game: 0 })).features[0]).toBe(0xd0);
  });

  it('system: 57 tells the host the cash-out, 58 brings its number and the voucher is recorded for 4D under its system ID', () => {
    const { lp, m, gp, sync } = setup();
    m.mode = 'system';
    expect(lp({ command: 0x4c, validationId: 7, sequence: 1 })).toEqual(NONE);
    expect(R.decodePendingCashout(lp({ command: 0x57 }))).toEqual({ cashoutType: 0x80, amountCents: 0 });
    m.printVoucher(2750);
    expect(gp()).toEqual(Buffer.of(0x57));
    expect(R.decodePendingCashout(lp({ command: 0x57 }))).toEqual({ cashoutType: 0x00, amountCents: 2750 });
    expect(R.decodeStatusReply(lp({ command: 0x58, systemId: 3, validationNumber: '1234567890123456' }))).toBe(0);
    sync();
    expect(gp()).toEqual(Buffer.of(0x3d));
    expect(R.decodeValidationInfo(lp({ command: 0x4d, function: 0 }))).toMatchObject({
      systemId: 3,
      validationNumber: '1234567890123456',
      amountCents: 2750,
    });
    expect(R.decodeStatusReply(lp({ command: 0x58, systemId: 3, validationNumber: '1234567890123457' }))).toBe(0x80);
    expect(R.decodeEnabledFeatures(lp({ command: 0xa0, game: 0 })).features[0]).toBe(0xb0);
  });

  it('system: a number of zeros is improper (81) and changes nothing; system ID 00 refuses, and the cash-out is a handpay', () => {
    const { lp, m } = setup();
    m.mode = 'system';
    m.printVoucher(2750);
    expect(R.decodeStatusReply(lp({ command: 0x58, systemId: 3, validationNumber: '0'.repeat(16) }))).toBe(0x81);
    expect(m.pendingCashout()).toEqual({ amount: 2750 });
    expect(R.decodeStatusReply(lp({ command: 0x58, systemId: 0, validationNumber: '0'.repeat(16) }))).toBe(0);
    expect(m.pendingCashout()).toBeNull();
    expect(m.handpay()).toMatchObject({ amount: 2750, level: 0x80 });
  });

  it('standard: 3D gives the last voucher its own 8 digits, read once its reply is taken; 4C and 4D go unanswered', () => {
    const { lp, m, sync } = setup({ money: { accountingDenomination: 1, minorDigits: 2 } });
    m.mode = 'standard';
    const number = m.printVoucher(2750)!;
    expect(number).toBe(standardValidationNumber(2750, m.clock()));
    expect(R.decodeCashOutTicket(lp({ command: 0x3d }))).toEqual({ validationNumber: number, amountCents: 2750 });
    expect(m.lastCashOutTicket()!.read).toBe(false);
    sync();
    expect(m.lastCashOutTicket()!.read).toBe(true);
    expect(lp({ command: 0x4c, validationId: 7, sequence: 1 })).toEqual(NONE);
    expect(lp({ command: 0x4d, function: 0 })).toEqual(NONE);
    expect(R.decodeEnabledFeatures(lp({ command: 0xa0, game: 0 })).features[0]).toBe(0x90);
  });
});

describe('the host ticket data and validation controls', () => {
  it('7B reads the controls with a mask of 0 and sets only those the machine lets the host change', () => {
    const { lp, m } = setup();
    const read = (mask = 0, states = 0, days = 0) =>
      R.decodeExtendedValidation(
        lp({
          command: 0x7b,
          controlMask: mask,
          controlStates: states,
          cashableExpirationDays: days,
          restrictedExpirationDays: 0,
        }),
      );
    expect(read()).toEqual({
      assetNumber: 42,
      statusBits: 0x0021,
      cashableExpirationDays: 30,
      restrictedExpirationDays: 0,
    });
    // Handpay receipts asked for (bit 1) are not had; redemption switched off (bit 5) is.
    expect(read(0x0022, 0x0002, 60)).toMatchObject({ statusBits: 0x0001, cashableExpirationDays: 60 });
    expect(m.controls & VALIDATION_CONTROL.ticketRedemption).toBe(0);
  });

  it('7C and 7D hand the machine the text of its next vouchers, and a broadcast is taken unanswered', () => {
    const { lp, m, line } = setup();
    expect(
      R.decodeStatusReply(
        lp({
          command: 0x7c,
          items: [
            { code: 0x00, text: 'CASINO' },
            { code: 0x10, text: 'PROMO' },
          ],
        }),
      ),
    ).toBe(1);
    expect(m.ticketData).toEqual({ location: 'CASINO' });
    expect(
      line.poll(
        encodeLongPoll(0, {
          command: 0x7d,
          hostId: 9,
          expirationDays: 0,
          location: null,
          address1: '1 MAIN ST',
          address2: null,
        }),
      ),
    ).toEqual(NONE);
    expect(m.ticketData).toEqual({ location: 'CASINO', address1: '1 MAIN ST', expirationDays: 0 });
  });
});

describe('real-time event reporting (0E)', () => {
  it('reports each exception with its data, a note as 4F, before any reply, and no activity as an event (FF 00) when idle', () => {
    const { lp, gp, sync, store } = setup();
    const raise = (code: number, data?: number[]) => store.commit(planRaise(store.pending(), code, 20, data));
    // Raised while the mode was off: reported in the new form once it is on.
    raise(0x7e, gameStartedData(5, 12345));
    raise(0x11);
    expect(lp({ command: 0x0e, enable: true })).toEqual(Buffer.of(A));
    expect(R.decodeEvent(gp())).toEqual({ code: 0x7e, data: gameStartedData(5, 12345) });
    // A long poll while an event waits gets the event; asked again after an acknowledgement, its reply.
    expect(R.decodeEvent(lp({ command: 0x10 }))).toEqual({ code: 0x11, data: [] });
    sync();
    expect(R.decodeMeters(lp({ command: 0x10 }), [{ code: 0x04 }])).toEqual([0]);
    // Switching it off takes the events still waiting first, so none is lost or sent twice.
    raise(0x4a, [0x37, 0x04, 0, 0, 0, 0x12]);
    expect(R.decodeEvent(lp({ command: 0x0e, enable: false }))).toEqual({
      code: 0x4f,
      data: [0x37, 0x04, 0, 0, 0, 0x12],
    });
    sync();
    expect(lp({ command: 0x0e, enable: false })).toEqual(Buffer.of(A));
    raise(0x7f, gameEndedData(250));
    expect(gp()).toEqual(Buffer.of(0x7f));
    sync();
    expect(gp()).toEqual(Buffer.of(0x00));
    expect(lp({ command: 0x0e, enable: true })).toEqual(Buffer.of(A));
    // Nothing pending: SAS 6.02's answer in this mode, an event message with no activity (00).
    const idle = gp();
    expect(idle).toEqual(R.encodeEvent(A, 0x00, []));
    expect([...idle.subarray(0, 3)]).toEqual([A, 0xff, 0x00]);
    expect(R.decodeEvent(idle)).toEqual({ code: 0x00, data: [] });
    expect(store.pending()).toEqual([]);
  });

  it('sends an event again, unchanged, when the host repeats the poll that carried it', () => {
    const { lp, gp, m, sas } = setup();
    lp({ command: 0x0e, enable: true });
    m.raise(0x11);
    const first = gp();
    expect(R.decodeEvent(first)).toEqual({ code: 0x11, data: [] });
    expect(gp()).toEqual(first);
    expect(sas.status()).toMatchObject({ realTimeEvents: true, retransmissions: 1 });
  });
});

describe('host loss', () => {
  it('says the host is lost after the time without a poll to it, and back at the next one', async () => {
    const { sas, gp } = setup({ hostLostAfterMs: 60, chirpEveryMs: 10 });
    const lost: string[] = [];
    let back = 0;
    sas.on('hostLost', (r) => lost.push(r));
    sas.on('hostBack', () => back++);
    await new Promise((r) => setTimeout(r, 150));
    expect(lost).toEqual([expect.stringMatching(/no poll to address 1 for/)]);
    expect(sas.status().hostLost).toMatchObject({ reason: lost[0] });
    gp();
    expect(back).toBe(1);
    expect(sas.status().hostLost).toBeNull();
  });

  it('counts a silent line as lost sooner (the loop break of 5 s)', async () => {
    const { sas } = setup({ chirpAfterMs: 40, chirpEveryMs: 10 });
    const lost: string[] = [];
    sas.on('hostLost', (r) => lost.push(r));
    await new Promise((r) => setTimeout(r, 120));
    expect(lost).toEqual([expect.stringMatching(/loop break/)]);
  });
});
