// The few TPM 2.0 commands the records' anchor speaks, as the bytes of the TPM library
// specification (part 3, "Commands"; part 2, "Structures"): NV_ReadPublic, NV_Read and
// NV_Increment on the counter with its password, NV_DefineSpace and NV_UndefineSpace under the
// owner hierarchy to provision it. Every value is big-endian. A command with authorizations has
// the header (tag 0x8002, size, command code), its handles, the size of the authorization area
// and one password session (TPM_RS_PW, an empty nonce, attributes, the password as its HMAC
// field), then its parameters; the response has the header, the parameters' size, the parameters
// and the session's answer. A command without (tag 0x8001) has no authorization area.
//
// Nothing here touches a device: transport.ts carries the bytes, nv-counter.ts uses them.

export const TPM_ST_NO_SESSIONS = 0x8001;
export const TPM_ST_SESSIONS = 0x8002;
/** The password "session": the authorization is the password itself, in the clear. */
export const TPM_RS_PW = 0x40000009;
export const TPM_RH_OWNER = 0x40000001;

export const TPM_CC = {
  NV_UndefineSpace: 0x122,
  NV_DefineSpace: 0x12a,
  NV_Increment: 0x134,
  NV_Read: 0x14e,
  NV_ReadPublic: 0x169,
} as const;

export const TPM_ALG_SHA256 = 0x000b;

/** TPMA_NV bits (part 2, TPMA_NV). */
export const TPMA_NV = {
  AUTHWRITE: 1 << 2,
  /** TPM_NT in bits 4..7; a counter is 1. */
  NT_COUNTER: 1 << 4,
  NT_MASK: 0xf << 4,
  OWNERREAD: 1 << 17,
  AUTHREAD: 1 << 18,
  /** Failed password attempts on it do not count towards the TPM's dictionary-attack lockout. */
  NO_DA: 1 << 25,
  WRITTEN: 1 << 29,
} as const;

/** Response codes the anchor tells apart, as normalized by rcCode(). */
export const TPM_RC = {
  SUCCESS: 0x000,
  ATTRIBUTES: 0x082,
  HIERARCHY: 0x085,
  HANDLE: 0x08b,
  AUTH_FAIL: 0x08e,
  BAD_AUTH: 0x0a2,
  NV_RANGE: 0x146,
  NV_SIZE: 0x147,
  NV_LOCKED: 0x148,
  NV_AUTHORIZATION: 0x149,
  NV_UNINITIALIZED: 0x14a,
  NV_SPACE: 0x14b,
  NV_DEFINED: 0x14c,
  YIELDED: 0x908,
  TESTING: 0x90a,
  NV_RATE: 0x920,
  LOCKOUT: 0x921,
  RETRY: 0x922,
  NV_UNAVAILABLE: 0x923,
} as const;

const RC_NAMES = new Map<number, string>(Object.entries(TPM_RC).map(([name, code]) => [code, `TPM_RC_${name}`]));

/**
 * A response code without the handle, parameter or session number a format-one code carries
 * (bit 7 set: the error in bits 0..5, the number in bits 8..11), so TPM_RC_HANDLE of handle 1
 * (0x18b) and of handle 2 (0x28b) are both 0x08b.
 */
export function rcCode(rc: number): number {
  return rc & 0x080 ? 0x080 | (rc & 0x03f) : rc;
}

export function rcName(rc: number): string {
  const name = RC_NAMES.get(rcCode(rc)) ?? 'an unknown response code';
  return `${name} (0x${rc.toString(16).padStart(3, '0')})`;
}

/** A command the TPM answered with an error code. */
export class TpmError extends Error {
  constructor(
    readonly command: keyof typeof TPM_CC,
    readonly rc: number,
  ) {
    super(`TPM2_${command} failed: ${rcName(rc)}`);
  }

  is(code: number): boolean {
    return rcCode(this.rc) === code;
  }

  /**
   * A warning that the TPM did not run the command and asks for it again later: its NV memory's
   * write rate limit (TPM_RC_NV_RATE), a command cut short (YIELDED, RETRY), its self-test
   * (TESTING), its NV memory not reachable for now (NV_UNAVAILABLE). Nothing changed in the TPM.
   */
  get transient(): boolean {
    return TRANSIENT.has(rcCode(this.rc));
  }
}

const TRANSIENT: ReadonlySet<number> = new Set([
  TPM_RC.YIELDED,
  TPM_RC.TESTING,
  TPM_RC.NV_RATE,
  TPM_RC.RETRY,
  TPM_RC.NV_UNAVAILABLE,
]);

/** A response that is not a response to the command: the wrong length, a truncated field. */
export class TpmWireError extends Error {}

class Writer {
  private readonly parts: Buffer[] = [];

  u8(v: number): this {
    const b = Buffer.alloc(1);
    b.writeUInt8(v);
    this.parts.push(b);
    return this;
  }

  u16(v: number): this {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    this.parts.push(b);
    return this;
  }

  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v >>> 0);
    this.parts.push(b);
    return this;
  }

  /** A TPM2B: a 16-bit size, then the bytes. */
  sized(bytes: Uint8Array): this {
    this.u16(bytes.length);
    this.parts.push(Buffer.from(bytes));
    return this;
  }

  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }
}

class Reader {
  private at = 0;

  constructor(
    private readonly b: Buffer,
    private readonly what: string,
  ) {}

  private need(n: number): void {
    if (this.at + n > this.b.length)
      throw new TpmWireError(`${this.what}: the response ends at byte ${this.b.length}, short of its fields`);
  }

