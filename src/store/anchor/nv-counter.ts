// The records' counter in the TPM: an NV index of the counter type (TPM_NT_COUNTER), which the
// TPM itself lets only go up by one at a time, and which, once deleted and defined again, starts
// above the highest value any deleted counter of that TPM ever had. Its password is derived from
// the machine key, so this cabinet alone can advance it; the owner may read it (`tpm2_nvread -C
// o`), and wrong passwords never count towards the TPM's dictionary-attack lockout, so nobody
// can lock the cabinet out of its own counter by guessing.
//
// Provisioning defines it under the owner hierarchy (empty owner authorization, as a Linux PC's
// TPM ships) the first time the records are bound to it. To bind without a window in which a
// crash would leave records that could be mistaken for an old copy, the records must name the
// value the counter will reach before it first moves: `probe()` gets it from a second counter of
// our own, defined, advanced once and deleted, after which the next first advance of any counter
// on this TPM gives one more than the probe read.

import { createHmac } from 'node:crypto';
import type { MachineKey } from '../machine-key';
import { openTransport, type Tcti, type TpmTransport } from './transport';
import {
  counterValue,
  nvDefineSpace,
  nvIncrement,
  nvRead,
  nvReadPublic,
  nvUndefineSpace,
  TPM_ALG_SHA256,
  TPM_RC,
  TPMA_NV,
  TpmError,
  type NvPublic,
} from './tpm-wire';

/** In the owner's block of the TCG's registry of NV index handles (0x01800000 to 0x01BFFFFF). */
export const DEFAULT_COUNTER_INDEX = 0x01800a00;

/** What our counters are; anything else at the handle is not one of ours. */
export const COUNTER_ATTRIBUTES =
  TPMA_NV.NT_COUNTER | TPMA_NV.AUTHWRITE | TPMA_NV.AUTHREAD | TPMA_NV.OWNERREAD | TPMA_NV.NO_DA;

export const hexHandle = (h: number): string => `0x${h.toString(16).padStart(8, '0')}`;

/** The TPM answers, but the counter cannot be had as this cabinet keeps it (a handle taken, say). */
export class CounterProblem extends Error {}

/**
 * The counter's password: 32 hexadecimal characters of an HMAC under the machine key (text, so
 * that tpm2-tools takes it as it stands and the TPM never trims a trailing zero byte off it).
 */
export function counterPassword(key: MachineKey): Buffer {
  return Buffer.from(createHmac('sha256', key.bytes).update('records anchor: TPM counter').digest('hex').slice(0, 32));
}

export type CounterState =
  | { found: 'missing' }
  /** Defined by this cabinet and never advanced: it has no value yet. */
  | { found: 'unwritten' }
  | { found: 'value'; value: number }
  /** Something else at the handle, or a counter of another key: never ours to use or delete. */
  | { found: 'foreign'; why: string };

function ours(p: NvPublic): string | null {
  const attributes = p.attributes & ~TPMA_NV.WRITTEN;
  if ((attributes & TPMA_NV.NT_MASK) !== TPMA_NV.NT_COUNTER) return 'it is not a counter';
  if (attributes !== COUNTER_ATTRIBUTES)
    return `its attributes are 0x${attributes.toString(16)}, not a counter of this cabinet's (0x${COUNTER_ATTRIBUTES.toString(16)})`;
  if (p.nameAlg !== TPM_ALG_SHA256 || p.dataSize !== 8 || p.authPolicy.length !== 0)
    return 'it is not defined as this cabinet defines its counter';
  return null;
}

/** What is at a counter's handle, read once (a check from outside the running cabinet). */
export function readCounter(tcti: Tcti, key: MachineKey, index = DEFAULT_COUNTER_INDEX): CounterState {
  const counter = new NvCounter(openTransport(tcti), index, counterPassword(key));
  try {
    return counter.state();
  } finally {
    counter.close();
  }
}

export class NvCounter {
  constructor(
    private readonly tpm: TpmTransport,
    readonly index: number,
    private readonly password: Buffer,
    private readonly ownerAuth: Buffer = Buffer.alloc(0),
  ) {}

  /** What is at the handle. Throws TpmUnreachable, or TpmError on anything but a missing index. */
  state(index = this.index): CounterState {
    let p: NvPublic;
    try {
      p = nvReadPublic.response(this.tpm.send(nvReadPublic.command(index)));
    } catch (e) {
      if (e instanceof TpmError && e.is(TPM_RC.HANDLE)) return { found: 'missing' };
      throw e;
    }
    const why = ours(p);
    if (why) return { found: 'foreign', why };
    if ((p.attributes & TPMA_NV.WRITTEN) === 0) return { found: 'unwritten' };
    try {
      return { found: 'value', value: this.read(index) };
    } catch (e) {
      if (e instanceof TpmError && (e.is(TPM_RC.BAD_AUTH) || e.is(TPM_RC.AUTH_FAIL)))
        return { found: 'foreign', why: "it does not take this machine key's password (another key made it)" };
      throw e;
    }
  }

  read(index = this.index): number {
    return counterValue(nvRead.response(this.tpm.send(nvRead.command(index, this.password, 8))));
  }

  increment(index = this.index): void {
    nvIncrement.response(this.tpm.send(nvIncrement.command(index, this.password)));
  }

  /** An advance in two halves: the TPM works on it while the caller does something else. */
  beginIncrement(): void {
    this.tpm.post(nvIncrement.command(this.index, this.password));
  }

  endIncrement(): void {
    nvIncrement.response(this.tpm.collect());
  }

  /** `done` from the event loop once endIncrement() can take the answer without waiting. */
  onceIncremented(done: () => void): void {
    this.tpm.onceAnswered(done);
  }

  define(index = this.index): void {
    const area: NvPublic = {
      index,
      nameAlg: TPM_ALG_SHA256,
      attributes: COUNTER_ATTRIBUTES,
      authPolicy: Buffer.alloc(0),
      dataSize: 8,
    };
    nvDefineSpace.response(this.tpm.send(nvDefineSpace.command(this.ownerAuth, this.password, area)));
  }

  undefine(index = this.index): void {
    nvUndefineSpace.response(this.tpm.send(nvUndefineSpace.command(this.ownerAuth, index)));
  }

  /** The handle of the probe counter: the one after the counter's. */
  get probeIndex(): number {
    return this.index + 1;
  }

  /**
   * The value the next first advance of a counter on this TPM gives, less one: a probe counter
   * of ours is defined, advanced and deleted, which leaves the TPM's highest deleted value at
   * what it read. A probe left by a start cut short is deleted first.
   */
  probe(): number {
    const left = this.state(this.probeIndex);
    if (left.found === 'foreign')
      throw new CounterProblem(
        `the probe's handle ${hexHandle(this.probeIndex)} holds an index that is not this cabinet's: ${left.why}`,
      );
    if (left.found !== 'missing') this.undefine(this.probeIndex);
    this.define(this.probeIndex);
    this.increment(this.probeIndex);
    const value = this.read(this.probeIndex);
    this.undefine(this.probeIndex);
    return value;
  }

  close(): void {
    this.tpm.close();
  }
}
