import { describe, expect, it } from 'vitest';
import {
  decodeReply,
  decodeTclFrame,
  encodeReply,
  encodeTcl,
  escapeField,
  unescapeField,
  type TclCommand,
} from './codec';
import { flagBytes, noFlags, readFlagBytes, TCL_FLAGS, type TclFlag } from './flags';
import { TclCommandDecoder, TclReplyParser } from './parser';

const ascii = (b: Buffer) => b.toString('latin1');

describe('TCL commands', () => {
  it('encodes the documented byte sequences', () => {
    expect([...encodeTcl({ type: 'statusRequest' })]).toEqual([0x05]);
    expect([...encodeTcl({ type: 'templateMode' })]).toEqual([0x1b, 0x5b, 0x5e, 0x5d, 0x1b]);
    expect(ascii(encodeTcl({ type: 'clear', jam: false }))).toBe('^C|^');
    expect(ascii(encodeTcl({ type: 'clear', jam: true }))).toBe('^C|j|^');
    expect(ascii(encodeTcl({ type: 'flush' }))).toBe('^F|A|^');
    expect(ascii(encodeTcl({ type: 'formFeed' }))).toBe('^f|I|^');
    expect(ascii(encodeTcl({ type: 'deleteAll' }))).toBe('^R|$|DR|^');
    expect([...encodeTcl({ type: 'crcRequest' })]).toEqual([0x5e, 0x47, 0x7c, 0, 0, 0, 0, 0, 0, 0x7c, 0x5e]);
    expect(
      ascii(
        encodeTcl({
          type: 'region',
          id: '0',
          x: 25,
          y: 40,
          width: 487,
          height: 30,
          rotation: 0,
          justify: 1,
          object: '2',
          mul1: 1,
          mul2: 1,
          attribute: 1,
        }),
      ),
    ).toBe('^R|0|R|25|40|487|30||0|1|2|1|1|1|0||^');
    expect(ascii(encodeTcl({ type: 'template', id: 'V', width: 512, length: 1100, regions: ['0', '1', '2'] }))).toBe(
      '^T|V|R|512|1100|0|1|2|^',
    );
    expect(ascii(encodeTcl({ type: 'print', template: 'V', copies: 1, fields: ['CASINO', '', '$ 1.00'] }))).toBe(
      '^P|V|1|CASINO||$ 1.00|^',
    );
  });

  it('escapes ^, | and ~ in printed fields and refuses every control character', () => {
    expect(escapeField('A^B|C~D')).toBe('A~094B~124C~126D');
    expect(unescapeField('A~094B~124C~126D')).toBe('A^B|C~D');
    expect(ascii(encodeTcl({ type: 'print', template: 'V', copies: 1, fields: ['|^P|V|1|FREE|^'] }))).toBe(
      '^P|V|1|~124~094P~124V~1241~124FREE~124~094|^',
    );
    for (const bad of ['\x1b@', 'A\nB', '\x05', '\x00', 'é', '\x7f'])
      expect(() => escapeField(bad), JSON.stringify(bad)).toThrow(/not printable ASCII/);
    for (const bad of ['~12', '~1x4', '~007', '~200']) expect(() => unescapeField(bad), bad).toThrow();
  });

  it('reads back every command it writes', () => {
    const all: TclCommand[] = [
      { type: 'clear', jam: false },
      { type: 'clear', jam: true },
      { type: 'flush' },
      { type: 'formFeed' },
      { type: 'deleteAll' },
      { type: 'crcRequest' },
      {
        type: 'region',
        id: '}',
        x: 0,
        y: 9999,
        width: 1,
        height: 2,
        rotation: 3,
        justify: 2,
        object: 'l',
        mul1: 2,
        mul2: 80,
        attribute: 0,
      },
      { type: 'template', id: 'T', width: 512, length: 1100, regions: ['0', 'A', '_'] },
      { type: 'print', template: 'T', copies: 1, fields: ['a|b', '', '~^~'] },
    ];
    for (const c of all) {
      const bytes = encodeTcl(c);
      expect(decodeTclFrame(bytes.subarray(1, -1))).toEqual(c);
    }
    const d = new TclCommandDecoder();
    const stream = Buffer.concat([
      encodeTcl({ type: 'statusRequest' }),
      encodeTcl({ type: 'templateMode' }),
      ...all.map(encodeTcl),
    ]);
    expect(d.feed(stream)).toEqual([{ type: 'statusRequest' }, { type: 'templateMode' }, ...all]);
    expect(d.stats.badFrames).toBe(0);
  });

  it('refuses ids that are ^ or |, and fields of the wrong count', () => {
    expect(() => encodeTcl({ type: 'template', id: '^', width: 1, length: 1, regions: ['0'] })).toThrow(/id/);
    expect(() => encodeTcl({ type: 'print', template: '|', copies: 1, fields: [] })).toThrow(/id/);
    expect(() => decodeTclFrame(Buffer.from('C|x|'))).toThrow();
    expect(() => decodeTclFrame(Buffer.from('F|A'))).toThrow(/not ended/);
    expect(() => decodeTclFrame(Buffer.from('Z|'))).toThrow(/not one we know/);
  });
});

