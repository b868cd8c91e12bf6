// Tickets in over socat pseudo-terminals (issue 15): the cabinet runs its real drivers against the
// serial simulators of the device rig, and validates tickets against its own vouchers (no SAS
// link). A voucher it printed is redeemed once and refused the second time; an expired one, an
// unknown one and one the validator never answers go back with their reasons.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../core';
import { checkBalance, withCheckDigits } from '../cabinet';
import { createDevices } from '../devices';
import { until } from '../devices/testing/event-log';
import type { Journal } from '../store';
import { openJournal } from './cabinet-app';
import { parseConfig } from './config';
import { nodeEnv } from './node-env';
import { CabinetRunner, type TicketValidator } from './runner';
import { DeviceRig } from '../../test/support/device-rig';

const DAY = 86_400_000;
/**
 * How long any wait here may take before it fails by name: a safety net against a hang, far
 * beyond what the slowest loaded machine needs, and never what a test measures.
 */
const NET_MS = 30_000;
let dir: string;
let rig: DeviceRig;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-tickets-'));
  rig = await DeviceRig.start({ dir, ledgerPath: join(dir, 'devices.jsonl') });
});
afterAll(async () => {
  await rig.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Cabinet {
  runner: CabinetRunner;
  store: Journal;
  shift(ms: number): void;
  close(): Promise<void>;
}

async function cabinet(
  name: string,
  settings: Record<string, unknown> = {},
  validator?: TicketValidator,
): Promise<Cabinet> {
  const config = parseConfig({ devices: rig.ports, ...settings }, join(dir, `${name}.json`));
  // Each cabinet its own data folder, so its own mirror.
  const store = openJournal(join(dir, name, 'data', 'cabinet.db'), config);
  const bus = createDevices(config.devices).bus;
  let offset = 0;
  const runner = await CabinetRunner.start({
    store,
    bus,
    env: nodeEnv(new SeededRandom(name), store, () => Date.now() + offset),
    settings: config.settings,
    initialPin: config.initialPin,
    validator,
  });
  try {
    await until(
      'the devices up',
      () => runner.state.tilts.length === 0 && runner.state.acceptorEnabled === true,
      NET_MS,
    );
  } catch (e) {
    await runner.close();
    store.close();
    throw new Error(`${(e as Error).message}: ${JSON.stringify(runner.state.tilts)}`);
  }
  return {
    runner,
    store,
    shift: (ms) => (offset += ms),
    async close() {
      await runner.close();
      store.close();
    },
  };
}

type Before = Cabinet['runner']['state']['lastTicket'];

// A ticket's outcome is a new object: the same barcode twice can be decided within one millisecond.
const returnedFor = (c: Cabinet, barcode: string, before: Before) =>
  c.runner.state.lastTicket !== before &&
  c.runner.state.lastTicket?.barcode === barcode &&
  c.runner.state.lastTicket.outcome === 'returned';

async function insertTicket(c: Cabinet, barcode: string): Promise<Before> {
  const before = c.runner.state.lastTicket;
  await until('the acceptor draws the ticket in', () => rig.acceptor.insertTicket(barcode), NET_MS);
  return before;
}

async function cashOut(c: Cabinet, note: number): Promise<string> {
  const before = c.runner.state.balance;
  await until('the acceptor takes the note', () => rig.acceptor.insertNote(note), NET_MS);
  await until('the note credited', () => c.runner.state.balance === before + note, NET_MS);
  const printed = rig.ledger.summary.printedCount;
  expect(c.runner.wish({ type: 'cashOut' }).ok).toBe(true);
  await until(
    'the voucher printed and debited',
    () => rig.ledger.summary.printedCount === printed + 1 && c.runner.state.voucher === null,
    NET_MS,
  );
  return [...rig.ledger.summary.printed.keys()].at(-1)!;
}

describe('tickets in, standalone, over socat ptys', () => {
  it('redeems its own voucher once, returns it as already redeemed the second time, and returns an expired and an unknown one', async () => {
    const c = await cabinet('own');
    try {
      const validation = await cashOut(c, 5000);
      expect(c.store.reader.voucher(validation)).toMatchObject({ status: 'issued', amount: 5000 });
      expect(c.runner.state.balance).toBe(0);

      await insertTicket(c, validation);
      await until('the ticket credited', () => c.runner.state.balance === 5000, NET_MS);
      expect(rig.acceptor.ticketBox).toContain(validation);
      const life = c.runner.state.meters.lifetime;
      expect([life.vouchersIn, life.vouchersInCount]).toEqual([5000, 1]);
      const redeemed = c.store.reader.voucher(validation)!;
      expect(redeemed.status).toBe('redeemed');
      // The voucher names the ticket's log row that redeemed it, committed together.
      const row = c.store.reader.eventsOfKind(['ticket'], 10).find((e) => e.seq === redeemed.redeemedEvent);
      expect(row?.data).toMatchObject({ event: 'redeemed', barcode: validation, amount: 5000 });

      // The same voucher again: back to the player, nothing credited.
      let since: Before = await insertTicket(c, validation);
      await until('returned as already redeemed', () => returnedFor(c, validation, since), NET_MS);
      expect(c.runner.state.lastTicket?.reason).toBe('alreadyRedeemed');
      await until('the acceptor handed it back', () => rig.ledger.summary.lastTicket.state === 'returned', NET_MS);
      expect(rig.acceptor.ticketBox.filter((b) => b === validation)).toHaveLength(1);

      // A second voucher, inserted after its expiry day.
      const later = await cashOut(c, 2000);
      c.shift(31 * DAY);
      since = await insertTicket(c, later);
      await until('returned as expired', () => returnedFor(c, later, since), NET_MS);
      expect(c.runner.state.lastTicket?.reason).toBe('expired');
      expect(c.store.reader.voucher(later)?.status).toBe('issued');

      // Not one of this cabinet's, its check digits right.
      const stranger = withCheckDigits('1234567890123456');
      since = await insertTicket(c, stranger);
      await until('returned as not valid here', () => returnedFor(c, stranger, since), NET_MS);
      expect(c.runner.state.lastTicket?.reason).toBe('notValidHere');

      // The second voucher carried the whole balance (5000 + 2000) out.
      expect(c.store.reader.voucher(later)?.amount).toBe(7000);
      expect(c.runner.state.balance).toBe(0);
      expect(checkBalance(c.runner.state.meters.lifetime, c.runner.state.balance).ok).toBe(true);
      const outcomes = c.store.reader
        .eventsOfKind(['ticket'], 50)
        .reverse()
        .filter((e) => e.data.event === 'redeemed' || e.data.event === 'return');
      expect(outcomes.map((e) => e.data.reason ?? e.data.event)).toEqual([
        'redeemed',
        'alreadyRedeemed',
        'expired',
        'notValidHere',
      ]);
    } finally {
      await c.close();
    }
  });

  it("returns a ticket the validator does not answer within the operator's time", async () => {
    // A validator that never answers on its own; told the validation is over, it gives up.
    const asked: string[] = [];
    const aborted: unknown[] = [];
    const silent: TicketValidator = (barcode, signal) =>
      new Promise((_, reject) => {
        asked.push(barcode);
        signal.addEventListener('abort', () => {
          aborted.push(signal.reason);
          reject(new Error('no answer'));
        });
      });
    const c = await cabinet('silent', { voucher: { validationSeconds: 3 } }, silent);
    try {
      const barcode = withCheckDigits('0000000000000042');
      const drawnAt = Date.now();
      const since = await insertTicket(c, barcode);
      // Asked, as a count: the 3 s of validating itself could pass unseen by a loaded machine's polls.
      await until('asked to validate', () => asked.length === 1, NET_MS);
      await until('returned on the time-out', () => returnedFor(c, barcode, since), NET_MS);
      expect(c.runner.state.lastTicket?.reason).toBe('timedOut');
      expect(asked).toEqual([barcode]);
      expect(aborted).toEqual(['no validation in time']);
      expect(Date.now() - drawnAt).toBeGreaterThanOrEqual(2900);
      expect(c.runner.state.balance).toBe(0);
    } finally {
      await c.close();
    }
  });
});
