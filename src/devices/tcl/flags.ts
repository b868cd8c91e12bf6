// The five status bytes of a TCL status reply, by name. Each byte keeps bit 6 set, so every one is
// a printable character on the wire; the names and their bits are declared once here and both the
// printer's side (the simulator) and the driver's read them from this table.

/** Each flag: the byte it lives in (0..4, as sent) and its bit's mask. */
export const TCL_FLAGS = {
  // byte 1: the mechanism
  voltageError: [0, 0x01],
  headError: [0, 0x02],
  paperOut: [0, 0x04],
  headUp: [0, 0x08],
  systemError: [0, 0x10],
  busy: [0, 0x20],
  // byte 2: what the host sent
  jobMemoryOverflow: [1, 0x01],
  bufferOverflow: [1, 0x02],
  libraryLoadError: [1, 0x04],
  dataError: [1, 0x08],
  libraryRefError: [1, 0x10],
  temperatureError: [1, 0x20],
  // byte 3
  missingSupplyIndex: [2, 0x01],
  offline: [2, 0x02],
  flashError: [2, 0x04],
  paperInChute: [2, 0x08],
  librariesCorrupt: [2, 0x10],
  commandError: [2, 0x20],
  // byte 4
  paperLow: [3, 0x01],
  paperJam: [3, 0x02],
  cutterError: [3, 0x04],
  journalMode: [3, 0x08],
  // byte 5: the ticket
  powerUp: [4, 0x01],
  barcodeDataAccessed: [4, 0x02],
  chassisOpen: [4, 0x04],
  xoff: [4, 0x08],
  topOfForm: [4, 0x10],
  validationDone: [4, 0x20],
} as const satisfies Record<string, readonly [0 | 1 | 2 | 3 | 4, number]>;

export type TclFlag = keyof typeof TCL_FLAGS;
export type TclFlags = Record<TclFlag, boolean>;

/** Bit 6 of every status byte: always set. */
export const STATUS_BASE = 0x40;
/** The bits of a status byte that carry flags; bit 6 is the base and bit 7 is never sent. */
const FLAG_BITS = 0x3f;

const NAMES = Object.keys(TCL_FLAGS) as TclFlag[];

export function noFlags(): TclFlags {
  return Object.fromEntries(NAMES.map((n) => [n, false])) as TclFlags;
}

/** The five bytes that say `flags`. */
export function flagBytes(flags: TclFlags): [number, number, number, number, number] {
  const bytes: [number, number, number, number, number] = [
    STATUS_BASE,
    STATUS_BASE,
    STATUS_BASE,
    STATUS_BASE,
    STATUS_BASE,
  ];
  for (const n of NAMES) {
    const [i, mask] = TCL_FLAGS[n];
    if (flags[n]) bytes[i] |= mask;
  }
  return bytes;
}

/** Whether `b` can be a status byte: bit 6 set, bit 7 clear. */
export function isFlagByte(b: number): boolean {
  return (b & ~FLAG_BITS) === STATUS_BASE;
}

/** The flags five status bytes say; throws for a byte that is not one. */
export function readFlagBytes(bytes: ArrayLike<number>): TclFlags {
  const flags = noFlags();
  for (let i = 0; i < 5; i++) {
    const b = bytes[i];
    if (b === undefined || !isFlagByte(b)) throw new Error(`status byte ${i + 1} is 0x${(b ?? 0).toString(16)}`);
  }
  for (const n of NAMES) {
    const [i, mask] = TCL_FLAGS[n];
    flags[n] = (bytes[i]! & mask) !== 0;
  }
  return flags;
}