describe('TCL status reply', () => {
  it('is 29 bytes: *S|unit|version|five flag bytes|template|*', () => {
    const flags = { ...noFlags(), busy: true, paperLow: true, validationDone: true, topOfForm: true };
    const bytes = encodeReply({ type: 'status', unit: '0', version: 'GURAA1-01', flags, template: 'P9' });
    expect(bytes).toHaveLength(29);
    expect(ascii(bytes.subarray(0, 15))).toBe('*S|0|GURAA1-01|');
    expect([...bytes.subarray(15, 24)]).toEqual([0x60, 0x7c, 0x40, 0x7c, 0x40, 0x7c, 0x41, 0x7c, 0x70]);
    expect(ascii(bytes.subarray(24))).toBe('|P9|*');
    expect(decodeReply(bytes)).toEqual({ type: 'status', unit: '0', version: 'GURAA1-01', flags, template: 'P9' });
  });

  it('puts each flag in its own byte and bit, and reads every one back alone', () => {
    for (const [name, [byte, mask]] of Object.entries(TCL_FLAGS)) {
      const bytes = flagBytes({ ...noFlags(), [name]: true });
      expect(bytes[byte]).toBe(0x40 | mask);
      const read = readFlagBytes(bytes);
      expect(Object.entries(read).filter(([, on]) => on)).toEqual([[name as TclFlag, true]]);
    }
    expect(() => readFlagBytes([0x40, 0x40, 0x00, 0x40, 0x40])).toThrow(/status byte 3/);
    expect(() => readFlagBytes([0x40, 0x40, 0x40, 0xc0, 0x40])).toThrow(/status byte 4/);
  });

  it('reads the firmware CRC reply, high byte first', () => {
    const bytes = encodeReply({ type: 'crc', crc: 0xbeef });
    expect([...bytes]).toEqual([0x2a, 0x47, 0x7c, 0xbe, 0xef, 0x7c, 0x2a]);
    expect(decodeReply(bytes)).toEqual({ type: 'crc', crc: 0xbeef });
  });

  it('parses replies out of noise, counting what it drops, even when a flag byte is | or *', () => {
    const flags = { ...noFlags(), busy: true, systemError: true, headUp: true, paperOut: true }; // byte 1 = '|'
    const status = encodeReply({ type: 'status', unit: '0', version: 'PAY-6.22B', flags, template: '  ' });
    expect(status[15]).toBe(0x7c);
    const p = new TclReplyParser();
    const got = [
      ...p.feed(
        Buffer.concat([Buffer.from('xx*Q'), status, Buffer.from('*S|0|'), encodeReply({ type: 'crc', crc: 1 })]),
      ),
      ...p.reset(),
    ];
    expect(got).toHaveLength(2);
    expect(got[0]).toMatchObject({ type: 'status', flags });
    expect(got[1]).toEqual({ type: 'crc', crc: 1 });
    expect(p.stats.badFrames).toBeGreaterThanOrEqual(2);
  });
});
