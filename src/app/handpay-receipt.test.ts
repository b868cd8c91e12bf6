// C-5 on the real assembly: a jackpot paid by the attendant on a real journal, its receipt out of
// the simulated printer through its real driver, and a cabinet stopped dead while the slip prints
// (nothing after the paying commit reaches the database, as with a SIGKILL): started again, the
// handpay is paid once, not waiting again and not paid twice, and the slip waits for a reprint.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Card } from '../core';
import { stackedDeck } from '../core/testing/decks';
import { checkBalance } from '../cabinet';
import { until } from '../devices/testing/event-log';
import { startCabinet, type AssembledCabinet } from './cabinet-app';
import { parseConfig } from './config';

const opened: AssembledCabinet[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

async function cabinetAt(dir: string, decks: Card[][]): Promise<AssembledCabinet> {
  const app = await startCabinet({
    config: parseConfig({ limits: { handpayLimit: 1000 } }),
    dataDir: dir,
    database: 'cabinet.db',
    devices: { kind: 'simulated', transport: 'memory' },
    dealing: { kind: 'seeded', seed: 'receipt', for: 'test', decks },
    ratePayTables: 'when asked',
  });
  opened.push(app);
  await until(
    'the devices up',
    () => app.runner.state.tilts.length === 0 && app.runner.state.acceptorEnabled === true,
    10_000,
  );
  return app;
}

/** A royal flush at 5 chips of 1¢: $12.50, over the handpay limit of $10, waiting for the attendant. */
async function jackpotWaiting(app: AssembledCabinet, decks: Card[][]): Promise<void> {
  const sim = app.devices.sim!;
  await until('the note taken', () => sim.acceptor.insertNote(2000), 10_000);
  await until('the note credited', () => app.runner.state.balance === 2000, 10_000);
  decks.push(stackedDeck('As Ks Qs Js Ts'));
  for (const wish of [{ type: 'deal', bet: 5 }, { type: 'draw' }])
    expect(app.runner.wish(wish).ok, JSON.stringify(wish)).toBe(true);
  expect(app.runner.state.handpay).toMatchObject({ kind: 'jackpot', amount: 1250 });
  sim.deck.turnKey('attendant', true);
  await until('the attendant key', () => app.runner.state.keys.attendant, 10_000);
}

const paidRows = (app: AssembledCabinet) =>
  app.journal.reader.eventsOfKind(['handpay'], 50).filter((e) => e.data.event === 'paid');

describe("a handpay's receipt on the real assembly (C-5)", () => {
  it('prints when the attendant pays, and again marked REPRINT from the attendant', async () => {
    const decks: Card[][] = [];
    const app = await cabinetAt(mkdtempSync(join(tmpdir(), 'receipt-')), decks);
    await jackpotWaiting(app, decks);
    const printer = app.devices.sim!.printer;
    expect(app.runner.wish({ type: 'handpayConfirm' }).ok).toBe(true);
    await until('the slip printed', () => app.runner.state.receipts?.slips[0]?.status === 'printed', 10_000);
    expect(printer.printed).toHaveLength(1);
    const slip = printer.printed[0]!;
    expect(slip.validation).toBeNull();
    expect(slip.text).toContain('HANDPAY # 0001');
    expect(slip.text).toContain('ROYAL FLUSH');
    expect(slip.text).toContain('GAME 1 JACKS OR BETTER');
    expect(slip.text).toMatch(/\$ 1 2 \. 5 0/);
    expect(app.runner.wish({ type: 'reprintReceipt', number: 1 }).ok).toBe(true);
    await until('the reprint printed', () => printer.printed.length === 2, 10_000);
    expect(printer.printed[1]!.text).toContain('*** REPRINT 1 ***');
    expect(app.runner.state.meters.lifetime.jackpotCount).toBe(1);
  });

  it('stopped dead while the slip prints: started again, the handpay is paid once and the slip waits for a reprint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'receipt-kill-'));
    const decks: Card[][] = [];
    const first = await cabinetAt(dir, decks);
    await jackpotWaiting(first, decks);
    // The printer never answers: the slip stays on it, printing, when the cabinet stops.
    first.devices.sim!.printer.powerOff();
    expect(first.runner.wish({ type: 'handpayConfirm' }).ok).toBe(true);
    expect(first.runner.state.receipts?.slips[0]?.status).toBe('printing');
    const paidAt = first.runner.state.meters.lifetime;
    expect(paidAt).toMatchObject({ jackpot: 1250, jackpotCount: 1 });
    // What the database holds at this instant is what a SIGKILL leaves: close it with nothing more.
    first.journal.close();
    opened.splice(opened.indexOf(first), 1);
    await first.close().catch(() => undefined);

    const again = await cabinetAt(dir, []);
    const s = again.runner.state;
    expect(s.handpay).toBeNull();
    expect(s.meters.lifetime).toMatchObject({ jackpot: 1250, jackpotCount: 1 });
    expect(checkBalance(s.meters.lifetime, s.balance).ok).toBe(true);
    expect(paidRows(again)).toHaveLength(1);
    expect(s.receipts?.slips[0]).toMatchObject({ status: 'pending', why: 'restart', receipt: { number: 1 } });
    again.devices.sim!.deck.turnKey('attendant', true);
    await until('the attendant key', () => again.runner.state.keys.attendant, 10_000);
    expect(again.runner.wish({ type: 'reprintReceipt', number: 1 }).ok).toBe(true);
    await until('the reprint printed', () => again.runner.state.receipts?.slips[0]?.status === 'printed', 10_000);
    expect(again.devices.sim!.printer.printed.at(-1)!.text).toContain('*** REPRINT 1 ***');
    expect(again.runner.state.meters.lifetime).toMatchObject({ jackpot: 1250, jackpotCount: 1 });
  });
});
