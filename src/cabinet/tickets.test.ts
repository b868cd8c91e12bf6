import { describe, expect, it } from 'vitest';
import { checkBalance } from './meters';
import { Rig } from './testing';

const A = '001234567890123456';
const ticket = (barcode: string) => ({ device: 'acceptor' as const, type: 'ticket' as const, barcode });

describe('tickets in, before the cabinet redeems any', () => {
  it('returns every ticket and logs it; the balance and the meters do not move', () => {
    const rig = new Rig();
    rig.insert(2000);
    const meters = { ...rig.state.meters.lifetime };
    const sent = rig.event(ticket(A));
    expect(sent).toContainEqual({ device: 'acceptor', type: 'returnTicket', barcode: A });
    expect(sent.some((c) => c.device === 'acceptor' && (c.type === 'stack' || c.type === 'stackTicket'))).toBe(false);
    rig.event({ device: 'acceptor', type: 'ticketReturned', barcode: A });
    expect(rig.state.balance).toBe(2000);
    expect(rig.state.meters.lifetime).toEqual(meters);
    expect(rig.log.filter((l) => l.kind === 'ticket').map((l) => l.data)).toEqual([
      { event: 'return', barcode: A, reason: 'tickets are not redeemed on this cabinet' },
      { event: 'returned', barcode: A },
    ]);
  });

  it('never credits a ticket reported stacked, and never takes it for a note', () => {
    const rig = new Rig();
    // A note is pending: a stacked ticket must not be taken for it.
    rig.event({ device: 'acceptor', type: 'escrow', value: 500, denomination: 'USD 5' });
    rig.event({ device: 'acceptor', type: 'ticketStacked', barcode: A });
    expect(rig.state.balance).toBe(0);
    expect(rig.state.note?.value).toBe(500);
    expect(rig.log.filter((l) => l.kind === 'anomaly').map((l) => l.data)).toEqual([
      { device: 'acceptor', event: 'ticketStacked', barcode: A, reason: 'no ticket was being redeemed: nothing credited' },
    ]);
    rig.event({ device: 'acceptor', type: 'stacked', value: 500, denomination: 'USD 5' });
    expect(rig.state.balance).toBe(500);
    expect(checkBalance(rig.state.meters.lifetime, rig.state.balance).ok).toBe(true);
  });

  it('logs a ticket the driver refused, with its reason, and sends nothing', () => {
    const rig = new Rig();
    const sent = rig.event({ device: 'acceptor', type: 'ticketRejected', barcode: '12\\xff', reason: 'the barcode has characters other than digits (3 bytes)' });
    expect(sent).toEqual([]);
    expect(rig.log.at(-1)).toMatchObject({ kind: 'ticket', data: { event: 'rejected', barcode: '12\\xff', reason: /other than digits/ } });
  });

  it('returns a ticket in a device test too, and a tilted cabinet returns it as well', () => {
    const rig = new Rig();
    rig.technician();
    rig.play({ type: 'deviceTest', on: true });
    expect(rig.event(ticket(A))).toContainEqual({ device: 'acceptor', type: 'returnTicket', barcode: A });
    rig.play({ type: 'deviceTest', on: false });
    rig.event({ device: 'acceptor', type: 'fault', code: 'jamInAcceptor', message: 'jam' });
    expect(rig.event(ticket(A))).toContainEqual({ device: 'acceptor', type: 'returnTicket', barcode: A });
    expect(rig.state.balance).toBe(0);
  });
});
