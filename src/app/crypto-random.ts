// The production source of randomness for dealing (docs/architecture.md): node:crypto, read in
// blocks so a shuffle does not make one system call per draw.

import { randomBytes } from 'node:crypto';
import type { RandomSource } from '../core';

export class CryptoRandom implements RandomSource {
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(private readonly blockBytes = 4096) {}

  nextUint32(): number {
    if (this.offset + 4 > this.buffer.length) {
      this.buffer = randomBytes(this.blockBytes);
      this.offset = 0;
    }
    const x = this.buffer.readUInt32LE(this.offset);
    this.offset += 4;
    return x;
  }
}
