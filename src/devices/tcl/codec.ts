// TCL, the ticket command language of FutureLogic GEN2/GEN5, Nanoptix PayCheck and the TransAct
// Epic 950 in its TCL emulation (docs/protocols/tcl.md): the host's commands, `^` + fields each
// ended by `|` + `^` (the status request is the lone byte ENQ), and the printer's replies,
// `*S|…|*` (status) and `*G|…|*` (firmware CRC). Pure: bytes in, values out.

import { flagBytes, readFlagBytes, type TclFlags } from './flags';

export const ENQ = 0x05;
export const ESC = 0x1b;
/** Opens and closes a command. */
export const CARET = 0x5e;
/** Ends each field of a command or reply. */
export const BAR = 0x7c;
/** Opens and closes a reply. */
export const STAR = 0x2a;
/** Escapes a character of a printed field: `~` and its code in three decimal digits. */
export const TILDE = 0x7e;

/** Template printing mode, `ESC [ ^ ] ESC`: a printer left in line (journal) mode prints no template. */
export const TEMPLATE_MODE = Buffer.from([ESC, 0x5b, CARET, 0x5d, ESC]);

export const STATUS_REPLY_LENGTH = 29;
export const CRC_REPLY_LENGTH = 7;
/** Longest command a printer takes; a longer run without its closing `^` is dropped. */
export const MAX_COMMAND = 1024;
export const VERSION_LENGTH = 9;

export type Rotation = 0 | 1 | 2 | 3;
export type Justify = 0 | 1 | 2;

/** A print region: a rectangle of the ticket (dots) and what goes in it. */
export interface TclRegion {
  id: string;
  /** Start and length across the paper (dots). */
  x: number;
  width: number;
  /** Start and length along the paper (dots). */
  y: number;
  height: number;
  rotation: Rotation;
  /** 0 left, 1 centre, 2 right. */
  justify: Justify;
  /** A font number, or `l` for an Interleaved 2 of 5 barcode. */
  object: string;
  /** Magnification across and along (a barcode: module width and height). */
  mul1: number;
  mul2: number;
  /** The object's attribute (a font's: 0 normal, 1 bold). */
  attribute: number;
}

export type TclCommand =
  | { type: 'statusRequest' }
  | { type: 'templateMode' }
  /** `^C|^` clears the software flags (the power-up flag among them); `^C|j|^` a jam too. */
  | { type: 'clear'; jam: boolean }
  /** `^F|A|^`: drops every job and byte the printer holds. */
  | { type: 'flush' }
  /** `^f|I|^`: feeds to the next top of form. */
  | { type: 'formFeed' }
  /** `^R|$|DR|^`: forgets every region and template held in RAM. */
  | { type: 'deleteAll' }
  | ({ type: 'region' } & TclRegion)
  /** `^T|id|R|width|length|region ids…|^`: a template, its regions printed in order. */
  | { type: 'template'; id: string; width: number; length: number; regions: string[] }
  /** `^P|template|copies|field…|^`: one field per region of the template, in its order. */
  | { type: 'print'; template: string; copies: number; fields: string[] }
  /** `^G|seed|^`: the firmware's CRC (six bytes of seed; zero). */
  | { type: 'crcRequest' };

export type TclReply =
  { type: 'status'; unit: string; version: string; flags: TclFlags; template: string } | { type: 'crc'; crc: number };

/** An id of a region or template: one character of `0`..`}`, never `^` nor `|`. */
export function isObjectId(id: string): boolean {
  if (id.length !== 1) return false;
  const c = id.charCodeAt(0);
  return c >= 0x30 && c <= 0x7d && c !== CARET && c !== BAR;
}

const printable = (c: number) => c >= 0x20 && c <= 0x7e;

/**
 * A printed field as it goes on the wire: printable ASCII only (anything else is refused), with
 * `^`, `|` and `~` written `~094`, `~124`, `~126` so no text can end a field or the command.
 */
export function escapeField(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!printable(c))
      throw new Error(`a printed field holds character 0x${c.toString(16)}, which is not printable ASCII`);
    out += c === CARET || c === BAR || c === TILDE ? `~${String(c).padStart(3, '0')}` : text[i];
  }
  return out;
}

