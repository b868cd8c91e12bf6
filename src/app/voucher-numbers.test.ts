// Issue 23, §1, through the whole app (the one assembly, its real drivers against the device
// simulators on in-memory lines): someone holding a pile of a cabinet's vouchers. Each voucher
// prints the machine number and its sequence, and the layout is published; none of it gives the
// next voucher's number. Vouchers printed before the change keep the numbers they carry.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SeededRandom } from '../core';
import { checkDigitsMatch, withCheckDigits, UNKNOWN_TICKETS_IN_A_ROW } from '../cabinet';
import { legacyValidation } from '../cabinet/testing/rig';
import { until } from '../devices/testing/event-log';
import { openJournal } from './cabinet-app';
import { simulatedCabinet, type SimulatedCabinet } from './testing/simulated-cabinet';
import { parseConfig, type AppConfig } from './config';
import { nodeEnv } from './node-env';
import { CabinetRunner } from './runner';
import { createSimulatedDevices } from '../devices';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-vouchers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const configFor = (machine: string, keyFile = join(dir, `${machine}.key`)): AppConfig =>
  parseConfig({ access: { initialPin: '1234' }, voucher: { machine }, store: { keyFile } });

type Cabinet = SimulatedCabinet;

const cabinet = (name: string, config: AppConfig) => simulatedCabinet({ config, dataDir: join(dir, name, 'data') });

/** A note in, then CASH OUT: the number printed on the voucher. */
async function cashOut({ app, sim }: Cabinet, note: number): Promise<{ validation: string; sequence: number }> {
  await until('the note taken', () => sim.acceptor.insertNote(note), 5_000);
  await until('the note credited', () => app.runner.state.balance >= note, 5_000);
  const printed = sim.printer.printed.length;
  expect(app.runner.wish({ type: 'cashOut' }).ok).toBe(true);
  await until(
    'the voucher printed',
    () => sim.printer.printed.length === printed + 1 && !app.runner.state.voucher,
    10_000,
  );
  const validation = sim.printer.printed.at(-1)!.validation!;
  return { validation, sequence: app.journal.reader.voucher(validation)!.sequence };
}

/** A ticket in, to the end of its redemption: how it ended. */
async function insert({ app, sim }: Cabinet, barcode: string) {
  // The same barcode twice can be decided within one millisecond: the outcome is a new one, not a later one.
  const before = app.runner.state.lastTicket;
  await until('the ticket drawn in', () => sim.acceptor.insertTicket(barcode), 5_000);
  await until(
    'the ticket decided',
    () => app.runner.state.lastTicket !== before && app.runner.state.lastTicket?.barcode === barcode,
    10_000,
  );
  await until('the acceptor idle again', () => !app.runner.state.ticket, 5_000);
  return app.runner.state.lastTicket!;
}

describe("a cabinet's vouchers in a stranger's hands", () => {
  it(
    'the next number by the old layout, put in before the owner, is refused and logged; the owner is paid',
    { timeout: 60_000 },
    async () => {
      const c = await cabinet('one', configFor('0017'));
      try {
        const held = [await cashOut(c, 1000), await cashOut(c, 2000)];
        // The owner's voucher, still in his pocket.
        const owner = await cashOut(c, 5000);
        for (const v of held) expect(v.validation).not.toBe(legacyValidation(17, v.sequence));
        // What the old layout made of the machine's digits and the next sequence, both on the held vouchers.
        const predicted = legacyValidation(17, held[1]!.sequence + 1);
        expect(owner.sequence).toBe(held[1]!.sequence + 1);
        expect(predicted).not.toBe(owner.validation);
        expect(await insert(c, predicted)).toMatchObject({
          outcome: 'returned',
          reason: 'notValidHere',
          validated: true,
        });
        expect(c.app.runner.state.balance).toBe(0);
        expect(await insert(c, owner.validation)).toMatchObject({ outcome: 'redeemed', amount: 5000 });
        const rows = c.app.journal.reader.eventsOfKind(['ticket'], 20).reverse();
        expect(rows.filter((r) => r.data.event === 'return').map((r) => [r.data.barcode, r.data.reason])).toEqual([
          [predicted, 'notValidHere'],
        ]);
      } finally {
        await c.app.close();
      }
    },
  );

  it(
    'a number one digit off is refused on its check digits before any voucher is looked up',
    { timeout: 30_000 },
    async () => {
      const c = await cabinet('typo', configFor('0001'));
      try {
        const { validation } = await cashOut(c, 2000);
        const typo = validation.slice(0, 9) + String((Number(validation[9]) + 1) % 10) + validation.slice(10);
        const looked: string[] = [];
        const journal = c.app.journal;
        const lookup = journal.voucher.bind(journal);
        journal.voucher = (v) => (looked.push(v), lookup(v));
        expect(await insert(c, typo)).toMatchObject({
          outcome: 'returned',
          reason: 'badCheckDigits',
          validated: false,
        });
        expect(looked).toEqual([]);
        expect(await insert(c, validation)).toMatchObject({ outcome: 'redeemed', amount: 2000 });
        // Looked up by the validator, and again by the records' check of its verdict (ticket-records.ts).
        expect(new Set(looked)).toEqual(new Set([validation]));
      } finally {
        await c.app.close();
      }
    },
  );

  it(
    `a stranger's guesses: each refused and logged, and after ${UNKNOWN_TICKETS_IN_A_ROW} the slot takes no ticket, across a restart`,
    { timeout: 60_000 },
    async () => {
      let c = await cabinet('guess', configFor('0001'));
      try {
        const { validation } = await cashOut(c, 500);
        const random = new SeededRandom('guesser');
        const guesses = Array.from({ length: UNKNOWN_TICKETS_IN_A_ROW }, () =>
          withCheckDigits(Array.from({ length: 16 }, () => random.nextUint32() % 10).join('')),
        );
        for (const g of guesses)
          expect(await insert(c, g)).toMatchObject({ outcome: 'returned', reason: 'notValidHere' });
        // A power cycle lifts nothing: the lock is in the committed state.
        await c.app.close();
        c = await cabinet('guess', configFor('0001'));
        // The owner's own voucher waits for the attendant now.
        expect(await insert(c, validation)).toMatchObject({
          outcome: 'returned',
          reason: 'ticketsLocked',
          validated: false,
        });
        const rows = c.app.journal.reader.eventsOfKind(['ticket'], 50).reverse();
        expect(rows.filter((r) => r.data.event === 'return').map((r) => r.data.barcode)).toEqual([
          ...guesses,
          validation,
        ]);
        expect(rows.find((r) => r.data.event === 'locked')?.data).toMatchObject({
          unknownInRow: UNKNOWN_TICKETS_IN_A_ROW,
        });
        c.sim.deck.turnKey('attendant', true);
        await until('unlocked', () => !(c.app.runner.state.ticketGuesses!.lockedUntil > Date.now()), 5_000);
        c.sim.deck.turnKey('attendant', false);
        expect(await insert(c, validation)).toMatchObject({ outcome: 'redeemed', amount: 500 });
      } finally {
        await c.app.close();
      }
    },
  );
});

