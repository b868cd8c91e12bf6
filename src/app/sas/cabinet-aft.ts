// The cabinet's AFT as the SAS link sees it (src/devices/sas/machine.ts, AftMachine): reads from
// the committed state; what the host asks (register, lock, transfer, bonus) is a cabinet input,
// committed before the link answers (C-26). A refused transfer moves nothing; its status is the
// one the cabinet's own rule gives on the unchanged state (aftVerdict), so the reply and the
// refusal logged cannot differ.

import {
  AFT_AVAILABLE,
  AFT_HOST_CASHOUT,
  AFT_REGISTRATION_STATUS,
  AFT_STATUS,
  AFT_STATUS_BITS,
  aftLock,
  aftOf,
  aftRecordAt,
  aftUnavailable,
  aftVerdict,
  balanceByKind,
  type SasCommand,
} from '../../cabinet';
import type { AftLockInfo, AftMachine, AftTransferAsk, AftTransferInfo } from '../../devices/sas/machine';
import { sasDateTime, type CabinetSide } from './cabinet-side';

export class CabinetAft implements AftMachine {
  constructor(
    private readonly cabinet: CabinetSide,
    private readonly now: () => number,
  ) {}

  private input(command: SasCommand) {
    return this.cabinet.input({ kind: 'sas', command });
  }

  registration() {
    return aftOf(this.cabinet.state).registration;
  }

  register(code: number, assetNumber: number, key: string, posId: number): void {
    this.input({ type: 'aftRegister', code, assetNumber, key, posId });
  }

  lock(conditions: number, timeoutMs: number): boolean {
    return this.input({ type: 'aftLock', conditions, timeoutMs }).ok;
  }

  unlock(): void {
    this.input({ type: 'aftUnlock', why: 'host' });
  }

  lockInfo(): AftLockInfo {
    const s = this.cabinet.state;
    const aft = aftOf(s);
    const free = aftUnavailable(s) === null;
    const registered = aft.registration?.status === AFT_REGISTRATION_STATUS.registered;
    return {
      locked: aftLock(s, this.now()) !== null,
      availableTransfers:
        (free ? AFT_AVAILABLE.toMachine | AFT_AVAILABLE.fromMachine | AFT_AVAILABLE.bonusToMachine : 0) |
        (aft.hostCashoutRequest ? AFT_AVAILABLE.winPendingToHost : 0),
      hostCashoutStatus:
        AFT_HOST_CASHOUT.controllableByHost |
        (aft.hostCashout.enabled ? AFT_HOST_CASHOUT.enabled : 0) |
        (aft.hostCashout.hard ? AFT_HOST_CASHOUT.hard : 0),
      aftStatus:
        AFT_STATUS_BITS.partialToHost |
        (registered ? AFT_STATUS_BITS.registered : 0) |
        AFT_STATUS_BITS.inHouseEnabled |
        AFT_STATUS_BITS.bonusEnabled |
        AFT_STATUS_BITS.anyEnabled,
      balance: balanceByKind(s),
      transferLimit: Math.max(s.settings.limits.creditLimit - s.balance, 0),
      restrictedExpiration: s.promo?.restricted ? s.promo.restrictedExpiration : '00000000',
      restrictedPoolId: s.promo?.restricted ? s.promo.restrictedPoolId : 0,
    };
  }

  transfer(ask: AftTransferAsk): number {
    const r = this.input({ type: 'aftTransfer', ask });
    const s = this.cabinet.state;
    if (r.ok) return aftOf(s).last?.status ?? AFT_STATUS.unexpectedError;
    const status = aftVerdict(s, ask, this.now()).status;
    return status >= AFT_STATUS.cancelledByHost ? status : AFT_STATUS.unexpectedError;
  }

  record(index: number): AftTransferInfo | null {
    const s = this.cabinet.state;
    const r = aftRecordAt(s, index);
    if (!r) return null;
    return {
      position: r.position,
      transactionId: r.transactionId,
      transferType: r.transferType,
      status: r.status,
      amounts: r.moved,
      flags: r.flags,
      expiration: r.expiration,
      poolId: r.poolId,
      at: sasDateTime(r.at + (s.sas?.clockOffsetMs ?? 0)),
      cumulative: r.cumulative,
    };
  }

  acknowledge(transactionId: string): void {
    const last = aftOf(this.cabinet.state).last;
    if (last && last.transactionId === transactionId && !last.acknowledged)
      this.input({ type: 'aftAcknowledge', transactionId });
  }

  legacyBonus(amount: number, taxStatus: number): boolean {
    return this.input({ type: 'legacyBonus', amount, taxStatus }).ok;
  }
}
