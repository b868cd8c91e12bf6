// The crash test's cashless account (issue 42): beside the casino loop, the host moves money in
// and out of the cabinet with AFT while the cabinet is being killed. Each transfer it sends is
// kept with what it learnt of it: done (the 72 reply said 00 or 01, with the amount), refused
// (a status of 80 and up), or unknown (no reply: the cabinet died with the poll). An unknown one
// is resolved before anything else is sent, by interrogating the last transfer (72 FE, index 0)
// once the cabinet answers again: it is the one sent, done, or it never happened, since a
// transfer and its record are one commit. The check then holds the host's ledger against the
// cabinet's event log and meters: every transfer done exactly once, for the amount the host has.

import { readLogRow, type CabinetState } from '../../src/cabinet';
import { AFT_CONDITION, AFT_STATUS, AFT_TRANSFER_TYPE, isRefusal } from '../../src/devices/sas/aft-codes';
import type { AftTransferReply } from '../../src/devices/sas/aft-replies';
import { aftInterrogate, aftLock, aftTransfer, aftTransferRequest } from '../../src/devices/sas/host-aft';
import type { SasHost } from '../../src/devices/sas/host';
import type { RecordsReader } from '../../src/store';
import { SeededRandom, uniformBelow } from '../../src/core';

export interface AftSent {
  id: string;
  direction: 'in' | 'out';
  /** Cents asked for. */
  asked: number;
  outcome: 'done' | 'refused' | 'unknown';
  /** Cents moved, once done. */
  moved?: number;
  /** Found by interrogation after the cabinet came back. */
  resolved?: true;
}

export interface AftFigures {
  transfersIn: number;
  transfersOut: number;
  refused: number;
  resolvedByInterrogation: number;
  unknownAtEnd: number;
}

export class AftAccount {
  readonly sent: AftSent[] = [];
  private running = false;
  private loop: Promise<void> | null = null;
  private asset: number | null = null;
  private readonly random: SeededRandom;

