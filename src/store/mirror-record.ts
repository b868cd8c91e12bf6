// The record of critical memory the journal mirrors after a commit (mirror.ts writes it): the
// chain's head, the balance and the lifetime meters, the list of meters made again only when
// they changed, as most commits leave them as they were.

import { meterDef, type CabinetState, type Meters } from '../cabinet';
import type { CommitRow } from './keyed-chain';
import type { MirrorRecord } from './mirror';

export class MirrorRecords {
  private meters: { of: Meters; minorDigits: number; list: MirrorRecord['lifetime'] } | null = null;

  constructor(
    private readonly fingerprint: string,
    private readonly machine: () => string,
  ) {}

  /** What mirrors the state `s` (null: none yet) committed as `head`. */
  of(s: CabinetState | null, head: CommitRow): MirrorRecord {
    const currency = s?.settings.currency ?? 'USD';
    const minorDigits = s?.settings.minorDigits ?? 2;
    const lifetime: Meters = s?.meters.lifetime ?? {};
    let m = this.meters;
    if (!m || m.of !== lifetime || m.minorDigits !== minorDigits) {
      m = {
        of: lifetime,
        minorDigits,
        list: Object.entries(lifetime).map(([name, value]) => ({
          name,
          code: meterDef(name, minorDigits)?.code ?? null,
          value,
        })),
      };
      this.meters = m;
    }
    return {
      format: 1,
      fingerprint: this.fingerprint,
      machine: this.machine(),
      commit: head.seq,
      head: head.mac,
      at: head.at,
      balance: s?.balance ?? 0,
      currency,
      minorDigits,
      voucherSequence: s?.voucherSequence ?? 0,
      anchor: head.anchor,
      lifetime: m.list,
    };
  }
}