describe('two cabinets', () => {
  it(
    'numbered "A-017" and "B-017", even imaged with one key file, print different numbers',
    { timeout: 60_000 },
    async () => {
      const key = join(dir, 'shared.key');
      const a = await cabinet('a', configFor('A-017', key));
      const b = await cabinet('b', configFor('B-017', key));
      try {
        const fromA = [await cashOut(a, 1000), await cashOut(a, 1000)];
        const fromB = [await cashOut(b, 1000), await cashOut(b, 1000)];
        expect(fromA.map((v) => v.sequence)).toEqual(fromB.map((v) => v.sequence));
        for (const v of [...fromA, ...fromB]) expect(checkDigitsMatch(v.validation)).toBe(true);
        expect(new Set([...fromA, ...fromB].map((v) => v.validation)).size).toBe(4);
        // A's voucher is none of B's.
        expect(await insert(b, fromA[1]!.validation)).toMatchObject({ outcome: 'returned', reason: 'notValidHere' });
      } finally {
        await a.app.close();
        await b.app.close();
      }
    },
  );
});

describe('a voucher printed before the change', () => {
  it('redeems with the number it carries, once', { timeout: 60_000 }, async () => {
    const config = configFor('0042');
    const dataDir = join(dir, 'old', 'data');
    // The cabinet as it numbered vouchers before: machine digits, sequence, check digits.
    const store = openJournal(join(dataDir, 'cabinet.db'), config);
    const devices = await createSimulatedDevices({ transport: 'memory' });
    const runner = await CabinetRunner.start({
      store,
      bus: devices.bus,
      env: nodeEnv(new SeededRandom('old'), {
        validationNumber: (_, sequence) => legacyValidation(42, sequence),
        unissued: (candidates) => store.unissued(candidates),
        voucher: (v) => store.voucher(v),
        credited: (v) => store.credited(v),
      }),
      settings: config.settings,
      initialPin: config.initialPin,
    });
    await until(
      'the devices up',
      () => runner.state.tilts.length === 0 && runner.state.acceptorEnabled === true,
      10_000,
    );
    await until('the note taken', () => devices.sim.acceptor.insertNote(5000), 5_000);
    await until('the note credited', () => runner.state.balance === 5000, 5_000);
    expect(runner.wish({ type: 'cashOut' }).ok).toBe(true);
    await until('printed', () => devices.sim.printer.printed.length === 1 && !runner.state.voucher, 10_000);
    const old = devices.sim.printer.printed[0]!.validation!;
    expect(old).toBe(legacyValidation(42, 1));
    await runner.close();
    store.close();

    const c = await cabinet('old', config);
    try {
      expect(await insert(c, old)).toMatchObject({ outcome: 'redeemed', amount: 5000 });
      expect(await insert(c, old)).toMatchObject({ outcome: 'returned', reason: 'alreadyRedeemed' });
      expect(c.app.runner.state.balance).toBe(5000);
      expect(c.app.runner.state.meters.lifetime.vouchersInCount).toBe(1);
      // The next voucher is numbered the new way, after the old sequence.
      const next = await cashOut(c, 100);
      expect(next.sequence).toBe(2);
      expect(next.validation).not.toBe(legacyValidation(42, 2));
    } finally {
      await c.app.close();
    }
  });
});