/** The text of a field as the printer reads it; throws for a broken or non-printable escape. */
export function unescapeField(wire: string): string {
  let out = '';
  for (let i = 0; i < wire.length; i++) {
    const c = wire.charCodeAt(i);
    if (c !== TILDE) {
      if (!printable(c)) throw new Error(`field holds byte 0x${c.toString(16)}`);
      out += wire[i];
      continue;
    }
    const digits = wire.slice(i + 1, i + 4);
    if (!/^\d{3}$/.test(digits)) throw new Error(`broken escape "~${digits}"`);
    const code = Number(digits);
    if (!printable(code)) throw new Error(`escape ~${digits} is not a printable character`);
    out += String.fromCharCode(code);
    i += 3;
  }
  return out;
}

const whole = (n: number, max: number, what: string): string => {
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${what} ${n} must be a whole number 0..${max}`);
  return String(n);
};

const id = (v: string, what: string): string => {
  if (!isObjectId(v)) throw new Error(`${what} id "${v}" must be one character 0..}, not ^ or |`);
  return v;
};

/** `^` fields… `^`, each field ended by `|`. */
function frame(fields: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from([CARET])];
  for (const f of fields) parts.push(typeof f === 'string' ? Buffer.from(f, 'latin1') : f, Buffer.from([BAR]));
  parts.push(Buffer.from([CARET]));
  return Buffer.concat(parts);
}

export function encodeTcl(c: TclCommand): Buffer {
  switch (c.type) {
    case 'statusRequest':
      return Buffer.from([ENQ]);
    case 'templateMode':
      return Buffer.from(TEMPLATE_MODE);
    case 'clear':
      return frame(c.jam ? ['C', 'j'] : ['C']);
    case 'flush':
      return frame(['F', 'A']);
    case 'formFeed':
      return frame(['f', 'I']);
    case 'deleteAll':
      return frame(['R', '$', 'DR']);
    case 'region': {
      if (!/^(\d{1,2}|l)$/.test(c.object)) throw new Error(`region object "${c.object}" must be a font number or l`);
      return frame([
        'R',
        id(c.id, 'region'),
        'R',
        whole(c.x, 9999, 'region x'),
        whole(c.y, 9999, 'region y'),
        whole(c.width, 9999, 'region width'),
        whole(c.height, 9999, 'region height'),
        '',
        whole(c.rotation, 3, 'rotation'),
        whole(c.justify, 2, 'justification'),
        c.object,
        whole(c.mul1, 9, 'multiplier'),
        whole(c.mul2, 99, 'multiplier'),
        whole(c.attribute, 9, 'attribute'),
        '0',
        '',
      ]);
    }
    case 'template':
      if (!c.regions.length) throw new Error('a template needs at least one region');
      return frame([
        'T',
        id(c.id, 'template'),
        'R',
        whole(c.width, 9999, 'template width'),
        whole(c.length, 9999, 'template length'),
        ...c.regions.map((r) => id(r, 'region')),
      ]);
    case 'print':
      return frame(['P', id(c.template, 'template'), whole(c.copies, 9999, 'copies'), ...c.fields.map(escapeField)]);
    case 'crcRequest':
      return frame(['G', Buffer.alloc(6)]);
  }
}

/** Reads the content of one `^…^` command (between the carets); throws for one it cannot read. */
export function decodeTclFrame(content: Buffer): TclCommand {
  if (content.at(-1) !== BAR) throw new Error('the last field is not ended by |');
  const fields = content.toString('latin1', 0, content.length - 1).split('|');
  const [op, ...rest] = fields;
  const n = (v: string | undefined, max: number): number => {
    if (v === undefined || !/^\d{1,4}$/.test(v) || Number(v) > max) throw new Error(`"${v}" is not a number 0..${max}`);
    return Number(v);
  };
  const objectId = (v: string | undefined): string => {
    if (v === undefined || !isObjectId(v)) throw new Error(`"${v}" is not an object id`);
    return v;
  };
  const arity = (k: number) => {
    if (rest.length !== k) throw new Error(`${op} takes ${k} fields, not ${rest.length}`);
  };
  switch (op) {
    case 'C':
      if (rest.length === 0) return { type: 'clear', jam: false };
      arity(1);
      if (rest[0] !== 'j') throw new Error(`C takes j or nothing, not "${rest[0]}"`);
      return { type: 'clear', jam: true };
    case 'F':
      arity(1);
      if (rest[0] !== 'A') throw new Error(`flush "${rest[0]}" is not one we know`);
      return { type: 'flush' };
    case 'f':
      arity(1);
      if (rest[0] !== 'I') throw new Error(`form feed "${rest[0]}" is not one we know`);
      return { type: 'formFeed' };
    case 'G':
      arity(1);
      if (rest[0]!.length !== 6) throw new Error('the CRC request takes a six-byte seed');
      return { type: 'crcRequest' };
    case 'R': {
      if (rest[0] === '$' && rest[1] === 'DR' && rest.length === 2) return { type: 'deleteAll' };
      arity(15);
      const [rid, mem, x, y, w, h, , rot, just, object, m1, m2, att, prAtt] = rest;
      if (mem !== 'R') throw new Error(`region memory "${mem}" is not RAM`);
      if (prAtt !== '0') throw new Error('only regions of printed fields (attribute 0) are read here');
      if (object === undefined || !/^(\d{1,2}|l)$/.test(object)) throw new Error(`region object "${object}"`);
      return {
        type: 'region',
        id: objectId(rid),
        x: n(x, 9999),
        y: n(y, 9999),
        width: n(w, 9999),
        height: n(h, 9999),
        rotation: n(rot, 3) as Rotation,
        justify: n(just, 2) as Justify,
        object,
        mul1: n(m1, 9),
        mul2: n(m2, 99),
        attribute: n(att, 9),
      };
    }
    case 'T': {
      const [tid, mem, w, l, ...regions] = rest;
      if (mem !== 'R') throw new Error(`template memory "${mem}" is not RAM`);
      if (!regions.length) throw new Error('a template needs at least one region');
      return {
        type: 'template',
        id: objectId(tid),
        width: n(w, 9999),
        length: n(l, 9999),
        regions: regions.map(objectId),
      };
    }
    case 'P': {
      const [tid, copies, ...data] = rest;
      return { type: 'print', template: objectId(tid), copies: n(copies, 9999), fields: data.map(unescapeField) };
    }
    default:
      throw new Error(`command "${op}" is not one we know`);
  }
}

// --- replies ------------------------------------------------------------------------------

export function encodeReply(r: TclReply): Buffer {
  if (r.type === 'crc') return Buffer.from([STAR, 0x47, BAR, (r.crc >> 8) & 0xff, r.crc & 0xff, BAR, STAR]);
  if (r.unit.length !== 1 || r.version.length !== VERSION_LENGTH || r.template.length !== 2)
    throw new Error('a status reply has a one-character unit, a 9-character version and a 2-character template');
  for (const s of [r.unit, r.version, r.template])
    if ([...s].some((ch) => !printable(ch.charCodeAt(0)) || ch === '|' || ch === '*'))
      throw new Error(`status text "${s}" must be printable, without | or *`);
  return Buffer.concat([
    Buffer.from(`*S|${r.unit}|${r.version}|`, 'latin1'),
    Buffer.from(flagBytes(r.flags).flatMap((b) => [b, BAR])),
    Buffer.from(`${r.template}|*`, 'latin1'),
  ]);
}

/** Where a reply of each kind puts its `|` separators (the closing `*` is the last byte). */
const STATUS_BARS = [2, 4, 14, 16, 18, 20, 22, 24, 27];
const CRC_BARS = [2, 5];

/** A reply's length from its kind byte; 0 for a kind no printer sends. */
export function replyLength(buf: Buffer): number | undefined {
  const kind = buf[1];
  if (kind === undefined) return undefined;
  return kind === 0x53 ? STATUS_REPLY_LENGTH : kind === 0x47 ? CRC_REPLY_LENGTH : 0;
}

/** A reply of its kind's length whose separators and closing `*` are all in place. */
export function replyShapeOk(f: Buffer): boolean {
  const bars = f[1] === 0x53 ? STATUS_BARS : CRC_BARS;
  return f.at(-1) === STAR && bars.every((i) => f[i] === BAR);
}

export function decodeReply(f: Buffer): TclReply {
  if (!replyShapeOk(f)) throw new Error('reply separators out of place');
  if (f[1] === 0x47) return { type: 'crc', crc: f.readUInt16BE(3) };
  const text = (from: number, to: number) => {
    const s = f.toString('latin1', from, to);
    if ([...s].some((ch) => !printable(ch.charCodeAt(0)))) throw new Error(`status text "${s}" is not printable`);
    return s;
  };
  return {
    type: 'status',
    unit: text(3, 4),
    version: text(5, 14),
    flags: readFlagBytes([f[15]!, f[17]!, f[19]!, f[21]!, f[23]!]),
    template: text(25, 27),
  };
}
