// The cabinet's own validation numbers, as someone holding a pile of its vouchers sees them: each
// voucher prints its machine number and its sequence beside its number, and the layout is
// published. None of that, nor any number of vouchers, gives the next number.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDigitsMatch, withCheckDigits } from '../cabinet';
import { legacyValidation } from '../cabinet/testing/rig';
import { Journal } from './journal';
import { machineKey } from './machine-key';
import { Bench, dataPath, testMachine } from './testing/store-rig';
import { MAX_ATTEMPT, SEQUENCES, VoucherNumbers } from './voucher-numbers';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cabinet-numbers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const numbers = () => new VoucherNumbers(machineKey(randomBytes(32)));

describe("a cabinet's validation numbers", () => {
  it('cannot be worked out by the old layout from what a voucher prints, nor from the numbers before', () => {
    const store = Journal.open(dataPath(dir), testMachine(dir, { machine: '0017' }));
    const printed = Array.from({ length: 200 }, (_, i) => ({
      sequence: i + 1,
      validation: store.validationNumber('0017', i + 1),
    }));
    store.close();
    for (const { sequence, validation } of printed) {
      expect(validation).toMatch(/^\d{18}$/);
      expect(checkDigitsMatch(validation)).toBe(true);
      // The old layout: machine digits, sequence, check digits; what a holder of voucher n-1 predicted for n.
      expect(validation).not.toBe(legacyValidation(17, sequence));
      expect(validation.slice(0, 16)).not.toContain(String(sequence).padStart(10, '0'));
    }
    // Consecutive vouchers share no visible structure: their bodies differ in most digits.
    const differing = (a: string, b: string) => [...a.slice(0, 16)].filter((c, i) => c !== b[i]).length;
    const diffs = printed.slice(1).map((p, i) => differing(p.validation, printed[i]!.validation));
    expect(Math.min(...diffs)).toBeGreaterThanOrEqual(5);
    expect(diffs.reduce((a, b) => a + b, 0) / diffs.length).toBeGreaterThan(13);
  });

  it('differ between machines "A-017" and "B-017" under one key, and between two keys under one machine number', () => {
    const n = numbers();
    const other = numbers();
    for (let sequence = 1; sequence <= 2000; sequence++) {
      const a = n.body('A-017', sequence);
      expect(n.body('B-017', sequence)).not.toBe(a);
      expect(n.body('017', sequence)).not.toBe(a);
      expect(other.body('A-017', sequence)).not.toBe(a);
    }
    // Each cabinet's bodies across 2,000 vouchers: none of one machine's is another's.
    const bodies = (m: string) => new Set(Array.from({ length: 2000 }, (_, i) => n.body(m, i + 1)));
    const a = bodies('A-017');
    expect([...bodies('B-017')].filter((b) => a.has(b))).toEqual([]);
  });

  it('are the same for the same key, machine and sequence, and never the same for two sequences', () => {
    const key = machineKey(randomBytes(32));
    const n = new VoucherNumbers(key);
    expect(new VoucherNumbers(key).body('0001', 42)).toBe(n.body('0001', 42));
    const seen = new Set<string>();
    for (let sequence = 0; sequence < 20_000; sequence++) seen.add(n.body('0001', sequence));
    for (let attempt = 1; attempt < 50; attempt++) seen.add(n.body('0001', 1, attempt));
    expect(seen.size).toBe(20_000 + 49);
    for (const b of seen) expect(b).toMatch(/^\d{16}$/);
    expect(n.body('0001', SEQUENCES - 1, MAX_ATTEMPT)).toMatch(/^\d{16}$/);
    expect(() => n.body('0001', SEQUENCES)).toThrow(RangeError);
    expect(() => n.body('0001', -1)).toThrow(RangeError);
    expect(() => n.body('0001', 1, MAX_ATTEMPT + 1)).toThrow(RangeError);
  });

  it('skip a number the vouchers table already holds (one issued under an earlier machine number)', () => {
    const store = Journal.open(dataPath(dir), testMachine(dir));
    const first = store.validationNumber('0001', 7);
    // As if a voucher numbered under another machine number had come out with this number.
    store.db
      .prepare(
        "INSERT INTO vouchers (validation, sequence, amount, currency, issued_at, expires_at, status) VALUES (?, 3, 100, 'USD', 0, '2099-01-01', 'issued')",
      )
      .run(first);
    const next = store.validationNumber('0001', 7);
    expect(next).not.toBe(first);
    expect(checkDigitsMatch(next)).toBe(true);
    store.close();
  });

  it('are never committed twice: a voucher whose number the vouchers table holds is refused whole', () => {
    const bench = new Bench(dataPath(dir));
    const same = withCheckDigits('1234567812345678');
    bench.rig.env.newValidation = () => same;
    bench.insert(500);
    bench.wish({ type: 'cashOut' });
    bench.input({ kind: 'device', event: { device: 'printer', type: 'printed', validation: same } });
    expect(bench.store.reader.voucher(same)?.status).toBe('issued');
    bench.insert(700);
    const before = bench.rig.state;
    expect(() => bench.wish({ type: 'cashOut' })).toThrow(/validation number 1234567812345678\d\d was issued before/);
    // Nothing of the refused commit stands: the voucher row is the first one's, the state as it was.
    expect(bench.store.load()).toEqual(before);
    expect(bench.store.reader.voucher(same)).toMatchObject({ amount: 500, status: 'issued' });
    bench.store.close();
  });
});
