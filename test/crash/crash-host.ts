// The casino system of the crash test with a SAS link (issue 15): the host simulator on a socat
// pseudo-terminal, held by the harness so it outlives every cabinet that is killed, polling as a
// casino system does (4C once, 4D after each 3D, 67 → 70 → 71, 68 → 71 FF). After every kill its
// view is checked against the cabinet's records: no voucher redeemed twice on either side, every
// ticket the host holds redeemed (final status 00) one the cabinet credited for that amount, and
// the only credited ticket the host may not know of yet the last one, whose end it has not read.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { readLogRow, type CabinetState, type ValidationMode } from '../../src/cabinet';
import { SasHost } from '../../src/devices/sas/host';
import { SAS_BAUD_RATE } from '../../src/devices/sas/port';
import { SerialEndpoint } from '../../src/devices/shared/serial-endpoint';
import { SocatPair } from '../../src/devices/shared/socat-pair';
import type { RecordsReader } from '../../src/store';
import { AftAccount } from './crash-aft';

export const CRASH_SAS_ADDRESS = 1;

export class CrashHost {
  private constructor(
    private readonly pair: SocatPair,
    private readonly end: SerialEndpoint,
    readonly host: SasHost,
    readonly mode: ValidationMode,
    readonly aft: AftAccount | null,
  ) {}

  /** `aftSeed`: the host also moves money in and out with AFT (crash-aft.ts). */
  static async start(dir: string, mode: ValidationMode = 'secure-enhanced', aftSeed?: string): Promise<CrashHost> {
    const pair = new SocatPair(join(dir, 'sas-machine'), join(dir, 'sas-host'));
    await pair.start();
    const end = new SerialEndpoint({ path: pair.device, baudRate: SAS_BAUD_RATE });
    const host = new SasHost(end, { replyTimeoutMs: 300 });
    host.runCasino({
      addresses: [CRASH_SAS_ADDRESS],
      cycleMs: 40,
      metersEveryMs: 60_000,
      validation: { validationId: 0x0a0b0c, sequence: 0 },
      validationMode: mode,
    });
    const aft = aftSeed === undefined ? null : new AftAccount(host, CRASH_SAS_ADDRESS, aftSeed);
    aft?.start();
    return new CrashHost(pair, end, host, mode, aft);
  }

  /** The path the cabinet's config names for `devices.sas`. */
  get machinePath(): string {
    return this.pair.host;
  }

  /** The line again after a cabinet's death. */
  line(): Promise<void> {
    return this.pair.start();
  }

  /** The host's redemptions and 68s against the cabinet's ticket log and meters (`state` as committed). */
  check(
    store: RecordsReader,
    state: CabinetState,
    problems: string[],
  ): {
    redeemedByHost: number;
    finals: number;
    unreadRedeemed: number;
    vouchersToHost: number;
    vouchersUnread: number;
    voucherRepeats: number;
  } {
    const h = this.host;
    const hostRedeemed = new Map<string, number>();
    for (const r of h.redemptions) {
      if (r.finalStatus !== 0x00) continue;
      if (hostRedeemed.has(r.barcode)) problems.push(`host: ticket ${r.barcode} redeemed twice`);
      hostRedeemed.set(r.barcode, r.amountCents);
    }
    const credited = new Map<string, number>();
    for (const row of store.eventsOfKind(['ticket'], -1)) {
      const d = readLogRow('ticket', row);
      if (d?.event !== 'redeemed') continue;
      if (credited.has(d.barcode)) problems.push(`cabinet: ticket ${d.barcode} credited twice`);
      credited.set(d.barcode, d.amount);
    }
    for (const [barcode, amount] of hostRedeemed) {
      if (credited.get(barcode) !== amount)
        problems.push(
          `host: ticket ${barcode} redeemed for ${amount}, the cabinet credited ${credited.get(barcode) ?? 'nothing'}`,
        );
    }
    const last = state.lastTicket;
    const unread = last !== null && last.validated && state.sas?.ticketStatusRead !== last.since;
    for (const barcode of credited.keys()) {
      if (!hostRedeemed.has(barcode) && !(unread && last.barcode === barcode))
        problems.push(`cabinet: ticket ${barcode} credited, the host never read it redeemed`);
    }
    // The meter: what the host redeemed, and the last one if the host has yet to read its end.
    const owed = unread && last.outcome === 'redeemed' && !hostRedeemed.has(last.barcode) ? (last.amount ?? 0) : 0;
    const hostTotal = [...hostRedeemed.values()].reduce((a, b) => a + b, 0);
    const life = state.meters.lifetime;
    if (hostTotal + owed !== (life.vouchersIn ?? 0))
      problems.push(
        `host redeemed ${hostTotal}${owed ? ` (+ ${owed} unread)` : ''}, the cabinet's vouchers-in meter is ${life.vouchersIn ?? 0}`,
      );
    const finals = h.redemptions.filter((r) => r.finalStatus !== undefined).length;
    const raised68 = h.exceptions.filter((e) => e.code === 0x68).length;
    if (raised68 < finals) problems.push(`host: ${finals} final statuses read after only ${raised68} 68 exceptions`);
    const vouchers = this.checkVouchers(store, state, problems);
    return { redeemedByHost: hostRedeemed.size, finals, unreadRedeemed: owed > 0 ? 1 : 0, ...vouchers };
  }

