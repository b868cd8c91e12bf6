import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceLedger, readLedger } from './device-ledger';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ledger-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the device ledger', () => {
  it('keeps tickets by barcode apart from notes, and counts a barcode stacked twice as twice', () => {
    const path = join(dir, 'devices.jsonl');
    const ledger = new DeviceLedger(path);
    ledger.record({ e: 'escrow', v: 2000 });
    ledger.record({ e: 'stacked', v: 2000 });
    ledger.record({ e: 'ticketEscrow', id: '001234567890123456' });
    ledger.record({ e: 'ticketStacked', id: '001234567890123456' });
    ledger.record({ e: 'ticketEscrow', id: '009876543210987654' });
    ledger.record({ e: 'ticketReturned', id: '009876543210987654' });
    ledger.record({ e: 'ticketEscrow', id: '001234567890123456' });
    ledger.record({ e: 'ticketStacked', id: '001234567890123456' });
    ledger.close();
    const s = readLedger(path);
    expect(s).toMatchObject({
      stackedCount: 1,
      stackedTotal: 2000,
      ticketsStackedCount: 2,
      lastNote: { state: 'stacked', value: 2000 },
    });
    expect([...s.ticketsStacked]).toEqual([['001234567890123456', 2]]);
    expect(s.lastTicket).toEqual({ state: 'stacked', barcode: '001234567890123456' });
  });

  it('reads a ticket in escrow when the power went mid-write of the next line', () => {
    const path = join(dir, 'devices.jsonl');
    writeFileSync(path, `${JSON.stringify({ e: 'ticketEscrow', id: '001234567890123456' })}\n{"e":"ticketSta`);
    expect(readLedger(path).lastTicket).toEqual({ state: 'escrow', barcode: '001234567890123456' });
  });
});
