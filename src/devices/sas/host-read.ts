// One full read of a machine, as a technician checks a link on site (`sas-poll`): who it is
// (54, 1F, 51), its meters (2F for the machine and each game), and the exceptions waiting in its
// queue (general polls until 00). Taking the exceptions empties the machine's queue, as a casino
// system would: run it with the casino system disconnected, or with `exceptions: false`.

import { billMeterCode, FIRST_BILL_METER, SAS_BILL_VALUES, sasMeterCode } from '../../cabinet';
import { SerialEndpoint } from '../shared/serial-endpoint';
import { exceptionName } from './exception-codes';
import { SasHost } from './host';
import { BILL_POLLS, METER_POLLS, denominationCents, meterName } from './meter-codes';
import { LONG_POLLS } from './polls';
import { SAS_BAUD_RATE, isPseudoTerminal } from './port';
import * as R from './replies';
import type { SasDateTime } from './machine';
import type { LongPollRequest } from './requests';

/** Machine meters asked for: every code the cabinet keeps, and the bill counts. */
export const MACHINE_METERS = [
  0x00,
  0x01,
  0x02,
  0x03,
  0x04,
  0x05,
  0x06,
  0x07,
  0x0b,
  0x0c,
  0x0d,
  0x0e,
  0x11,
  0x12,
  0x15,
  0x16,
  0x22,
  0x23,
  0x24,
  0x25,
  0x26,
  ...SAS_BILL_VALUES.map((_, i) => billMeterCode(i)),
];
export const GAME_METERS = [0x00, 0x01, 0x02, 0x05, 0x06, 0x07];

/** The reads a casino system makes as a matter of course, in SAS units as the machine sent them. */
export interface AccountingReading {
  /** 0F: cancelled credits (04), coin in, coin out, drop, jackpot, games played. */
  meters10to15: number[];
  /** 10: total cancelled credits. */
  cancelled: number | null;
  /** 2D for the machine: hand paid cancelled credits. */
  handPaidCancelled: number | null;
  /** 31–45 (but 3D) by poll code as two hex digits ("31"): bills accepted of one note value. */
  bills: Record<string, number>;
  /** 46: credits from bills accepted. */
  billCredits: number | null;
  /** 48: the last note accepted; null when no reply. */
  lastBill: R.BillReply | null;
  /** 49 and 4A: the stacker's count and value, null where the machine does not keep them. */
  stacker: { bills: number | null; credits: number | null };
  /** 50 by validation type as two hex digits ("00", "80"). */
  validation: Record<string, R.ValidationMetersReply>;
  /** 52 for each game: coin in, coin out, jackpot, games played. */
  games: Record<string, number[]>;
  /** 6F for the machine: each meter the machine keeps, by code as four hex digits, with its size. */
  extended: Record<string, { value: number; bytes: number }>;
  /** A0 for the machine: the four feature bytes. */
  features: number[] | null;
  /** A4 for the machine: the cash-out limit in credits. */
  cashOutLimit: number | null;
  /** 7B with nothing set: the validation controls and expirations. */
  extendedValidation: R.ExtendedValidationReply | null;
}

export interface MachineReading {
  address: number;
  version: string;
  serial: string;
  info: R.GameConfigReply;
  games: { game: number; config: R.GameConfigReply; meters: Record<string, number> }[];
  /** By meter code as 4 hex digits ("000C"), in SAS units (credits, cents for 0D–10, counts). */
  meters: Record<string, number>;
  exceptions: number[];
  clock: SasDateTime;
  accounting: AccountingReading;
}

export class NoAnswerFromMachine extends Error {
  constructor(address: number, what: string) {
    super(`no answer from SAS machine ${address} to ${what}`);
    this.name = 'NoAnswerFromMachine';
  }
}

const code2 = (c: number) => c.toString(16).padStart(2, '0').toUpperCase();

/** 6F's codes asked for: the machine meters, twelve a poll. */
const EXTENDED_METERS = MACHINE_METERS.filter((c) => c < FIRST_BILL_METER);

