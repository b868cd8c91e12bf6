// The unit's note table, read entry by entry with the extended note specification query, and what
// it means to the cabinet: every note valued in the cabinet's currency from the unit's own data
// (C-16), a note of another currency making the whole unit a fault, and the enable bytes that let
// only the notes the operator takes through.

import type { NoteData, UnitStatus } from './codec';
import { FAULTS, type EbdsFault } from './codes';
import { readNote, type ReportedNote } from './notes';

/** The most notes asked for: an SC Advance holds up to 128, but an index is one 7-bit byte. */
export const MAX_NOTES = 127;

export type TableValues =
  | { ok: true; notes: (ReportedNote & { index: number })[] }
  | { ok: false; reason: string; fault: 'currency' | 'noteReporting' };

/** The table's notes in the cabinet's currency, or why the unit may take none. */
export function tableValues(entries: readonly NoteData[], currency: string, minorDigits: number): TableValues {
  if (entries.length === 0)
    return { ok: false, fault: 'noteReporting', reason: 'the acceptor reports no notes in its table' };
  const notes: (ReportedNote & { index: number })[] = [];
  for (const [i, e] of entries.entries()) {
    const read = readNote(e, currency, minorDigits);
    if (!read.ok)
      return { ok: false, fault: read.foreign ? 'currency' : 'noteReporting', reason: `note ${i + 1}: ${read.reason}` };
    notes.push({ ...read.note, index: i + 1 });
  }
  return { ok: true, notes };
}

/** Enable bytes, 7 notes a byte, for the notes whose value is in `take`. */
export function enableBytes(
  notes: readonly { index: number; value: number }[],
  take: readonly number[],
  length: number,
): number[] {
  const bytes = Array.from({ length }, () => 0);
  for (const n of notes) {
    if (!take.includes(n.value) || n.index > length * 7) continue;
    const at = Math.floor((n.index - 1) / 7);
    bytes[at] = bytes[at]! | (1 << ((n.index - 1) % 7));
  }
  return bytes;
}

/** The unit's own faults as its status bits have them, code → what the technician reads. */
export function statusFaults(s: UnitStatus): Map<EbdsFault, string> {
  const on: [boolean, EbdsFault][] = [
    [s.jammed, 'jam'],
    [s.cassetteFull, 'stackerFull'],
    [!s.cassetteAttached, 'stackerOpen'],
    [s.paused, 'pause'],
    [s.cheated, 'cheated'],
    [s.failure, 'failure'],
    [s.calibration, 'calibration'],
    [s.stalled, 'stalled'],
    [s.transportOpen, 'transportOpen'],
  ];
  const faults = new Map(on.filter(([set]) => set).map(([, code]): [EbdsFault, string] => [code, FAULTS[code]]));
  // No state bit at all is out of service, unless a fault or the power-up says why already.
  if (s.activity === null && s.event === null && !s.powerUp && faults.size === 0)
    faults.set('outOfService', FAULTS.outOfService);
  return faults;
}

/** What the unit is doing, as the technician's page says it. */
export function stateText(s: UnitStatus): string {
  if (s.powerUp) return 'powerUp';
  return [s.activity ?? 'outOfService', s.event].filter((x) => x !== null).join(' ');
}
