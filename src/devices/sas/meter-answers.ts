// The meter polls answered from the machine's meters (SasMachine.meter, in its own terms) in
// the units and widths of the standard's Table C-7: the fixed meter polls (0F–20, 31–46, 49, 4A),
// 2F and its extended forms 6F and AF, 2D, 52, 48, 50 and A4. A single meter the machine does not
// keep goes unanswered (the standard's 7.1); in a group it reads zero so the others get through.

import { countryCode } from './country-codes';
import { credits, knownGame, type Answer, type PollContext } from './answer';
import {
  EXTENDED_METER_BYTES,
  METER_CODES,
  METER_POLLS,
  VALIDATION_METERS,
  toSasUnits,
  type MeterField,
} from './meter-codes';
import {
  encodeCashOutLimit,
  encodeExtendedMeters,
  encodeGameMeter,
  encodeGameMeters,
  encodeLastBill,
  encodeMeters,
  encodeSelectedMeters,
  encodeValidationMeters,
  type SelectedMeter,
} from './replies';
import type { LongPollRequest } from './requests';
import { FIRST_BILL_METER, sasBillIndex } from '../../cabinet';

/** BCD digits A4's two bytes hold: a larger limit is reported as the most they can say. */
const CASH_OUT_LIMIT_MAX = 9999;

/** A meter by code for game 0 (the machine) or n, in the unit SAS reports it in; null when not kept. */
export function meterValue(ctx: PollContext, field: MeterField, game: number): number | null {
  if ('count' in field) return ctx.machine.doorAndPowerCounts()[field.count];
  const raw = ctx.machine.meter(field.code, game);
  if (raw === null) return null;
  if (field.wholeCurrency) return Math.floor(raw / 10 ** ctx.money.minorDigits);
  const def = METER_CODES[field.code];
  if (!def) throw new RangeError(`meter ${field.code.toString(16)} is not in the SAS meter table`);
  return toSasUnits(raw, def.unit, ctx.money);
}

/** The polls this file answers; null for one it knows but cannot answer now, undefined for another. */
export function meterAnswer(ctx: PollContext, req: LongPollRequest): Answer | null | undefined {
  const fields = METER_POLLS[req.command];
  if (fields) return fixedMeters(ctx, req.command, fields);
  switch (req.command) {
    case 0x2f:
      return knownGame(ctx, req.game) ? selectedMeters(ctx, req.game, req.meters) : null;
    case 0x6f:
    case 0xaf:
      return knownGame(ctx, req.game) ? extendedMeters(ctx, req.command, req.game, req.meters) : null;
    case 0x2d: {
      // Hand paid cancelled credits are kept for the machine only: another game's is a meter not kept (7.1).
      const v = req.game === 0 ? meterValue(ctx, { code: 0x03 }, 0) : null;
      return v === null ? null : { reply: encodeGameMeter(ctx.address, 0x2d, 0, v) };
    }
    case 0x52: {
      if (!knownGame(ctx, req.game)) return null;
      const values = [0x00, 0x01, 0x02, 0x05].map((code) => meterValue(ctx, { code }, req.game) ?? 0);
      return { reply: encodeGameMeters(ctx.address, req.game, values) };
    }
    case 0x48:
      return { reply: encodeLastBill(ctx.address, lastBill(ctx)) };
    case 0x50: {
      const m = VALIDATION_METERS[req.validationType];
      const count = m ? (meterValue(ctx, { code: m.count }, 0) ?? 0) : 0;
      const amountCents = m ? (meterValue(ctx, { code: m.cents }, 0) ?? 0) : 0;
      return { reply: encodeValidationMeters(ctx.address, { validationType: req.validationType, count, amountCents }) };
    }
    case 0xa4:
      if (!knownGame(ctx, req.game)) return null;
      return {
        reply: encodeCashOutLimit(
          ctx.address,
          req.game,
          Math.min(credits(ctx, ctx.machine.cashOutLimit()), CASH_OUT_LIMIT_MAX),
        ),
      };
    default:
      return undefined;
  }
}

function fixedMeters(ctx: PollContext, command: number, fields: readonly MeterField[]): Answer | null {
  const values = fields.map((f) => meterValue(ctx, f, 0));
  if (fields.length === 1 && values[0] === null) return null;
  return {
    reply: encodeMeters(
      ctx.address,
      command,
      fields,
      values.map((v) => v ?? 0),
    ),
  };
}

/** 2F: only the meters the machine keeps are listed, each in its Table C-7 width. */
function selectedMeters(ctx: PollContext, game: number, codes: readonly number[]): Answer {
  const meters: SelectedMeter[] = [];
  for (const code of codes) {
    const def = METER_CODES[code];
    const value = def ? meterValue(ctx, { code }, game) : null;
    if (def && value !== null) meters.push({ code, value, bytes: def.bytes });
  }
  return { reply: encodeSelectedMeters(ctx.address, game, meters) };
}

/** 6F and AF: the same meters, each with its two-byte code in EXTENDED_METER_BYTES, never rolled over. */
function extendedMeters(ctx: PollContext, command: number, game: number, codes: readonly number[]): Answer {
  const meters: SelectedMeter[] = [];
  for (const code of codes) {
    const value = METER_CODES[code] ? meterValue(ctx, { code }, game) : null;
    if (value !== null) meters.push({ code, value, bytes: EXTENDED_METER_BYTES });
  }
  return { reply: encodeExtendedMeters(ctx.address, command, game, meters) };
}

/** 48: the last note's country, denomination code and how many of that note; zeros before the first. */
function lastBill(ctx: PollContext) {
  const bill = ctx.machine.lastBill();
  const index = bill ? sasBillIndex(bill.value, ctx.money.minorDigits) : null;
  if (index === null) return { countryCode: 0, denominationCode: 0, count: 0 };
  return {
    countryCode: countryCode(ctx.machine.currency()),
    denominationCode: index,
    count: meterValue(ctx, { code: FIRST_BILL_METER + index }, 0) ?? 0,
  };
}
