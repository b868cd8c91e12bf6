// A SAS host that polls like a casino system, for tests, development and a technician's link
// check, on top of the single polls of its line (./host-line.ts): general polls round the
// addresses, meters every few seconds, 4D after each 3D, 1B after 51, and ticket-in validation
// (70, 71, 71 status after 68) answered from a small table of valid tickets.

import { standardValidationNumber, systemValidationNumber } from '../../cabinet/ticket-verdicts';
import { SasFormatError } from './frame';
import { EXCEPTION } from './exception-codes';
import { SasHostLine } from './host-line';
import * as R from './replies';
import type { LongPollRequest } from './requests';
import { noFinalStatus, REDEEM_STATUS, TRANSFER_CODE } from './ticket-codes';

export interface HostTicket {
  amountCents: number;
  state: 'valid' | 'pending' | 'redeemed' | 'expired';
  /** This ticket only: refused whatever its state, or never answered (`ticketMode` for all). */
  answer?: 'reject' | 'silent';
}

export interface RedemptionRecord {
  address: number;
  barcode: string;
  transferCode: number;
  amountCents: number;
  /** The machine's answer to the 71 redeem. */
  replyStatus: number | null;
  /** The final status read with 71 FF after 68. */
  finalStatus?: number;
}

export interface SasHostEvents {
  /** An exception taken, with its data when it came as a real-time event. */
  exception: [address: number, code: number, data?: number[]];
  voucher: [address: number, record: R.ValidationInfoReply];
  meters: [address: number, values: Map<number, number>];
  redemption: [record: RedemptionRecord];
}

export interface CasinoOptions {
  /** Addresses polled in turn, present or not. */
  addresses: number[];
  /** Pause between one poll cycle and the next. */
  cycleMs?: number;
  metersEveryMs?: number;
  /** Meters read with 2F for game 0 (at most ten a poll; more are read in several polls). */
  meterCodes?: number[];
  /** Set with 4C at the start and whenever a machine raises 3F (ID, first sequence). */
  validation?: { validationId: number; sequence: number };
  /** 71 with the restricted-expiration and pool-ID fields, without them, or both in turn. */
  redeemForm?: 'short' | 'long' | 'alternate';
  /**
   * How the machine's vouchers are validated, as the machine is set up for (docs/protocols/sas.md):
   * secure enhanced (4C, then 4D after each 3D), system (57 then 58 with the host's own number
   * after each 57, 4D after 3D) or standard (3D's long poll after each 3D).
   */
  validationMode?: 'secure-enhanced' | 'system' | 'standard';
  /** Turn real-time event reporting on (0E) at the start. */
  realTimeEvents?: boolean;
}

/** A voucher as the host learnt it, whatever the validation mode. */
export interface HostVoucher {
  address: number;
  /** The 18 digits the ticket carries (standard validation's 8 with ten zeros before them). */
  barcode: string;
  amountCents: number;
  /** 4D's record (secure enhanced, system), or null when the number came with 3D's long poll. */
  record: R.ValidationInfoReply | null;
}