/** The routine reads of a casino system (issue 27): every one answered is kept, one not answered is null. */
export async function readAccounting(host: SasHost, address: number, games: number): Promise<AccountingReading> {
  const value = async <T>(req: LongPollRequest, decode: (b: Buffer) => T): Promise<T | null> => {
    const b = await host.request(address, req);
    return b ? decode(b) : null;
  };
  const meter = (command: number) => value({ command } as LongPollRequest, (b) => R.decodeMeters(b, [{ code: 0 }])[0]!);
  const meters10to15 = (await value({ command: 0x0f }, (b) => R.decodeMeters(b, METER_POLLS[0x0f]!))) ?? [];
  const bills: Record<string, number> = {};
  for (const poll of Object.keys(BILL_POLLS).map(Number)) {
    const v = await meter(poll);
    if (v !== null) bills[code2(poll)] = v;
  }
  const validation: Record<string, R.ValidationMetersReply> = {};
  for (const validationType of [0x00, 0x80]) {
    const v = await value({ command: 0x50, validationType }, R.decodeValidationMeters);
    if (v) validation[code2(validationType)] = v;
  }
  const gameMeters: Record<string, number[]> = {};
  for (let game = 1; game <= games; game++) {
    const v = await value({ command: 0x52, game }, (b) => R.decodeGameMeters(b).values);
    if (v) gameMeters[String(game)] = v;
  }
  const extended: Record<string, { value: number; bytes: number }> = {};
  for (let i = 0; i < EXTENDED_METERS.length; i += 12) {
    const got = await value(
      { command: 0x6f, game: 0, meters: EXTENDED_METERS.slice(i, i + 12) },
      R.decodeExtendedMeters,
    );
    for (const m of got?.meters ?? []) extended[sasMeterCode(m.code)] = { value: m.value, bytes: m.bytes };
  }
  return {
    meters10to15,
    cancelled: await meter(0x10),
    handPaidCancelled: await value({ command: 0x2d, game: 0 }, (b) => R.decodeGameMeter(b).value),
    bills,
    billCredits: await meter(0x46),
    lastBill: await value({ command: 0x48 }, R.decodeLastBill),
    stacker: { bills: await meter(0x49), credits: await meter(0x4a) },
    validation,
    games: gameMeters,
    extended,
    features: await value({ command: 0xa0, game: 0 }, (b) => R.decodeEnabledFeatures(b).features),
    cashOutLimit: await value({ command: 0xa4, game: 0 }, (b) => R.decodeCashOutLimit(b).credits),
    extendedValidation: await value(
      { command: 0x7b, controlMask: 0, controlStates: 0, cashableExpirationDays: 0, restrictedExpirationDays: 0 },
      R.decodeExtendedValidation,
    ),
  };
}

export async function readMachine(
  host: SasHost,
  address: number,
  options: { exceptions?: boolean; maxExceptions?: number } = {},
): Promise<MachineReading> {
  const need = async (what: string, b: Promise<Buffer | null>): Promise<Buffer> => {
    const got = await b;
    if (!got) throw new NoAnswerFromMachine(address, what);
    return got;
  };
  const version = R.decodeVersion(await need('54 (SAS version)', host.request(address, { command: 0x54 })));
  const info = R.decodeMachineInfo(await need('1F (machine information)', host.request(address, { command: 0x1f })));
  const count = R.decodeGameNumber(await need('51 (number of games)', host.request(address, { command: 0x51 })));
  const readMeters = async (game: number, codes: number[]) => {
    const m = await host.selectedMeters(address, game, codes);
    if (!m) throw new NoAnswerFromMachine(address, `2F (meters of game ${game})`);
    return Object.fromEntries([...m].map(([c, v]) => [sasMeterCode(c), v]));
  };
  const meters = await readMeters(0, MACHINE_METERS);
  const games = [];
  for (let game = 1; game <= count; game++) {
    const config = R.decodeGameConfig(
      await need(`53 (game ${game})`, host.request(address, { command: 0x53, game })),
    ).config;
    games.push({ game, config, meters: await readMeters(game, GAME_METERS) });
  }
  const accounting = await readAccounting(host, address, count);
  const exceptions: number[] = [];
  if (options.exceptions ?? true) {
    for (let i = 0; i < (options.maxExceptions ?? 100); i++) {
      const r = await host.generalPoll(address);
      if (r.kind === 'none') throw new NoAnswerFromMachine(address, 'a general poll');
      if (r.kind !== 'exception' || r.code === 0) break;
      exceptions.push(r.code);
    }
  }
  // Read last, so its poll also acknowledges the last exception taken, and its reply shows the
  // machine saw that acknowledgement before the line is closed.
  const clock = R.decodeClock(await need('7E (date and time)', host.request(address, { command: 0x7e })));
  return {
    address,
    version: version.version,
    serial: version.serial,
    clock,
    info,
    games,
    meters,
    exceptions,
    accounting,
  };
}

export interface SasPollOptions {
  port: string;
  address: number;
  exceptions?: boolean;
  replyTimeoutMs?: number;
}

/**
 * `sas-poll --port PATH --address N`: one full read over a pseudo-terminal (the far end of the
 * cabinet's SAS line in a test or on a bench). A real UART needs the host to send the wakeup bit
 * as mark parity on each poll's first byte, which node-serialport cannot do; it is refused.
 */