  u8(): number {
    this.need(1);
    return this.b.readUInt8((this.at += 1) - 1);
  }

  u16(): number {
    this.need(2);
    return this.b.readUInt16BE((this.at += 2) - 2);
  }

  u32(): number {
    this.need(4);
    return this.b.readUInt32BE((this.at += 4) - 4);
  }

  sized(): Buffer {
    const n = this.u16();
    this.need(n);
    return this.b.subarray(this.at, (this.at += n));
  }
}

/** One command's bytes: the header, then handles, the password session if any, then parameters. */
function command(
  tag: number,
  code: number,
  handles: readonly number[],
  password: Uint8Array | null,
  params: Buffer = Buffer.alloc(0),
): Buffer {
  const body = new Writer();
  for (const h of handles) body.u32(h);
  if (password) {
    // TPM_RS_PW, no nonce, continueSession (a password session ignores it), the password.
    const session = new Writer().u32(TPM_RS_PW).sized(Buffer.alloc(0)).u8(0x01).sized(password).bytes();
    body.u32(session.length);
    const b = body.bytes();
    return withHeader(tag, code, Buffer.concat([b, session, params]));
  }
  return withHeader(tag, code, Buffer.concat([body.bytes(), params]));
}

function withHeader(tag: number, code: number, rest: Buffer): Buffer {
  return Buffer.concat([
    new Writer()
      .u16(tag)
      .u32(10 + rest.length)
      .u32(code)
      .bytes(),
    rest,
  ]);
}

/** The length a response says it has, once its first six bytes are in; null before. */
export function responseLength(head: Uint8Array): number | null {
  if (head.length < 6) return null;
  return Buffer.from(head.buffer, head.byteOffset, head.byteLength).readUInt32BE(2);
}

/** The response's parameters, once its header is checked; throws TpmError on an error code. */
function parameters(name: keyof typeof TPM_CC, response: Buffer, sessions: boolean): Reader {
  const r = new Reader(response, `TPM2_${name}`);
  const tag = r.u16();
  const size = r.u32();
  const rc = r.u32();
  if (size !== response.length)
    throw new TpmWireError(`TPM2_${name}: the response says ${size} bytes and has ${response.length}`);
  if (rc !== TPM_RC.SUCCESS) throw new TpmError(name, rc);
  if (tag !== (sessions ? TPM_ST_SESSIONS : TPM_ST_NO_SESSIONS))
    throw new TpmWireError(`TPM2_${name}: a response with tag 0x${tag.toString(16)}`);
  if (sessions) r.u32(); // parameterSize: the parameters follow, then the session's answer
  return r;
}

/** TPMS_NV_PUBLIC: what an NV index is. */
export interface NvPublic {
  index: number;
  nameAlg: number;
  attributes: number;
  authPolicy: Buffer;
  dataSize: number;
}

function nvPublic(p: NvPublic): Buffer {
  return new Writer().u32(p.index).u16(p.nameAlg).u32(p.attributes).sized(p.authPolicy).u16(p.dataSize).bytes();
}

export const nvReadPublic = {
  command: (index: number): Buffer => command(TPM_ST_NO_SESSIONS, TPM_CC.NV_ReadPublic, [index], null),
  response(response: Buffer): NvPublic {
    const r = parameters('NV_ReadPublic', response, false);
    const area = new Reader(r.sized(), 'TPM2_NV_ReadPublic');
    return {
      index: area.u32(),
      nameAlg: area.u16(),
      attributes: area.u32(),
      authPolicy: area.sized(),
      dataSize: area.u16(),
    };
  },
};

/** Reads `size` bytes from the start of an index authorized by its own password. */
export const nvRead = {
  command: (index: number, password: Uint8Array, size: number): Buffer =>
    command(TPM_ST_SESSIONS, TPM_CC.NV_Read, [index, index], password, new Writer().u16(size).u16(0).bytes()),
  response: (response: Buffer): Buffer => parameters('NV_Read', response, true).sized(),
};

export const nvIncrement = {
  command: (index: number, password: Uint8Array): Buffer =>
    command(TPM_ST_SESSIONS, TPM_CC.NV_Increment, [index, index], password),
  response(response: Buffer): void {
    parameters('NV_Increment', response, true);
  },
};

/** Defines an index under the owner hierarchy (its authorization: `ownerAuth`, empty by default). */
export const nvDefineSpace = {
  command: (ownerAuth: Uint8Array, auth: Uint8Array, p: NvPublic): Buffer => {
    const area = nvPublic(p);
    const params = new Writer().sized(auth).sized(area).bytes();
    return command(TPM_ST_SESSIONS, TPM_CC.NV_DefineSpace, [TPM_RH_OWNER], ownerAuth, params);
  },
  response(response: Buffer): void {
    parameters('NV_DefineSpace', response, true);
  },
};

export const nvUndefineSpace = {
  command: (ownerAuth: Uint8Array, index: number): Buffer =>
    command(TPM_ST_SESSIONS, TPM_CC.NV_UndefineSpace, [TPM_RH_OWNER, index], ownerAuth),
  response(response: Buffer): void {
    parameters('NV_UndefineSpace', response, true);
  },
};

/** An 8-byte counter value as a number (a counter never comes near 2^53). */
export function counterValue(bytes: Buffer): number {
  if (bytes.length !== 8) throw new TpmWireError(`a counter reads as 8 bytes, not ${bytes.length}`);
  const v = bytes.readBigUInt64BE(0);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new TpmWireError(`the counter's value ${v} is past 2^53`);
  return Number(v);
}
