// SAS meter codes (Table C-7) as both the cabinet and the link write them: a code is a number,
// shown as four hex digits ("000C"), and the bills-accepted meters run from 0040 by note value
// (SAS_BILL_VALUES' order). The cabinet names its meters by these, the link reads and answers
// them, the host simulator and the command line print them.

/** A meter code as SAS documents and the meters report show it: four hex digits, upper case. */
export const sasMeterCode = (code: number): string => code.toString(16).padStart(4, '0').toUpperCase();

/** The first bills-accepted meter (the $1 note); the note at position i of SAS_BILL_VALUES is 0040 + i. */
export const FIRST_BILL_METER = 0x40;

/** The bills-accepted meter of the note at `index` in SAS_BILL_VALUES. */
export const billMeterCode = (index: number): number => FIRST_BILL_METER + index;