export async function sasPoll(options: SasPollOptions): Promise<MachineReading> {
  if (!Number.isInteger(options.address) || options.address < 1 || options.address > 127)
    throw new RangeError(`--address ${options.address} must be 1..127`);
  if (!isPseudoTerminal(options.port)) {
    throw new Error(
      `${options.port} is not a pseudo-terminal: polling a real SAS line needs a host adapter that sends the wakeup bit (docs/protocols/sas.md)`,
    );
  }
  const endpoint = new SerialEndpoint({ path: options.port, baudRate: SAS_BAUD_RATE });
  const host = new SasHost(endpoint, { replyTimeoutMs: options.replyTimeoutMs ?? 200 });
  try {
    const deadline = Date.now() + 5000;
    while (!endpoint.isOpen) {
      if (Date.now() > deadline) throw new Error(`cannot open ${options.port}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return await readMachine(host, options.address, { exceptions: options.exceptions });
  } finally {
    host.detach();
    await endpoint.close();
  }
}

const two = (n: number) => String(n).padStart(2, '0');
const formatClock = (t: SasDateTime) =>
  `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;

/** The reading as a technician reads it. */
export function formatReading(r: MachineReading): string {
  const denom = denominationCents(r.info.denominationCode);
  const pct = (p: number) => `${(p / 100).toFixed(2)}%`;
  const lines = [
    `SAS machine ${r.address}: SAS ${r.version}, serial ${r.serial || '(none)'}, clock ${formatClock(r.clock)}`,
    `game ID ${r.info.gameId} ${r.info.additionalId}, accounting denomination ${denom === null ? `code ${r.info.denominationCode}` : `${denom} cent(s)`}, max bet ${r.info.maxBet}, pay table ${r.info.paytableId}, base ${pct(r.info.basePercent)}`,
    'meters:',
    ...Object.entries(r.meters).map(
      ([c, v]) => `  ${c}  ${meterName(parseInt(c, 16)).padEnd(46)} ${String(v).padStart(12)}`,
    ),
  ];
  for (const g of r.games) {
    lines.push(
      `game ${g.game}: ${g.config.gameId}, max bet ${g.config.maxBet}, pay table ${g.config.paytableId}, base ${pct(g.config.basePercent)}`,
    );
    lines.push(
      ...Object.entries(g.meters).map(
        ([c, v]) => `  ${c}  ${meterName(parseInt(c, 16)).padEnd(46)} ${String(v).padStart(12)}`,
      ),
    );
  }
  lines.push(...formatAccounting(r.accounting));
  lines.push(
    r.exceptions.length
      ? `queued exceptions: ${r.exceptions.map((c) => `${c.toString(16).padStart(2, '0').toUpperCase()} ${exceptionName(c)}`).join('; ')}`
      : 'queued exceptions: none',
  );
  return lines.join('\n');
}

const orNone = (v: number | null) => (v === null ? 'no reply' : String(v));

function formatAccounting(a: AccountingReading): string[] {
  const bills = Object.entries(a.bills)
    .filter(([, v]) => v > 0)
    .map(([poll, v]) => `${LONG_POLLS[parseInt(poll, 16)]?.name.replace(/^send | bills in meter$/g, '')} ×${v}`);
  const features = a.features?.map((f) => f.toString(2).padStart(8, '0')).join(' ') ?? 'no reply';
  return [
    `routine reads: 10 cancelled credits ${orNone(a.cancelled)}, 2D hand paid cancelled ${orNone(a.handPaidCancelled)}, 46 bill credits ${orNone(a.billCredits)}`,
    `  bills accepted: ${bills.length ? bills.join(', ') : 'none'}; last: ${a.lastBill ? `country ${a.lastBill.countryCode}, note code ${a.lastBill.denominationCode}, ${a.lastBill.count} of them` : 'no reply'}`,
    `  stacker: ${orNone(a.stacker.bills)} bills, ${orNone(a.stacker.credits)} credits`,
    ...Object.entries(a.validation).map(
      ([t, v]) => `  50 validation type ${t}: ${v.count} for ${(v.amountCents / 100).toFixed(2)}`,
    ),
    ...Object.entries(a.games).map(
      ([g, v]) => `  52 game ${g}: coin in ${v[0]}, coin out ${v[1]}, jackpot ${v[2]}, games ${v[3]}`,
    ),
    `  A0 features ${features}; A4 cash-out limit ${orNone(a.cashOutLimit)} credits`,
    a.extendedValidation
      ? `  7B asset ${a.extendedValidation.assetNumber}, controls ${a.extendedValidation.statusBits.toString(16).padStart(4, '0')}, cashable tickets expire after ${a.extendedValidation.cashableExpirationDays} days`
      : '  7B no reply',
  ];
}
