// A sample of every EBDS message spoken here, for the fuzzing tests and the codec benchmark: the
// frames mutated and fed to the parsers are these.

import { unitStatus, type EbdsCommand, type EbdsReply, type OmnibusBits } from '../ebds/codec';
import { crcData } from '../ebds/identity';
import { noteDataOf } from '../ebds/notes';

const BITS: OmnibusBits = {
  denominations: 0x7f,
  escrow: true,
  stack: false,
  return: false,
  orientation: 2,
  noPush: false,
  barcode: true,
  policy: 'A',
  extendedNotes: true,
};

export const EBDS_COMMANDS: EbdsCommand[] = [
  { type: 'omnibus', toggle: 0, bits: BITS },
  { type: 'omnibus', toggle: 1, bits: { ...BITS, stack: true } },
  { type: 'omnibus', toggle: 0, bits: { ...BITS, denominations: 0, barcode: false, return: true } },
  { type: 'queryNote', toggle: 1, bits: BITS, index: 3 },
  { type: 'setNoteInhibits', toggle: 0, bits: BITS, enables: [0x15, ...Array(18).fill(0)] },
  { type: 'auxiliary', toggle: 1, query: 'softwareCrc' },
];

export const EBDS_REPLIES: EbdsReply[] = [
  { type: 'status', toggle: 0, status: unitStatus({ activity: 'idling', model: 0x54, revision: 0x21 }) },
  { type: 'status', toggle: 1, status: unitStatus({ activity: 'stacking', model: 0x54, revision: 0x21 }) },
  { type: 'status', toggle: 0, status: unitStatus({ activity: 'idling', event: 'stacked', model: 0x54 }) },
  { type: 'status', toggle: 1, status: unitStatus({ jammed: true, cassetteAttached: false, failure: true }) },
  { type: 'note', toggle: 0, status: unitStatus({ activity: 'escrowed', model: 0x54 }), note: noteDataOf('USD', 20) },
  {
    type: 'note',
    toggle: 1,
    status: unitStatus({ activity: 'idling' }),
    note: { ...noteDataOf('EUR', 500), index: 7 },
  },
  { type: 'barcode', toggle: 0, status: unitStatus({ activity: 'escrowed' }), barcode: '001234567890123456' },
  { type: 'noteInhibits', toggle: 1, status: unitStatus({ activity: 'idling' }) },
  { type: 'auxiliary', toggle: 0, data: crcData(0x3b7e) },
];