  /**
   * The vouchers the host learnt (4D, or 3D's long poll under standard validation) against those
   * the cabinet printed and debited: each for its amount; none the cabinet did not print; one
   * learnt again only as it was (a SIGKILL between the reply and the next poll, which would have
   * acknowledged it, leaves the record unread: the machine cannot know the host has it, so it
   * sends it again, and a casino system knows it by its number; counted); every one printed known to the host but those whose record it has yet to read; under
   * system validation each under a number the host gave. Under standard validation only the last
   * voucher can be unread (3D reports that one alone), so a second printed before the host read
   * the first shows as one it neither read nor has to read.
   */
  private checkVouchers(
    store: RecordsReader,
    state: CabinetState,
    problems: string[],
  ): { vouchersToHost: number; vouchersUnread: number; voucherRepeats: number } {
    const printed = new Map<string, number>();
    for (const row of store.eventsOfKind(['voucher'], -1)) {
      const d = readLogRow('voucher', row);
      if (d?.event === 'printed') printed.set(d.validation, d.amount);
    }
    const known = new Map<string, number>();
    let voucherRepeats = 0;
    for (const v of this.host.vouchers) {
      const before = known.get(v.barcode);
      if (before !== undefined) {
        voucherRepeats++;
        if (before !== v.amountCents)
          problems.push(`host: voucher ${v.barcode} reported for ${before}, then for ${v.amountCents}`);
        continue;
      }
      known.set(v.barcode, v.amountCents);
      const amount = printed.get(v.barcode);
      if (amount === undefined) problems.push(`host: voucher ${v.barcode} reported, the cabinet never printed it`);
      else if (amount !== v.amountCents)
        problems.push(`host: voucher ${v.barcode} of ${v.amountCents}, printed for ${amount}`);
    }
    const unread = this.mode === 'standard' ? unreadStandard(state) : unreadRecords(store);
    for (const barcode of printed.keys())
      if (!known.has(barcode) && !unread.has(barcode))
        problems.push(`cabinet: voucher ${barcode} printed, the host neither read it nor has it to read`);
    if (this.mode === 'system')
      for (const barcode of printed.keys())
        if (!this.host.systemNumbers.has(barcode))
          problems.push(`cabinet: voucher ${barcode} under a number the host never gave`);
    return {
      vouchersToHost: known.size,
      vouchersUnread: [...printed.keys()].filter((b) => !known.has(b)).length,
      voucherRepeats,
    };
  }

  async close(): Promise<void> {
    await this.aft?.stop();
    await this.host.stop();
    this.host.detach();
    await this.end.close();
    await this.pair.stop();
  }
}

/** Vouchers whose 4D record the host has not read (secure enhanced and system validation). */
function unreadRecords(store: RecordsReader): Set<string> {
  const db = new Database(store.path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT record FROM sas_validations WHERE read = 0').all() as { record: string }[];
    return new Set(rows.map((r) => (JSON.parse(r.record) as { barcode: string }).barcode));
  } finally {
    db.close();
  }
}

/** Standard validation: the last voucher, while the host has not read its number with 3D. */
function unreadStandard(state: CabinetState): Set<string> {
  const last = state.sas?.lastCashOutTicket;
  return new Set(last && !last.read ? [last.validationNumber.padStart(18, '0')] : []);
}
