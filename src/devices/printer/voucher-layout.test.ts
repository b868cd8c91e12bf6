import { describe, expect, it } from 'vitest';
import { EscPosDecoder } from './escpos';
import { VOUCHER } from '../testing/test-voucher';
import { formatValidationNumber } from '../../cabinet';
import { legacyValidation } from '../../cabinet/testing/rig';
import { voucherBytes, voucherProblems } from './voucher-layout';
import type { Voucher } from '../../cabinet/device-events';

const SPECIMEN: Voucher = {
  ...VOUCHER,
  amount: 0,
  specimen: true,
  sequence: 9_000_000_001,
  validation: legacyValidation(1234, 9_000_000_001),
};

/** The printed lines as the decoder reads them back from the bytes. */
function lines(v: Voucher): string[] {
  const out: string[] = [];
  let line = '';
  for (const c of new EscPosDecoder().feed(voucherBytes(v))) {
    if (c.type === 'text') line += c.text;
    else if (c.type === 'lf') {
      out.push(line);
      line = '';
    }
  }
  return out;
}

describe('the specimen voucher of a device test', () => {
  it('says VOID, NOT NEGOTIABLE at its head, in place of the amount and at its foot', () => {
    const printed = lines(SPECIMEN);
    expect(printed[0]).toBe('*** VOID ***');
    expect(printed.filter((l) => l === '*** VOID ***')).toHaveLength(3);
    expect(printed.filter((l) => l === 'SPECIMEN - NOT NEGOTIABLE')).toHaveLength(3);
    expect(printed.at(-3)).toBe('*** VOID ***');
    expect(printed).toContain(VOUCHER.venue);
    // Where a real voucher prints its amount, right below the barcode, the specimen says VOID.
    const at = printed.indexOf(`VALIDATION ${formatValidationNumber(SPECIMEN.validation)}`);
    expect(at).toBeGreaterThan(0);
    expect(printed[at + 2]).toBe('*** VOID ***');
  });

  it('carries no amount, no cash-out heading and no ticket number a real voucher has', () => {
    const text = lines(SPECIMEN).join('\n');
    const real = lines(VOUCHER).join('\n');
    expect(real).toContain('CASHOUT VOUCHER');
    for (const never of ['CASHOUT VOUCHER', '$', 'DOLLARS', 'ZERO', 'TICKET #', 'VOID AFTER'])
      expect(text).not.toContain(never);
    expect(real).not.toContain('*** VOID ***');
  });

  it('is printable only with amount 0, and a real voucher only with an amount', () => {
    expect(voucherProblems(SPECIMEN)).toEqual([]);
    expect(voucherProblems({ ...SPECIMEN, amount: 500 }).join()).toMatch(/specimen's amount must be 0/);
    expect(voucherProblems({ ...VOUCHER, amount: 0 }).join()).toMatch(/amount 0 is not a positive/);
    expect(voucherProblems({ ...SPECIMEN, specimen: 'yes' as unknown as true }).join()).toMatch(
      /specimen must be true/,
    );
  });
});

describe('a voucher of the casino system (SAS validation modes, issue 27)', () => {
  it('prints its address lines under the venue, and DOES NOT EXPIRE for a voucher that never does', () => {
    const v: Voucher = { ...VOUCHER, address: ['1 MAIN ST', 'RENO NV'], expiresAt: '9999-12-31' };
    const printed = lines(v);
    const at = printed.indexOf(VOUCHER.venue);
    expect(printed.slice(at, at + 3)).toEqual([VOUCHER.venue, '1 MAIN ST', 'RENO NV']);
    expect(printed).toContain('DOES NOT EXPIRE');
    expect(voucherProblems({ ...v, address: ['a', 'b', 'c'] })).toContain('at most two address lines');
    expect(voucherProblems({ ...v, address: ['Ünicode'] })).toEqual([
      'address line 1 "Ünicode" must be non-empty printable ASCII',
    ]);
  });

  it('takes the host numbers of system validation and the 8 digits of standard validation, each checked for its shape', () => {
    expect(voucherProblems({ ...VOUCHER, scheme: 'sas-system', validation: '031234567890123456' })).toEqual([]);
    expect(voucherProblems({ ...VOUCHER, scheme: 'sas-system', validation: '001234567890123456' })[0]).toMatch(
      /system ID 01–99/,
    );
    expect(voucherProblems({ ...VOUCHER, scheme: 'sas-standard', validation: '000000000000611331' })).toEqual([]);
    expect(voucherProblems({ ...VOUCHER, scheme: 'sas-standard', validation: '010000000000611331' })[0]).toMatch(
      /8 digits/,
    );
  });
});
