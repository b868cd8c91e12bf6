// One full read of a machine, as a technician checks a link on site (`sas-poll`): who it is
// (54, 1F, 51), its meters (2F for the machine and each game), and the exceptions waiting in its
// queue (general polls until 00). Taking the exceptions empties the machine's queue, as a casino
// system would: run it with the casino system disconnected, or with `exceptions: false`.

import { SerialEndpoint } from '../shared/serial-endpoint';
import { exceptionName } from './exception-codes';
import { SasHost } from './host';
import { denominationCents, meterName } from './meter-codes';
import { SAS_BAUD_RATE, isPseudoTerminal } from './port';
import * as R from './replies';
import type { SasDateTime } from './machine';

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
  ...Array.from({ length: 0x18 }, (_, i) => 0x40 + i),
];
export const GAME_METERS = [0x00, 0x01, 0x02, 0x05, 0x06, 0x07];

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
}

export class NoAnswerFromMachine extends Error {
  constructor(address: number, what: string) {
    super(`no answer from SAS machine ${address} to ${what}`);
    this.name = 'NoAnswerFromMachine';
  }
}

const code4 = (c: number) => c.toString(16).padStart(4, '0').toUpperCase();

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
    return Object.fromEntries([...m].map(([c, v]) => [code4(c), v]));
  };
  const meters = await readMeters(0, MACHINE_METERS);
  const games = [];
  for (let game = 1; game <= count; game++) {
    const config = R.decodeGameConfig(
      await need(`53 (game ${game})`, host.request(address, { command: 0x53, game })),
    ).config;
    games.push({ game, config, meters: await readMeters(game, GAME_METERS) });
  }
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
  return { address, version: version.version, serial: version.serial, clock, info, games, meters, exceptions };
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
  lines.push(
    r.exceptions.length
      ? `queued exceptions: ${r.exceptions.map((c) => `${c.toString(16).padStart(2, '0').toUpperCase()} ${exceptionName(c)}`).join('; ')}`
      : 'queued exceptions: none',
  );
  return lines.join('\n');
}
