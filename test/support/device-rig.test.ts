// The crash test's devices keep tickets in their fsynced ledger as they do notes: written before
// the driver on the far end of the pseudo-terminal hears of it.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AcceptorDriver } from '../../src/devices';
import { EventLog, until } from '../../src/devices/testing/event-log';
import { readLedger } from '../../src/app/sim/device-ledger';
import { DeviceRig } from './device-rig';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rig-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the device rig over socat pseudo-terminals', () => {
  it('writes a ticket stacked or returned to the ledger before the driver reports it', async () => {
    const ledgerPath = join(dir, 'devices.jsonl');
    const rig = await DeviceRig.start({ dir, ledgerPath });
    const driver = new AcceptorDriver({
      path: rig.ports.acceptor.path,
      pollMs: 10,
      responseTimeoutMs: 200,
      retries: 1,
      reconnectMs: 30,
      currency: 'USD',
      minorDigits: 2,
    });
    const log = new EventLog();
    const seenInLedger: string[] = [];
    driver.on('event', (e) => {
      if (e.type === 'ticketStacked' || e.type === 'ticketReturned')
        seenInLedger.push(`${e.type}:${readLedger(ledgerPath).lastTicket.state}`);
      log.push(e);
    });
    try {
      driver.start();
      driver.send({ device: 'acceptor', type: 'enable', enabled: true });
      await until('acceptor enabled', () => rig.acceptor.drawsIn && driver.ticketReading === 'set', 8000);
      rig.acceptor.insertTicket('001234567890123456');
      await log.next({ type: 'ticket' }, 0, 8000);
      driver.send({ device: 'acceptor', type: 'stackTicket', barcode: '001234567890123456' });
      await log.next({ type: 'ticketStacked' }, 0, 8000);
      await until('idle', () => rig.acceptor.state.phase === 'idle', 8000);
      rig.acceptor.insertTicket('009876543210987654');
      await log.next({ type: 'ticket', barcode: '009876543210987654' } as never, 0, 8000);
      driver.send({ device: 'acceptor', type: 'returnTicket', barcode: '009876543210987654' });
      await log.next({ type: 'ticketReturned' }, 0, 8000);
    } finally {
      await driver.stop();
      await rig.close();
    }
    expect(seenInLedger).toEqual(['ticketStacked:stacked', 'ticketReturned:returned']);
    const ledger = readLedger(ledgerPath);
    expect([...ledger.ticketsStacked]).toEqual([['001234567890123456', 1]]);
    expect(ledger.lastTicket).toEqual({ state: 'returned', barcode: '009876543210987654' });
    expect(ledger.stackedCount).toBe(0);
  });
});
