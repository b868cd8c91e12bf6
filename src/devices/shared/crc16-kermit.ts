// CRC-16/KERMIT (poly 0x1021 reflected, init 0, no final xor), the checksum of JCM ID-003 and,
// by our choice, of the button deck. A table makes it cheap enough for the parsers' hot path.

const TABLE = new Uint16Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
  TABLE[n] = c;
}

export function crc16Kermit(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ bytes[i]) & 0xff];
  return crc;
}
