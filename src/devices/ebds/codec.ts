// EBDS messages, both directions, as pure functions over the frames of ./frame: the omnibus
// command (type 1) and reply (type 2), the auxiliary queries (type 6) and the extended messages
// (type 7: note specification, note inhibits, barcode). The parsers in ./parser wrap them.

import {
  ACTIVITIES,
  AUXILIARY,
  BARCODE_PAD,
  CONFIGURATION,
  DOCUMENT_EVENTS,
  EXCEPTION_BITS,
  EXTENDED,
  MESSAGE_TYPE,
  MISC_BITS,
  NOTE_DATA,
  NOTE_VALUE_SHIFT,
  OPERATION,
  POWER_UP_POLICIES,
  STATE_BITS,
  STATUS_BITS,
  type AuxiliaryName,
  type PowerUpPolicy,
} from './codes';
import { buildFrame, EbdsFrameError, hex, MESSAGE_NAMES, openFrame, type Toggle } from './frame';

/** The three data bytes every omnibus and extended command carries: what the unit may take and how. */
export interface OmnibusBits {
  /** Bits 0–6: standard denominations 1–7. In extended note mode, zero disables the unit and any other value enables it. */
  denominations: number;
  escrow: boolean;
  /** Stack or return the document in escrow (never both). */
  stack: boolean;
  return: boolean;
  /** 0 one way, 1 two ways, 2 any way. */
  orientation: 0 | 1 | 2;
  noPush: boolean;
  barcode: boolean;
  policy: PowerUpPolicy;
  extendedNotes: boolean;
}

/** Host → acceptor. */
export type EbdsCommand =
  | { type: 'omnibus'; toggle: Toggle; bits: OmnibusBits }
  /** The unit's note table entry `index` (from 1); an index past the table is answered with empty data. */
  | { type: 'queryNote'; toggle: Toggle; bits: OmnibusBits; index: number }
  /** Enable bytes, 7 notes a byte, note 1 in bit 0 of the first; a set bit enables the note. */
  | { type: 'setNoteInhibits'; toggle: Toggle; bits: OmnibusBits; enables: number[] }
  | { type: 'auxiliary'; toggle: Toggle; query: AuxiliaryName };

/** Omnibus reply data bytes 0–5, read into what they say. */
export interface UnitStatus {
  /** What the unit is doing: at most one. */
  activity: (typeof ACTIVITIES)[number] | null;
  /** What it just did, reported until the host's next new command: at most one. */
  event: (typeof DOCUMENT_EVENTS)[number] | null;
  cheated: boolean;
  jammed: boolean;
  cassetteFull: boolean;
  cassetteAttached: boolean;
  paused: boolean;
  calibration: boolean;
  powerUp: boolean;
  invalidCommand: boolean;
  failure: boolean;
  transportOpen: boolean;
  /** Non-extended note value field (0 none, 1–7 a standard denomination): never a credit here (C-16). */
  noteValue: number;
  stalled: boolean;
  flashDownload: boolean;
  rawBarcode: boolean;
  deviceCapabilities: boolean;
  disabled: boolean;
  model: number;
  revision: number;
}

/** The 18 bytes of extended note data as sent: characters, read into values by ./notes. */
export interface NoteData {
  index: number;
  iso: string;
  base: string;
  sign: string;
  exponent: string;
  orientation: number;
  noteType: string;
  series: string;
  compatibility: string;
  version: string;
  classification: number;
}

/** Acceptor → host. */
export type EbdsReply =
  | { type: 'status'; toggle: Toggle; status: UnitStatus }
  /** A note in escrow or stacked, or the answer to a note query; null is an empty entry (past the table). */
  | { type: 'note'; toggle: Toggle; status: UnitStatus; note: NoteData | null }
  /** A barcode in escrow: its characters as sent (latin1), the '(' padding after them dropped. */
  | { type: 'barcode'; toggle: Toggle; status: UnitStatus; barcode: string }
  | { type: 'noteInhibits'; toggle: Toggle; status: UnitStatus }
  /** An auxiliary answer: what the data bytes mean depends on the query it answers (./identity). */
  | { type: 'auxiliary'; toggle: Toggle; data: number[] };

const bit = (b: number, n: number) => ((b >> n) & 1) === 1;
const flags = (pairs: [boolean, number][]) => pairs.reduce((acc, [on, n]) => (on ? acc | (1 << n) : acc), 0);