  constructor(
    private readonly host: SasHost,
    private readonly address: number,
    seed: string,
  ) {
    this.random = new SeededRandom(`aft:${seed}`);
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      await new Promise((r) => setTimeout(r, 120));
      try {
        await this.step();
      } catch {
        // The line went with the cabinet: try again on the next turn.
      }
    }
  }

  private async step(): Promise<void> {
    const unknown = this.sent.find((s) => s.outcome === 'unknown');
    if (unknown) {
      const last = await aftInterrogate(this.host, this.address, 0, true);
      if (!last) return;
      unknown.resolved = true;
      if (last.form === 'record' && last.transactionId === unknown.id && !isRefusal(last.status)) {
        unknown.outcome = 'done';
        unknown.moved = last.amounts.cashable;
      } else unknown.outcome = 'refused';
      return;
    }
    if (this.asset === null) {
      const status = await aftLock(this.host, this.address, 0xff);
      if (status) this.asset = status.assetNumber;
      return;
    }
    const out = uniformBelow(this.random, 3) === 0;
    if (out) {
      const lock = await aftLock(this.host, this.address, 0x00, AFT_CONDITION.fromMachine, 50);
      if (lock?.lockStatus !== 0x00) return;
      await this.transfer('out', lock.balance.cashable);
      await aftLock(this.host, this.address, 0x80);
    } else await this.transfer('in', 100 * (1 + uniformBelow(this.random, 50)));
  }

  private async transfer(direction: 'in' | 'out', cents: number): Promise<void> {
    const id = `C${this.sent.length + 1}-${uniformBelow(this.random, 1e9)}`;
    const asked = direction === 'out' ? Math.max(100, cents - (cents % 100)) : cents;
    const entry: AftSent = { id, direction, asked, outcome: 'unknown' };
    this.sent.push(entry);
    let reply: AftTransferReply | null;
    try {
      reply = await aftTransfer(
        this.host,
        this.address,
        aftTransferRequest({
          transactionId: id,
          assetNumber: this.asset!,
          transferType: direction === 'in' ? AFT_TRANSFER_TYPE.inHouseToMachine : AFT_TRANSFER_TYPE.inHouseToHost,
          transferCode: 0x01,
          cashableCents: asked,
        }),
      );
    } catch {
      reply = null;
    }
    // Only a reply that names this transfer tells its end. No reply, a reply about another one
    // (a late reply to an earlier poll, read under load as this one's: SAS replies carry no
    // sequence), or 81 to a poll the host sent again across a restart (the first may have been
    // done): interrogation settles it.
    if (reply?.form !== 'record' || reply.transactionId !== id) return;
    if (reply.status === AFT_STATUS.transactionIdNotUnique) return;
    if (isRefusal(reply.status)) entry.outcome = 'refused';
    else {
      entry.outcome = 'done';
      entry.moved = reply.amounts.cashable;
    }
  }

  /** The host's ledger against the cabinet's log and meters (`state` as committed). */
  check(store: RecordsReader, state: CabinetState, problems: string[], atEnd: boolean): AftFigures {
    const cabinet = new Map<string, { direction: 'in' | 'out'; cents: number }>();
    for (const row of store.eventsOfKind(['sas'], -1)) {
      const d = readLogRow('sas', row);
      if (d?.event !== 'aftTransfer') continue;
      if (cabinet.has(d.transactionId)) problems.push(`cabinet: AFT transfer ${d.transactionId} done twice`);
      const direction = d.transferType === AFT_TRANSFER_TYPE.inHouseToHost ? 'out' : 'in';
      cabinet.set(d.transactionId, { direction, cents: d.cashable });
    }
    const sent = new Map(this.sent.map((s) => [s.id, s]));
    for (const [id, done] of cabinet) {
      const s = sent.get(id);
      if (!s) problems.push(`cabinet: AFT transfer ${id} the host never sent`);
      else if (s.outcome === 'refused') problems.push(`AFT ${id}: the host was told refused, the cabinet did it`);
      else if (s.outcome === 'done' && (s.moved !== done.cents || s.direction !== done.direction))
        problems.push(`AFT ${id}: the host has ${s.direction} ${s.moved}, the cabinet ${done.direction} ${done.cents}`);
    }
    for (const s of this.sent)
      if (s.outcome === 'done' && !cabinet.has(s.id))
        problems.push(`AFT ${s.id}: the host was told done, the cabinet has no such transfer`);
    const life = state.meters.lifetime;
    const sum = (d: 'in' | 'out') =>
      [...cabinet.values()].filter((c) => c.direction === d).reduce((a, c) => a + c.cents, 0);
    if (sum('in') !== (life.aftCashableIn ?? 0))
      problems.push(`AFT in: the log says ${sum('in')}, the meter ${life.aftCashableIn ?? 0}`);
    if (sum('out') !== (life.aftCashableOut ?? 0))
      problems.push(`AFT out: the log says ${sum('out')}, the meter ${life.aftCashableOut ?? 0}`);
    const unknown = this.sent.filter((s) => s.outcome === 'unknown').length;
    if (unknown > 1) problems.push(`AFT: ${unknown} transfers the host never learnt the end of`);
    // The last transfer sent as the cabinet made its clean stop may be unanswered: the next start's
    // interrogation would settle it, and either way the log and meters above agree with the host.
    if (atEnd && unknown > 0) {
      const last = this.sent.at(-1);
      if (last?.outcome !== 'unknown') problems.push('AFT: a transfer before the last one still unknown at the end');
    }
    return {
      transfersIn: this.sent.filter((s) => s.outcome === 'done' && s.direction === 'in').length,
      transfersOut: this.sent.filter((s) => s.outcome === 'done' && s.direction === 'out').length,
      refused: this.sent.filter((s) => s.outcome === 'refused').length,
      resolvedByInterrogation: this.sent.filter((s) => s.resolved).length,
      unknownAtEnd: unknown,
    };
  }
}
