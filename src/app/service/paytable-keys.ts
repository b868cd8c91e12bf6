// The public keys whose signatures on a pay-table file the cabinet trusts (paytable-signature.ts):
// the production key's public half, built in. Its private half never reaches a cabinet or this
// repository (docs/deploy.md, "Signed pay tables"); a lab's approved table is signed with it by
// whoever keeps it. Tests sign with a test key of their own (test/fixtures/paytable-keys) and
// hand its public half to the loader in place of these.

import type { KeyObject } from 'node:crypto';
import { trustedKey } from './paytable-signature';

/** The production signing key, id 759b299db3964a5e (`sign-paytable` prints the id of the key it signs with). */
const PRODUCTION = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAxeaWAWCl4RElpZC+vc0V9BN4AryXM9H8ZiWhNyTNlMw=
-----END PUBLIC KEY-----
`;

let keys: KeyObject[] | null = null;

/** The keys a cabinet trusts as built. */
export function builtInTableKeys(): readonly KeyObject[] {
  keys ??= [trustedKey(PRODUCTION)];
  return keys;
}