export function omnibusBytes(b: OmnibusBits): [number, number, number] {
  if (b.stack && b.return) throw new EbdsFrameError('an omnibus command cannot both stack and return');
  const operation =
    (b.orientation << OPERATION.orientationShift) |
    (b.escrow ? OPERATION.escrow : 0) |
    (b.stack ? OPERATION.stack : 0) |
    (b.return ? OPERATION.return : 0);
  const configuration =
    (b.noPush ? CONFIGURATION.noPush : 0) |
    (b.barcode ? CONFIGURATION.barcode : 0) |
    (POWER_UP_POLICIES.indexOf(b.policy) << CONFIGURATION.policyShift) |
    (b.extendedNotes ? CONFIGURATION.extendedNotes : 0);
  return [b.denominations & 0x7f, operation, configuration];
}

export function readOmnibusBytes(data: ArrayLike<number>, at = 0): OmnibusBits {
  const [d, op, cfg] = [data[at]!, data[at + 1]!, data[at + 2]!];
  const orientation = (op >> OPERATION.orientationShift) & 3;
  const policy = POWER_UP_POLICIES[(cfg >> CONFIGURATION.policyShift) & 3];
  if (policy === undefined) throw new EbdsFrameError('EBDS power-up policy 3 is reserved');
  if (bit(op, 0) || bit(op, 1)) throw new EbdsFrameError('EBDS special interrupt and high security modes are obsolete');
  if (cfg & CONFIGURATION.extendedCoupons)
    throw new EbdsFrameError('EBDS extended coupon reporting is not spoken here');
  const bits: OmnibusBits = {
    denominations: d,
    escrow: (op & OPERATION.escrow) !== 0,
    stack: (op & OPERATION.stack) !== 0,
    return: (op & OPERATION.return) !== 0,
    orientation: orientation === 3 ? 2 : (orientation as 0 | 1 | 2),
    noPush: (cfg & CONFIGURATION.noPush) !== 0,
    barcode: (cfg & CONFIGURATION.barcode) !== 0,
    policy,
    extendedNotes: (cfg & CONFIGURATION.extendedNotes) !== 0,
  };
  if (bits.stack && bits.return) throw new EbdsFrameError('EBDS omnibus command both stacks and returns');
  return bits;
}

export function encodeCommand(c: EbdsCommand): Buffer {
  switch (c.type) {
    case 'omnibus':
      return buildFrame(MESSAGE_TYPE.omnibusCommand, c.toggle, omnibusBytes(c.bits));
    case 'queryNote':
      return buildFrame(MESSAGE_TYPE.extended, c.toggle, [
        EXTENDED.noteSpecification,
        ...omnibusBytes(c.bits),
        c.index,
      ]);
    case 'setNoteInhibits':
      return buildFrame(MESSAGE_TYPE.extended, c.toggle, [
        EXTENDED.noteInhibits,
        ...omnibusBytes(c.bits),
        ...c.enables,
      ]);
    case 'auxiliary':
      return buildFrame(MESSAGE_TYPE.auxiliary, c.toggle, [0, 0, AUXILIARY[c.query]]);
  }
}

const AUX_BY_CODE = new Map<number, AuxiliaryName>(Object.entries(AUXILIARY).map(([k, v]) => [v, k as AuxiliaryName]));
/** The enable bytes a unit takes: 8 (up to 50 notes) or 19 (up to 128). */
export const NOTE_ENABLE_LENGTHS = [8, 19] as const;

export function decodeCommand(frame: Uint8Array): EbdsCommand {
  const { messageType, toggle, data } = openFrame(frame);
  const need = (what: string, n: number) => {
    if (data.length !== n) throw new EbdsFrameError(`EBDS ${what} takes ${n} data bytes, got ${data.length}`);
  };
  switch (messageType) {
    case MESSAGE_TYPE.omnibusCommand:
      need('omnibus command', 3);
      return { type: 'omnibus', toggle, bits: readOmnibusBytes(data) };
    case MESSAGE_TYPE.auxiliary: {
      need('auxiliary command', 3);
      const query = AUX_BY_CODE.get(data[2]!);
      if (!query || data[0] !== 0 || data[1] !== 0)
        throw new EbdsFrameError(`EBDS auxiliary command ${data.toString('hex')} is not one spoken here`);
      return { type: 'auxiliary', toggle, query };
    }
    case MESSAGE_TYPE.extended: {
      const sub = data[0];
      if (sub === EXTENDED.noteSpecification) {
        need('note query', 5);
        return { type: 'queryNote', toggle, bits: readOmnibusBytes(data, 1), index: data[4]! };
      }
      if (sub === EXTENDED.noteInhibits) {
        if (!(NOTE_ENABLE_LENGTHS as readonly number[]).includes(data.length - 4))
          throw new EbdsFrameError(`EBDS note inhibits carry 8 or 19 enable bytes, got ${data.length - 4}`);
        return { type: 'setNoteInhibits', toggle, bits: readOmnibusBytes(data, 1), enables: [...data.subarray(4)] };
      }
      throw new EbdsFrameError(`EBDS extended command 0x${hex(sub ?? 0)} is not one spoken here`);
    }
    default:
      throw new EbdsFrameError(
        `EBDS message type ${messageType} (${MESSAGE_NAMES[messageType] ?? '?'}) is not a command`,
      );
  }
}

