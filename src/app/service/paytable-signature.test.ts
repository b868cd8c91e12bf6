// Signed pay tables (issue 37, §2): a table's return is bound to the table. The signature covers
// the coefficients and the recorded returns together; a table whose signature does not verify is
// refused at start and listed with why; the lab's tool signs with a key it is given.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig, ConfigError } from '../config';
import { signPaytableCommand } from '../commands/sign-paytable-command';
import { signedForTest, TEST_TABLE_KEY_FILE, TEST_TABLE_KEYS } from '../testing/paytable-test-key';
import { defaultPayTablesDir, loadPayTables } from './installed-pay-tables';
import { builtInTableKeys } from './paytable-keys';
import { keyId, verifyTable } from './paytable-signature';
import { checkConfigReturns } from './table-returns';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paytable-signature-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const shipped = (name: string) =>
  JSON.parse(readFileSync(join(defaultPayTablesDir(), name), 'utf8')) as Record<string, unknown>;
const tripled = (table: Record<string, number>) =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v * 3]));

describe('a pay table signature', () => {
  it('every shipped table is signed with the built-in production key', () => {
    const names = readdirSync(defaultPayTablesDir()).filter((n) => n.endsWith('.json'));
    expect(names.length).toBeGreaterThan(0);
    const [production] = builtInTableKeys();
    for (const name of names)
      expect([name, verifyTable(shipped(name), builtInTableKeys())]).toEqual([
        name,
        { state: 'signed', key: keyId(production!) },
      ]);
  });

  it('covers the coefficients and every recorded return together: any of them changed breaks it', () => {
    const file = signedForTest(shipped('poker-plus-default.json'));
    expect(verifyTable(file, TEST_TABLE_KEYS).state).toBe('signed');
    const typical = file.typicalPlay as Record<string, unknown>;
    const edits: Record<string, unknown>[] = [
      { ...file, table: tripled(file.table as Record<string, number>) },
      { ...file, table: { ...(file.table as object), flush: 5 } },
      { ...file, returnPct: 99.3842 },
      { ...file, returnBasis: { ...(file.returnBasis as object), upper: 99.5 } },
      { ...file, typicalPlay: { ...typical, returnPct: 98 } },
      { ...file, game: 'jacks-or-better' },
    ];
    for (const edited of edits)
      expect(verifyTable(edited, TEST_TABLE_KEYS)).toMatchObject({
        state: 'broken',
        problem: expect.stringMatching(/does not verify: the table or its returns are not the ones signed/),
      });
    // Its name and id are words for people: a table renamed keeps its figures.
    expect(verifyTable({ ...file, name: 'Renamed' }, TEST_TABLE_KEYS).state).toBe('signed');
    // Another key's signature, a malformed one, none.
    expect(verifyTable(file, builtInTableKeys())).toMatchObject({
      state: 'broken',
      problem: expect.stringMatching(/signed by key [0-9a-f]{16}, which this cabinet does not trust/),
    });
    expect(verifyTable({ ...file, signature: { key: 'x', ed25519: 'y' } }, TEST_TABLE_KEYS)).toEqual({
      state: 'broken',
      problem: 'its signature is malformed',
    });
    const { signature: _gone, ...unsigned } = file;
    expect(verifyTable(unsigned, TEST_TABLE_KEYS)).toEqual({ state: 'unsigned' });
  });

  it('the default Poker Plus table tripled, keeping its returnPct and signature, is refused at start and listed with why', () => {
    cpSync(defaultPayTablesDir(), dir, { recursive: true });
    const file = shipped('poker-plus-default.json');
    const table = tripled(file.table as Record<string, number>);
    writeFileSync(
      join(dir, 'poker-plus-tripled.json'),
      JSON.stringify({ ...file, id: 'poker-plus-tripled', name: 'Poker Plus tripled', table }),
    );
    const catalog = loadPayTables(dir);
    const listed = catalog.installed.find((t) => t.id === 'poker-plus-tripled')!;
    expect(listed.rtp).toBeNull();
    expect(listed.refused).toEqual({
      cause: 'signature',
      why: expect.stringMatching(/^refused: its signature \(key [0-9a-f]{16}\) does not verify/),
    });
    const config = parseConfig({ payTables: { 'poker-plus': table } });
    expect(() => checkConfigReturns(config.settings, config.recordedReturns, catalog.installed)).toThrow(ConfigError);
    expect(() => checkConfigReturns(config.settings, config.recordedReturns, catalog.installed)).toThrow(
      /Poker Plus pay table poker-plus-tripled is refused: its signature .* does not verify/,
    );
    // The shipped default, in the same folder, still starts.
    const defaults = parseConfig({});
    expect(() => checkConfigReturns(defaults.settings, defaults.recordedReturns, catalog.installed)).not.toThrow();
  });

  it('an unsigned Poker Plus table is listed without a return until measured here; an unsigned Jacks or Better one is rated as ever', () => {
    const { signature: _p, ...pokerPlus } = shipped('poker-plus-6-4.json');
    const { signature: _j, ...jacks } = shipped('jacks-or-better-9-6.json');
    writeFileSync(join(dir, 'poker-plus-6-4.json'), JSON.stringify(pokerPlus));
    writeFileSync(join(dir, 'jacks-or-better-9-6.json'), JSON.stringify(jacks));
    const catalog = loadPayTables(dir);
    expect(catalog.installed.find((t) => t.id === 'poker-plus-6-4')).toMatchObject({
      rtp: null,
      refused: {
        cause: 'unsigned',
        why: 'not signed: its return must be measured on this cabinet before it can be put in play',
      },
    });
    expect(catalog.installed.find((t) => t.id === 'jacks-or-better-9-6')!.refused).toBeUndefined();
  });

  it('sign-paytable signs a file in place with the key it is given; --check says whose key and whether the cabinet trusts it', async () => {
    const { signature: _s, ...unsigned } = shipped('poker-plus-7-5.json');
    const file = join(dir, 'poker-plus-7-5.json');
    writeFileSync(file, JSON.stringify(unsigned));
    const out: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (out.push(chunk), true)) as typeof process.stdout.write;
    let signed: number;
    let checked: number;
    try {
      signed = await signPaytableCommand.run([file, '--key', TEST_TABLE_KEY_FILE]);
      checked = await signPaytableCommand.run([file, '--check']);
    } finally {
      process.stdout.write = write;
    }
    const testId = keyId(TEST_TABLE_KEYS[0]!);
    expect(signed).toBe(0);
    expect(checked).toBe(1);
    expect(out).toEqual([
      `${file}: signed by ${testId}\n`,
      `${file}: it is signed by key ${testId}, which this cabinet does not trust\n`,
    ]);
    const catalog = loadPayTables(dir, TEST_TABLE_KEYS);
    expect(catalog.installed[0]).toMatchObject({ id: 'poker-plus-7-5', rtp: { play: 'best' } });
    await expect(signPaytableCommand.run([file])).rejects.toThrow(/usage: sign-paytable/);
    await expect(signPaytableCommand.run([file, '--key', join(dir, 'nope.pem')])).rejects.toThrow(
      /the key .*nope\.pem/,
    );
  });
});
