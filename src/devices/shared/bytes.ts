// Reading one byte of device input. A frame or reply too short for what its own header says is a
// bad input: the codec reports it with its own error, and no undefined reaches the arithmetic.

/** The byte at `index`, or the error `tooShort` makes when the input ends before it. */
export function byteAt(bytes: ArrayLike<number>, index: number, tooShort: (index: number) => Error): number {
  const byte = bytes[index];
  if (byte === undefined) throw tooShort(index);
  return byte;
}