const STANDARD_METERS = [0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x0b, 0x0c, 0x0d, 0x0e, 0x11, 0x12, 0x24];
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SasHost extends SasHostLine<SasHostEvents> {
  readonly tickets = new Map<string, HostTicket>();
  /** How the host answers tickets: look them up, refuse them all, or never answer. */
  ticketMode: 'accept' | 'reject' | 'silent' = 'accept';
  /** System validation: give a number to each 57, refuse with system ID 00, or never answer. */
  systemValidation: 'approve' | 'deny' | 'silent' = 'approve';
  /** The host's system ID and the last of its own validation numbers given out (system validation). */
  readonly validationSystem = { systemId: 1, last: 0 };
  /** Every number the host gave with 58, as the voucher's 18 digits (its system ID first). */
  readonly systemNumbers = new Set<string>();
  readonly exceptions: { address: number; code: number; data?: number[] }[] = [];
  readonly vouchers: HostVoucher[] = [];
  readonly redemptions: RedemptionRecord[] = [];
  readonly meterReads = new Map<number, Map<number, number>>();
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private redeemLong = false;

  // --- the casino system ------------------------------------------------------------------

  /** Polls until `stop()`; resolves once started. */
  runCasino(options: CasinoOptions): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.casinoLoop(options);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loopDone;
  }

  private async casinoLoop(o: CasinoOptions): Promise<void> {
    const cycleMs = o.cycleMs ?? 200;
    const metersEveryMs = o.metersEveryMs ?? 3000;
    let metersAt = 0;
    const secureEnhanced = (o.validationMode ?? 'secure-enhanced') === 'secure-enhanced';
    if (o.validation && secureEnhanced)
      for (const a of o.addresses) await this.request(a, { command: 0x4c, ...o.validation });
    if (o.realTimeEvents) for (const a of o.addresses) await this.command(a, { command: 0x0e, enable: true });
    while (this.running) {
      for (const address of o.addresses) {
        if (!this.running) break;
        const r = await this.generalPoll(address);
        if (r.kind === 'exception' && r.code !== 0) await this.guard(() => this.onException(address, r.code, o));
        if (r.kind === 'event') await this.guard(() => this.onException(address, r.code, o, r.data));
        for (let e = this.pendingEvents.shift(); e; e = this.pendingEvents.shift())
          await this.guard(() => this.onException(e.address, e.code, o, e.data));
      }
      if (Date.now() - metersAt >= metersEveryMs) {
        metersAt = Date.now();
        for (const address of o.addresses) {
          const values = await this.guard(() => this.selectedMeters(address, 0, o.meterCodes ?? STANDARD_METERS));
          if (values) {
            this.meterReads.set(address, values);
            this.emit('meters', address, values);
          }
        }
      }
      await delay(cycleMs);
    }
  }

  private async onException(address: number, code: number, o: CasinoOptions, data?: number[]): Promise<void> {
    this.exceptions.push(data ? { address, code, data } : { address, code });
    this.emit('exception', address, code, data);
    if (code === EXCEPTION.cashOutTicketPrinted) {
      await this.readVoucher(address, o.validationMode ?? 'secure-enhanced');
    } else if (code === EXCEPTION.systemValidationRequest) {
      await this.validateCashout(address);
    } else if (code === EXCEPTION.validationIdNotConfigured && o.validation) {
      await this.request(address, { command: 0x4c, ...o.validation });
    } else if (code === EXCEPTION.handpayPending) {
      await this.request(address, { command: 0x1b });
    } else if (code === EXCEPTION.ticketInserted) {
      await this.validateTicket(address, o);
    } else if (code === EXCEPTION.ticketTransferComplete) {
      await this.readRedemptionStatus(address);
    }
  }

  /** After 3D: the voucher's record (4D), or under standard validation its number (3D's long poll). */
  private async readVoucher(address: number, mode: NonNullable<CasinoOptions['validationMode']>): Promise<void> {
    if (mode === 'standard') {
      const b = await this.request(address, { command: 0x3d });
      if (!b) return;
      const t = R.decodeCashOutTicket(b);
      this.addVoucher({
        address,
        barcode: standardValidationNumber(t.validationNumber),
        amountCents: t.amountCents,
        record: null,
      });
      return;
    }
    const b = await this.request(address, { command: 0x4d, function: 0 });
    const record = b && R.decodeValidationInfo(b);
    if (!record) return;
    const barcode = systemValidationNumber(record.systemId, record.validationNumber);
    this.addVoucher({ address, barcode, amountCents: record.amountCents, record });
    this.emit('voucher', address, record);
  }

  private addVoucher(v: HostVoucher): void {
    this.vouchers.push(v);
    // As a casino system does: a voucher a machine reports is one it redeems on any machine.
    if (!this.tickets.has(v.barcode)) this.tickets.set(v.barcode, { amountCents: v.amountCents, state: 'valid' });
  }

  /** System validation: 57 asks what is to be paid, 58 gives the host's number (or 00, refused). */
  private async validateCashout(address: number): Promise<void> {
    const b = await this.request(address, { command: 0x57 });
    const pending = b && R.decodePendingCashout(b);
    if (!pending || pending.cashoutType === R.NOT_WAITING_FOR_VALIDATION || this.systemValidation === 'silent') return;
    const approve = this.systemValidation === 'approve';
    const number = approve ? String(++this.validationSystem.last).padStart(16, '0') : '0'.repeat(16);
    if (approve) this.systemNumbers.add(systemValidationNumber(this.validationSystem.systemId, number));
    await this.request(address, {
      command: 0x58,
      systemId: approve ? this.validationSystem.systemId : 0,
      validationNumber: number,
    });
  }

  private async validateTicket(address: number, o: CasinoOptions): Promise<void> {
    const b = await this.request(address, { command: 0x70 });
    const t = b && R.decodeTicketValidation(b);
    if (!t?.inEscrow) return;
    const known = this.tickets.get(t.barcode);
    const mode = known?.answer ?? this.ticketMode;
    if (mode === 'silent') return;
    let transferCode: number;
    if (mode === 'reject') transferCode = TRANSFER_CODE.unableToValidate;
    else if (!known) transferCode = TRANSFER_CODE.notInSystem;
    else if (known.state === 'redeemed') transferCode = TRANSFER_CODE.alreadyRedeemed;
    else if (known.state === 'expired') transferCode = TRANSFER_CODE.expired;
    else if (known.state === 'pending') transferCode = TRANSFER_CODE.markedPending;
    else transferCode = TRANSFER_CODE.cashable;
    const amountCents = transferCode === TRANSFER_CODE.cashable ? known!.amountCents : 0;
    const form = o.redeemForm ?? 'alternate';
    const long = form === 'long' || (form === 'alternate' && (this.redeemLong = !this.redeemLong));
    const req: LongPollRequest = {
      command: 0x71,
      kind: 'redeem',
      transferCode,
      amountCents,
      barcode: t.barcode,
      ...(long ? { restricted: { expiration: '00000000', poolId: 0 } } : {}),
    };
    const reply = await this.request(address, req);
    const replyStatus = reply ? R.decodeRedeem(reply).machineStatus : null;
    if (transferCode === TRANSFER_CODE.cashable && replyStatus === REDEEM_STATUS.pending) known!.state = 'pending';
    const record: RedemptionRecord = { address, barcode: t.barcode, transferCode, amountCents, replyStatus };
    this.redemptions.push(record);
  }

  private async readRedemptionStatus(address: number): Promise<void> {
    const b = await this.request(address, { command: 0x71, kind: 'status' });
    if (!b) return;
    const r = R.decodeRedeem(b);
    if (noFinalStatus(r.machineStatus)) return;
    const record = this.redemptions.findLast(
      (x) => x.address === address && x.barcode === r.barcode && x.finalStatus === undefined,
    );
    const ticket = r.barcode ? this.tickets.get(r.barcode) : undefined;
    // Redeemed is final whatever the host thought (a 71 reply lost on the line); otherwise a
    // pending ticket may be redeemed again.
    if (ticket && r.machineStatus === REDEEM_STATUS.cashableRedeemed) ticket.state = 'redeemed';
    else if (ticket?.state === 'pending') ticket.state = 'valid';
    if (record) {
      record.finalStatus = r.machineStatus;
      this.emit('redemption', record);
    }
  }

  /** A reply with a good CRC but impossible contents is counted, and the casino loop goes on. */
  private async guard<T>(f: () => Promise<T>): Promise<T | null> {
    try {
      return await f();
    } catch (e) {
      if (!(e instanceof SasFormatError)) throw e;
      this.stats.badReplies++;
      return null;
    }
  }
}
