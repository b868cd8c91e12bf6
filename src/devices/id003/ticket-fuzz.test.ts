// The barcode path fuzzed end to end: an acceptor that answers the driver's status requests with
// barcode escrows of any length and any bytes (0xFF, control characters, sync bytes), frames
// whose length byte lies, bit flips and noise. Whatever it sends, the driver offers the cabinet
// only 18-digit barcodes it really received, each once per insertion; reports every refused
// one in printable form; never reports a ticket stacked that no acceptor stacked; and still takes
// a good ticket afterwards.

import { afterEach, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../core';
import type { DeviceEvent } from '../../cabinet/device-events';
import { MemoryLink } from '../shared/memory-link';
import { EventLog, until } from '../testing/event-log';
import { encodeResponse, type Id003Response } from './codec';
import { AcceptorDriver } from './driver';
import { ScriptedAcceptor } from '../testing/scripted-acceptor';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

describe('hostile barcodes through the driver', () => {
  it('offers only real 18-digit barcodes, once each, and reports every other one safely', async () => {
    const r = new SeededRandom('ticket-fuzz');
    const below = (n: number) => r.nextUint32() % n;
    const link = new MemoryLink('acceptor');
    const acceptor = new ScriptedAcceptor(link.device);
    const driver = new AcceptorDriver({
      path: link.path,
      binding: link.binding,
      pollMs: 1,
      responseTimeoutMs: 30,
      retries: 1,
      reconnectMs: 10,
      currency: 'USD',
      minorDigits: 2,
    });
    const log = new EventLog();
    driver.on('event', log.push);
    stops.push(async () => {
      await driver.stop();
      acceptor.detach();
    });
    driver.start();
    driver.send({ device: 'acceptor', type: 'enable', enabled: true });
    await until('settings sent', () => acceptor.sent('setInhibit').length > 0 && driver.ticketReading === 'set');
    acceptor.status = { type: 'idling' };

    const genuine = new Set<string>();
    const refused = new Set<string>();
    let corrupted = 0;
    const settle: Id003Response[] = [{ type: 'returning' }, { type: 'idling' }];
    for (let i = 0; i < 150; i++) {
      const len = i % 3 === 0 ? 18 : below(250);
      const digitsOnly = i % 3 !== 2;
      const bytes = Array.from({ length: len }, () =>
        digitsOnly ? 0x30 + below(10) : ([0xff, 0xfc, 0x00, 0x13, 0x1b, 0x0a][below(6)] ?? below(256)),
      );
      const barcode = Buffer.from(bytes).toString('latin1');
      const frame = encodeResponse({ type: 'escrow', code: 0x6f, barcode });
      if (i % 12 === 5) {
        // Corrupt it: a length byte that lies either way, a flipped bit, or the frame cut short.
        corrupted++;
        const bad = Buffer.from(frame);
        const how = below(3);
        if (how === 0) bad[1] = (bad[1]! + 1 + below(20)) & 0xff;
        else if (how === 1) bad[3 + below(bad.length - 3)]! ^= 1 << below(8);
        acceptor.next.push(
          how === 2 ? frame.subarray(0, 3 + below(frame.length - 3)) : bad,
          { type: 'idling' },
          { type: 'idling' },
        );
        continue;
      }
      (/^[0-9]{18}$/.test(barcode) ? genuine : refused).add(barcode);
      acceptor.next.push(frame, frame, ...settle);
    }
    await until('script played', () => acceptor.next.length === 0, 60_000);
    await new Promise((res) => setTimeout(res, 50));

    const offered = log.of('ticket').map((e) => (e as Extract<DeviceEvent, { type: 'ticket' }>).barcode);
    const rejected = log.of('ticketRejected') as Extract<DeviceEvent, { type: 'ticketRejected' }>[];
    expect(offered.every((b) => genuine.has(b))).toBe(true);
    expect(new Set(offered).size).toBe(offered.length);
    // A good frame can be lost with a corrupted one before it (the parser resynchronises), never more.
    expect(offered.length).toBeGreaterThanOrEqual(genuine.size - corrupted);
    for (const e of rejected) {
      expect(e.barcode).toMatch(/^[\x20-\x7e…]*$/);
      expect(e.barcode.length).toBeLessThanOrEqual(180);
    }
    expect(rejected.length).toBeGreaterThanOrEqual(refused.size - corrupted);
    expect(rejected.length).toBeLessThanOrEqual(refused.size);
    expect(log.events.filter((e) => e.type === 'ticketStacked' || e.type === 'stacked' || e.type === 'escrow')).toEqual(
      [],
    );

    // And it still takes a good ticket, stacked on the cabinet's word.
    const from = log.events.length;
    acceptor.status = { type: 'escrow', code: 0x6f, barcode: '001234567890123456' };
    await log.next({ type: 'ticket', barcode: '001234567890123456' } as never, from);
    driver.send({ device: 'acceptor', type: 'stackTicket', barcode: '001234567890123456' });
    await until('stack sent', () => acceptor.sent('stack1').length > 0);
    acceptor.next.push({ type: 'stacking' });
    acceptor.status = { type: 'vendValid' };
    expect(await log.next({ type: 'ticketStacked' }, from)).toMatchObject({ barcode: '001234567890123456' });
    await until('vend valid acknowledged', () => acceptor.sent('ack').length > 0);
    acceptor.status = { type: 'idling' };
    await new Promise((res) => setTimeout(res, 30));
    expect(log.events.slice(from).filter((e) => e.type === 'ticketStacked')).toHaveLength(1);
  }, 90_000);
});
