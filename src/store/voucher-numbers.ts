// The body of this cabinet's own validation numbers (C-17, docs/protocols/voucher-printer.md):
// a keyed permutation of the voucher's sequence number. Every voucher prints its sequence beside
// its number, so the body must be something no one can work out from any pile of them: a secret
// of this cabinet's, the machine key, decides it. A permutation, so that two sequences of one
// cabinet under one identity never share a body, whatever the records say.
//
// The permutation is a balanced Feistel network on two halves of 8 decimal digits, ten rounds,
// each round's function an HMAC-SHA256 under a subkey of the machine key and the cabinet's whole
// machine number (not its digits only: "A-017" and "B-017" are two identities, and so are two
// cabinets imaged with one key file but numbered apart) and the database's own numbering, drawn
// at random when the database was made: two cabinets cloned with one key file and left on one
// machine number, or a new database where a deleted one was under the same key, number apart
// too (each would otherwise print the other's numbers from voucher 1 on). Each round adds a keyed function of one
// half to the other modulo 10^8, which is undone by subtracting it: the whole is a bijection of
// the 10^16 bodies, and, built on a pseudo-random function, one that reveals nothing of the next
// body from any number of (sequence, body) pairs.

import { createHmac } from 'node:crypto';
import { withCheckDigits } from '../cabinet';
import type { MachineKey } from './machine-key';

const HALF = 100_000_000n;
const ROUNDS = 10;
/** Sequence numbers are below this; the input is `attempt * SEQUENCES + sequence`. */
export const SEQUENCES = 10_000_000_000;
/** Inputs stay below 10^16, so every attempt has a body of its own. */
export const MAX_ATTEMPT = 999_999;

/** Databases made before they drew a numbering of their own (their numbers stay as they were). */
const LABEL = 'poker-cabinet validation numbers v1';
const NUMBERED_LABEL = 'poker-cabinet validation numbers v2';

export class VoucherNumbers {
  /** `numbering`: the database's own (records-open.ts), null for one made before there was one. */
  constructor(
    private readonly key: MachineKey,
    private readonly numbering: string | null = null,
  ) {}

  /**
   * The 16-digit body for voucher `sequence` of the cabinet numbered `machine`. `attempt` picks
   * another body for the same sequence (the journal's way past a number already issued under an
   * earlier machine number); no two (sequence, attempt) pairs of one machine share a body.
   */
  body(machine: string, sequence: number, attempt = 0): string {
    if (!Number.isSafeInteger(sequence) || sequence < 0 || sequence >= SEQUENCES)
      throw new RangeError(`voucher sequence ${sequence} must be 0..${SEQUENCES - 1}`);
    if (!Number.isSafeInteger(attempt) || attempt < 0 || attempt > MAX_ATTEMPT)
      throw new RangeError(`attempt ${attempt} must be 0..${MAX_ATTEMPT}`);
    const subkey = this.subkey(machine);
    const x = BigInt(attempt) * BigInt(SEQUENCES) + BigInt(sequence);
    let left = x / HALF;
    let right = x % HALF;
    for (let round = 0; round < ROUNDS; round++) {
      [left, right] = [right, (left + roundValue(subkey, round, right)) % HALF];
    }
    return (left * HALF + right).toString().padStart(16, '0');
  }

  /** Every number voucher `sequence` may take, in the order it tries them: each attempt's body with its check digits. */
  *candidates(machine: string, sequence: number): Generator<string> {
    for (let attempt = 0; attempt <= MAX_ATTEMPT; attempt++)
      yield withCheckDigits(this.body(machine, sequence, attempt));
  }

  private subkey(machine: string): Buffer {
    const mac = createHmac('sha256', this.key.bytes);
    if (this.numbering === null) mac.update(LABEL).update('\0');
    else mac.update(NUMBERED_LABEL).update('\0').update(this.numbering).update('\0');
    return mac.update(machine, 'utf8').digest();
  }
}

/** The round's keyed function of one half, reduced to a half (its bias is below 10^-11). */
function roundValue(subkey: Buffer, round: number, half: bigint): bigint {
  const input = Buffer.alloc(5);
  input.writeUInt8(round, 0);
  input.writeUInt32BE(Number(half), 1);
  return createHmac('sha256', subkey).update(input).digest().readBigUInt64BE(0) % HALF;
}
