// CRC-16/KERMIT (poly 0x1021 reflected, init 0, no final xor), the checksum of JCM ID-003, of
// SAS and, by our choice, of the button deck. A table makes it cheap enough for the parsers' hot
// path. `seed` continues a CRC over data read in pieces, or starts from a host's seed (the SAS
// ROM signature).

const TABLE = new Uint16Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
  TABLE[n] = c;
}

export function crc16Kermit(bytes: Uint8Array, start = 0, end = bytes.length, seed = 0): number {
  // Checked once here, so the loop's reads are all inside the bytes (and the table, by the mask).
  if (start < 0 || end > bytes.length)
    throw new RangeError(`crc16Kermit: range ${start}..${end} outside ${bytes.length} bytes`);
  let crc = seed & 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ bytes[i]!) & 0xff]!;
  return crc;
}
