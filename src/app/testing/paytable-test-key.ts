// The test key for signed pay tables (issue 37): tests sign the table files they write with its
// private half (test/fixtures/paytable-keys, in the repository because it signs nothing a cabinet
// trusts) and hand its public half to the loader in place of the built-in production key.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { packageRoot } from '../service/package-root';
import { signTable, trustedKey } from '../service/paytable-signature';

const place = (name: string): string => join(packageRoot(), 'test', 'fixtures', 'paytable-keys', name);

export const TEST_TABLE_KEY_FILE = place('test-private.pem');

/** The keys a test's cabinet trusts: the test key's public half alone. */
export const TEST_TABLE_KEYS: readonly KeyObject[] = [trustedKey(readFileSync(place('test-public.pem'), 'utf8'))];

/** A table file's content signed with the test key. */
export const signedForTest = (file: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  signTable(file, readFileSync(TEST_TABLE_KEY_FILE, 'utf8'));