export function statusBytes(s: UnitStatus): number[] {
  const state = flags([
    ...ACTIVITIES.map((a): [boolean, number] => [s.activity === a, STATE_BITS.indexOf(a)]),
    [s.event === 'stacked', STATE_BITS.indexOf('stacked')],
    [s.event === 'returned', STATE_BITS.indexOf('returned')],
  ]);
  const status = flags([
    [s.cheated, STATUS_BITS.indexOf('cheated')],
    [s.event === 'rejected', STATUS_BITS.indexOf('rejected')],
    [s.jammed, STATUS_BITS.indexOf('jammed')],
    [s.cassetteFull, STATUS_BITS.indexOf('cassetteFull')],
    [s.cassetteAttached, STATUS_BITS.indexOf('cassetteAttached')],
    [s.paused, STATUS_BITS.indexOf('paused')],
    [s.calibration, STATUS_BITS.indexOf('calibration')],
  ]);
  const exception =
    flags([
      [s.powerUp, EXCEPTION_BITS.powerUp],
      [s.invalidCommand, EXCEPTION_BITS.invalidCommand],
      [s.failure, EXCEPTION_BITS.failure],
      [s.transportOpen, EXCEPTION_BITS.transportOpen],
    ]) |
    ((s.noteValue & 7) << NOTE_VALUE_SHIFT);
  const misc = flags([
    [s.stalled, MISC_BITS.stalled],
    [s.flashDownload, MISC_BITS.flashDownload],
    [s.rawBarcode, MISC_BITS.rawBarcode],
    [s.deviceCapabilities, MISC_BITS.deviceCapabilities],
    [s.disabled, MISC_BITS.disabled],
  ]);
  return [state, status, exception, misc, s.model & 0x7f, s.revision & 0x7f];
}

/**
 * The six status bytes. A combination no unit sends (two activities, two document events) is a
 * corrupt frame the 8-bit checksum let through: refused, so it is dropped and counted.
 */
export function readStatus(data: ArrayLike<number>, at = 0): UnitStatus {
  const [state, status, exception, misc, model, revision] = [0, 1, 2, 3, 4, 5].map((i) => data[at + i]!) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const activities = ACTIVITIES.filter((a) => bit(state, STATE_BITS.indexOf(a)));
  const events = DOCUMENT_EVENTS.filter((e) =>
    e === 'rejected' ? bit(status, STATUS_BITS.indexOf('rejected')) : bit(state, STATE_BITS.indexOf(e)),
  );
  if (activities.length > 1) throw new EbdsFrameError(`EBDS state 0x${hex(state)} names ${activities.join(' and ')}`);
  if (events.length > 1) throw new EbdsFrameError(`EBDS reply reports ${events.join(' and ')} at once`);
  if (bit(misc, 6)) throw new EbdsFrameError('EBDS reply sets a reserved bit');
  return {
    activity: activities[0] ?? null,
    event: events[0] ?? null,
    cheated: bit(status, STATUS_BITS.indexOf('cheated')),
    jammed: bit(status, STATUS_BITS.indexOf('jammed')),
    cassetteFull: bit(status, STATUS_BITS.indexOf('cassetteFull')),
    cassetteAttached: bit(status, STATUS_BITS.indexOf('cassetteAttached')),
    paused: bit(status, STATUS_BITS.indexOf('paused')),
    calibration: bit(status, STATUS_BITS.indexOf('calibration')),
    powerUp: bit(exception, EXCEPTION_BITS.powerUp),
    invalidCommand: bit(exception, EXCEPTION_BITS.invalidCommand),
    failure: bit(exception, EXCEPTION_BITS.failure),
    transportOpen: bit(exception, EXCEPTION_BITS.transportOpen),
    noteValue: (exception >> NOTE_VALUE_SHIFT) & 7,
    stalled: bit(misc, MISC_BITS.stalled),
    flashDownload: bit(misc, MISC_BITS.flashDownload),
    rawBarcode: bit(misc, MISC_BITS.rawBarcode),
    deviceCapabilities: bit(misc, MISC_BITS.deviceCapabilities),
    disabled: bit(misc, MISC_BITS.disabled),
    model,
    revision,
  };
}

const ascii = (s: string, n: number): number[] => {
  const out = Array.from({ length: n }, (_, i) => s.charCodeAt(i) || 0);
  if (out.some((b) => b > 0x7f)) throw new EbdsFrameError(`EBDS text ${JSON.stringify(s)} is not 7-bit`);
  return out;
};

