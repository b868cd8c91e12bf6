// Pay-table files signed with Ed25519 (issue 37, §2): a table's return is bound to the table. The
// signature covers the coefficients and every recorded return together (best play's, typical
// play's, how each was measured) with the game they are for, so a file whose payouts were
// edited, or whose returns were copied onto another table, no longer verifies. It is made by the
// lab's tool (`sign-paytable`) with a private key kept off the cabinet (docs/deploy.md); the
// cabinet holds only public keys (paytable-keys.ts) and checks any table file by what it holds,
// whatever its game.

import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** The fields of a table file the signature covers, with the game: the table and its returns. */
export const SIGNED_FIELDS = ['game', 'table', 'returnPct', 'returnBasis', 'typicalPlay'] as const;

/** What a signed file carries: which key, and the signature (base64). */
export const SIGNATURE = z
  .strictObject({
    key: z.string().regex(/^[0-9a-f]{16}$/, { error: "must be the signing key's id, 16 hex digits" }),
    ed25519: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, { error: 'must be an Ed25519 signature in base64' }),
  })
  .meta({ description: "The lab's Ed25519 signature over the table and its returns (docs/deploy.md)." });
export type TableSignature = z.infer<typeof SIGNATURE>;

/** Marks what is signed as a pay table of this cabinet, so no other signed text can pass for one. */
const DOMAIN = 'poker-cabinet pay table, signed fields v1\n';

/** Any JSON value with its objects' keys in code-unit order: one text for one value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The bytes a file's signature is made over. */
export function signedBytes(file: Readonly<Record<string, unknown>>): Buffer {
  const covered = Object.fromEntries(SIGNED_FIELDS.filter((f) => f in file).map((f) => [f, file[f]]));
  return Buffer.from(DOMAIN + canonical(covered), 'utf8');
}

/** A public key's id: the first 16 hex digits of the SHA-256 of its raw 32 bytes. */
export function keyId(key: KeyObject): string {
  const raw = key.export({ format: 'jwk' }).x;
  if (key.asymmetricKeyType !== 'ed25519' || typeof raw !== 'string') throw new Error('not an Ed25519 key');
  return createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16);
}

/** A public key the cabinet trusts, from its PEM text. */
export const trustedKey = (pem: string): KeyObject => createPublicKey(pem);

/** The file with its signature made by `privateKeyPem` (any signature it had is replaced). */
export function signTable(file: Readonly<Record<string, unknown>>, privateKeyPem: string): Record<string, unknown> {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the signing key must be an Ed25519 private key (PEM)');
  const { signature: _old, ...rest } = file;
  const signature: TableSignature = {
    key: keyId(createPublicKey(key)),
    ed25519: sign(null, signedBytes(rest), key).toString('base64'),
  };
  return { ...rest, signature };
}

export type SignatureVerdict =
  | { state: 'signed'; key: string }
  | { state: 'unsigned' }
  /** Signed, and it does not verify: the file is not the one signed, or no trusted key signed it. */
  | { state: 'broken'; problem: string };

/** Whether the file's signature verifies under one of `trusted`. */
export function verifyTable(file: Readonly<Record<string, unknown>>, trusted: readonly KeyObject[]): SignatureVerdict {
  if (file.signature === undefined) return { state: 'unsigned' };
  const parsed = SIGNATURE.safeParse(file.signature);
  if (!parsed.success) return { state: 'broken', problem: 'its signature is malformed' };
  const { key, ed25519 } = parsed.data;
  const signer = trusted.find((k) => keyId(k) === key);
  if (!signer) return { state: 'broken', problem: `it is signed by key ${key}, which this cabinet does not trust` };
  const ok = verify(null, signedBytes(file), signer, Buffer.from(ed25519, 'base64'));
  return ok
    ? { state: 'signed', key }
    : {
        state: 'broken',
        problem: `its signature (key ${key}) does not verify: the table or its returns are not the ones signed`,
      };
}
