// The long polls this machine answers (docs/protocols/sas.md, "Long polls"), one place saying
// which poll gets which reply: read from the SasMachine, in SAS units. The meters are
// meter-answers.ts's, validation and ticket printing by the machine's mode validation-answers.ts's,
// the tickets' replies ticket-replies.ts's, the framing and the acknowledgement link.ts's.

import { aftAnswer } from './aft-answers';
import { credits, type Answering, type PollContext } from './answer';
import type { GameConfig } from './machine';
import { meterAnswer } from './meter-answers';
import {
  ack,
  encodeClock,
  encodeEnabledGames,
  encodeGameConfig,
  encodeGameCount,
  encodeHandpay,
  encodeHandpayReset,
  encodeMachineInfo,
  encodeSelectedGame,
  encodeVersion,
  type GameConfigReply,
} from './replies';
import type { LongPollRequest } from './requests';
import type { TicketReplies } from './ticket-replies';
import { validationAnswer } from './validation-answers';

/** What the answers need of the link. */
export interface LongPollContext extends PollContext {
  /** The accounting denomination's code (Table C-4). */
  denominationCode: number;
  tickets: TicketReplies;
  /** 21: the ROM signature is worked out in the background and sent on a later general poll. */
  startRomSignature(seed: number): void;
  /** 0E: real-time event reporting on or off (the link's; a restart starts with it off). */
  setRealTimeEvents(on: boolean): void;
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
    for (const answerFrom of [meterAnswer, validationAnswer, aftAnswer]) {
      const answer = answerFrom(this.c, req);
      if (answer !== undefined) return answer ?? this.c.unsupported();
    }
    switch (req.command) {
      case 0x0e:
        this.c.setRealTimeEvents(req.enable);
        return { reply: ack(a) };
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
            h && { ...h, amount: credits(this.c, h.amount), partialPay: credits(this.c, h.partialPay) },
          ),
        };
      }
      case 0x1f:
        return { reply: encodeMachineInfo(a, this.configReply(m.machineInfo())) };
      case 0x21:
        this.c.startRomSignature(req.seed);
        return { reply: ack(a) };
      case 0x4d:
        // Standard validation keeps no records: the host reads the last voucher with 3D.
        if (m.validationMode() === 'standard') return this.c.unsupported();
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

  private configReply(c: GameConfig): GameConfigReply {
    return {
      gameId: c.gameId,
      additionalId: c.additionalId,
      denominationCode: this.c.denominationCode,
      maxBet: credits(this.c, c.maxBet),
      progressiveGroup: 0,
      gameOptions: 0,
      paytableId: c.paytableId,
      basePercent: c.basePercent * 100,
    };
  }
}