export function noteDataBytes(n: NoteData | null): number[] {
  if (!n) return Array.from({ length: NOTE_DATA.length }, () => 0);
  return [
    n.index,
    ...ascii(n.iso, 3),
    ...ascii(n.base, 3),
    ...ascii(n.sign, 1),
    ...ascii(n.exponent, 2),
    n.orientation,
    ...ascii(n.noteType, 1),
    ...ascii(n.series, 1),
    ...ascii(n.compatibility, 1),
    ...ascii(n.version, 1),
    n.classification,
    0,
    0,
  ];
}

function readNoteData(d: Buffer): NoteData | null {
  if (d.every((b) => b === 0)) return null;
  const text = (from: number, n: number) => d.subarray(from, from + n).toString('latin1');
  return {
    index: d[NOTE_DATA.index]!,
    iso: text(NOTE_DATA.iso, 3),
    base: text(NOTE_DATA.base, 3),
    sign: text(NOTE_DATA.sign, 1),
    exponent: text(NOTE_DATA.exponent, 2),
    orientation: d[NOTE_DATA.orientation]!,
    noteType: text(NOTE_DATA.type, 1),
    series: text(NOTE_DATA.series, 1),
    compatibility: text(NOTE_DATA.compatibility, 1),
    version: text(NOTE_DATA.version, 1),
    classification: d[NOTE_DATA.classification]!,
  };
}

export function encodeReply(r: EbdsReply): Buffer {
  switch (r.type) {
    case 'status':
      return buildFrame(MESSAGE_TYPE.omnibusReply, r.toggle, statusBytes(r.status));
    case 'note':
      return buildFrame(MESSAGE_TYPE.extended, r.toggle, [
        EXTENDED.noteSpecification,
        ...statusBytes(r.status),
        ...noteDataBytes(r.note),
      ]);
    case 'barcode':
      return buildFrame(MESSAGE_TYPE.extended, r.toggle, [
        EXTENDED.barcode,
        ...statusBytes(r.status),
        ...ascii(r.barcode, r.barcode.length),
      ]);
    case 'noteInhibits':
      return buildFrame(MESSAGE_TYPE.extended, r.toggle, [EXTENDED.noteInhibits, ...statusBytes(r.status)]);
    case 'auxiliary':
      return buildFrame(MESSAGE_TYPE.auxiliary, r.toggle, r.data);
  }
}

export function decodeReply(frame: Uint8Array): EbdsReply {
  const { messageType, toggle, data } = openFrame(frame);
  switch (messageType) {
    case MESSAGE_TYPE.omnibusReply:
      if (data.length !== 6) throw new EbdsFrameError(`EBDS omnibus reply carries 6 data bytes, got ${data.length}`);
      return { type: 'status', toggle, status: readStatus(data) };
    case MESSAGE_TYPE.auxiliary:
      return { type: 'auxiliary', toggle, data: [...data] };
    case MESSAGE_TYPE.extended: {
      const sub = data[0];
      const need = (what: string, n: number) => {
        if (data.length !== n) throw new EbdsFrameError(`EBDS ${what} carries ${n} data bytes, got ${data.length}`);
      };
      if (sub === EXTENDED.noteSpecification) {
        need('note reply', 7 + NOTE_DATA.length);
        return { type: 'note', toggle, status: readStatus(data, 1), note: readNoteData(data.subarray(7)) };
      }
      if (sub === EXTENDED.noteInhibits) {
        need('note inhibits reply', 7);
        return { type: 'noteInhibits', toggle, status: readStatus(data, 1) };
      }
      if (sub === EXTENDED.barcode) {
        if (data.length < 7) throw new EbdsFrameError('EBDS barcode reply without its status bytes');
        let end = data.length;
        while (end > 7 && data[end - 1] === BARCODE_PAD) end--;
        return {
          type: 'barcode',
          toggle,
          status: readStatus(data, 1),
          barcode: data.subarray(7, end).toString('latin1'),
        };
      }
      throw new EbdsFrameError(`EBDS extended reply 0x${hex(sub ?? 0)} is not one spoken here`);
    }
    default:
      throw new EbdsFrameError(
        `EBDS message type ${messageType} (${MESSAGE_NAMES[messageType] ?? '?'}) is not a reply`,
      );
  }
}

/** A status with nothing set but the given fields: what tests and the simulator start from. */
export function unitStatus(fields: Partial<UnitStatus> = {}): UnitStatus {
  return {
    activity: null,
    event: null,
    cheated: false,
    jammed: false,
    cassetteFull: false,
    cassetteAttached: true,
    paused: false,
    calibration: false,
    powerUp: false,
    invalidCommand: false,
    failure: false,
    transportOpen: false,
    noteValue: 0,
    stalled: false,
    flashDownload: false,
    rawBarcode: false,
    deviceCapabilities: false,
    disabled: false,
    model: 0,
    revision: 0,
    ...fields,
  };
}
