// The exceptions declared once by name: each name's code is one of the table's, no two names share
// a code, and the bill-accepted exceptions follow the notes their table entries carry.

import { describe, expect, it } from 'vitest';
import { billAcceptedException, eventCode, EXCEPTION, EXCEPTIONS, exceptionName } from './exception-codes';

describe('SAS exceptions by name', () => {
  it('gives every name its own code, each in the table', () => {
    const codes = Object.values(EXCEPTION);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(EXCEPTIONS).map(Number).sort()).toEqual([...codes].sort());
    expect(exceptionName(EXCEPTION.billJam)).toBe('bill jam');
    expect(EXCEPTION.cashOutTicketPrinted).toBe(0x3d);
  });

  it('reports a note of its own under its code, any other note as 4F, and each as 4F in an event', () => {
    expect(billAcceptedException(2000, 2)).toBe(0x4a);
    expect(billAcceptedException(200, 0)).toBe(0x50);
    expect(billAcceptedException(300, 2)).toBe(EXCEPTION.billAccepted);
    expect(billAcceptedException(150, 2)).toBe(EXCEPTION.billAccepted);
    for (const code of [0x47, 0x4d, 0x4f, 0x50]) expect(eventCode(code)).toBe(EXCEPTION.billAccepted);
    expect(eventCode(EXCEPTION.gameStarted)).toBe(0x7e);
  });
});
