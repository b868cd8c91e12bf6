// The long polls this machine answers (docs/protocols/sas.md, "Polls"), one place saying which
// poll gets which reply: read from the SasMachine, in SAS units; the tickets' replies are
// ticket-replies.ts's, the framing and the acknowledgement link.ts's.

import type { Answer, Answering } from './answer';
import type { GameConfig, SasMachine } from './machine';
import { METER_CODES, METER_POLLS, toSasUnits, type MeterField, type MoneyUnits } from './meter-codes';
import {
  ack,
  encodeClock,
  encodeEnabledGames,
  encodeGameConfig,
  encodeGameCount,
  encodeHandpay,
  encodeHandpayReset,
  encodeMachineInfo,
  encodeMeters,
  encodeSelectedGame,
  encodeSelectedMeters,
  encodeValidationId,
  encodeVersion,
  type GameConfigReply,
  type SelectedMeter,
} from './replies';
import type { LongPollRequest } from './requests';
import type { TicketReplies } from './ticket-replies';

/** What the answers need of the link. */
export interface LongPollContext {
  address: number;
  machine: SasMachine;
  money: MoneyUnits;
  /** The accounting denomination's code (Table C-4). */
  denominationCode: number;
  tickets: TicketReplies;
  /** 21: the ROM signature is worked out in the background and sent on a later general poll. */
  startRomSignature(seed: number): void;
  /** A poll this machine does not support: counted, and not answered. */
  unsupported(): null;
  /** A poll the operator's settings refuse (7F when the clock may not be set): counted, not answered. */
  refused(): null;
}

export class LongPollAnswers {
  constructor(private readonly c: LongPollContext) {}

  /** The reply to one long poll addressed to this machine, or null (unanswered: counted). */
  answer(req: LongPollRequest): Answering {
    const a = this.c.address;
    const m = this.c.machine;
    const fields = METER_POLLS[req.command];
    if (fields) return this.meterReply(req.command, fields);
    switch (req.command) {
      case 0x01:
        m.shutdown();
        return { reply: ack(a) };
      case 0x02:
        m.startup();
        return { reply: ack(a) };
      case 0x1b: {
        const h = m.handpay();
        return {
          reply: encodeHandpay(
            a,
            h && { ...h, amount: this.credits(h.amount), partialPay: this.credits(h.partialPay) },
          ),
        };
      }
      case 0x1f:
        return { reply: encodeMachineInfo(a, this.configReply(m.machineInfo())) };
      case 0x21:
        this.c.startRomSignature(req.seed);
        return { reply: ack(a) };
      case 0x2f:
        return this.selectedMeters(req.game, req.meters);
      case 0x4c: {
        const r = m.setValidationId({ validationId: req.validationId, sequence: req.sequence });
        if (!r) return this.c.unsupported();
        return { reply: encodeValidationId(a, r.validationId, r.sequence) };
      }
      case 0x4d:
        return this.c.tickets.voucherRecord(m.validationRecords, req.function);
      case 0x51:
        return { reply: encodeGameCount(a, m.games().length) };
      case 0x53: {
        const games = m.games();
        const config = req.game === 0 ? m.machineInfo() : games[req.game - 1];
        if (!config) return this.c.unsupported();
        return { reply: encodeGameConfig(a, req.game, this.configReply(config)) };
      }
      case 0x54:
        return { reply: encodeVersion(a, m.serialNumber()) };
      case 0x55:
        return { reply: encodeSelectedGame(a, m.selectedGame()) };
      case 0x56:
        return {
          reply: encodeEnabledGames(
            a,
            m.games().flatMap((g, i) => (g.enabled ? [i + 1] : [])),
          ),
        };
      case 0x70:
        return m.ticketIn ? this.c.tickets.validation(m.ticketIn) : this.c.unsupported();
      case 0x71:
        if (!m.ticketIn) return this.c.unsupported();
        return req.kind === 'status' ? this.c.tickets.status(m.ticketIn) : this.c.tickets.redeem(m.ticketIn, req);
      case 0x7e:
        return { reply: encodeClock(a, m.clock()) };
      case 0x7f:
        if (!m.setClock(req.at)) return this.c.refused();
        return { reply: ack(a) };
      case 0x94:
        return { reply: encodeHandpayReset(a, m.remoteHandpayReset()) };
      default:
        return this.c.unsupported();
    }
  }

  private credits(minor: number): number {
    return toSasUnits(minor, 'credits', this.c.money);
  }

  private meterValue(field: MeterField, game: number): number | null {
    if ('count' in field) return this.c.machine.doorAndPowerCounts()[field.count];
    const raw = this.c.machine.meter(field.code, game);
    if (raw === null) return null;
    if (field.wholeCurrency) return Math.floor(raw / 10 ** this.c.money.minorDigits);
    const def = METER_CODES[field.code];
    if (!def) throw new RangeError(`meter ${field.code.toString(16)} is not in the SAS meter table`);
    return toSasUnits(raw, def.unit, this.c.money);
  }

  private meterReply(command: number, fields: readonly MeterField[]): Answer | null {
    const values = fields.map((f) => this.meterValue(f, 0));
    // A single meter the machine does not keep is not answered (the standard's 7.1); in a group
    // it reads as zero, so the others still get through.
    if (fields.length === 1 && values[0] === null) return this.c.unsupported();
    return {
      reply: encodeMeters(
        this.c.address,
        command,
        fields,
        values.map((v) => v ?? 0),
      ),
    };
  }

  private selectedMeters(game: number, codes: readonly number[]): Answer | null {
    if (game > this.c.machine.games().length) return this.c.unsupported();
    const meters: SelectedMeter[] = [];
    for (const code of codes) {
      const def = METER_CODES[code];
      const value = def ? this.meterValue({ code }, game) : null;
      if (def && value !== null) meters.push({ code, value, bytes: def.bytes });
    }
    return { reply: encodeSelectedMeters(this.c.address, game, meters) };
  }

  private configReply(c: GameConfig): GameConfigReply {
    return {
      gameId: c.gameId,
      additionalId: c.additionalId,
      denominationCode: this.c.denominationCode,
      maxBet: this.credits(c.maxBet),
      progressiveGroup: 0,
      gameOptions: 0,
      paytableId: c.paytableId,
      basePercent: c.basePercent * 100,
    };
  }
}
