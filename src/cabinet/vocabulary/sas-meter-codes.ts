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

/**
 * The Table C-7 meters this cabinet keeps or answers for, by name: the one list of their codes,
 * which the cabinet's meters (src/cabinet/meters.ts) and the link (src/devices/sas) both read.
 */
export const SAS_METER = {
  totalCoinIn: 0x00,
  totalCoinOut: 0x01,
  totalJackpot: 0x02,
  totalHandpaidCancelled: 0x03,
  totalCancelled: 0x04,
  gamesPlayed: 0x05,
  gamesWon: 0x06,
  gamesLost: 0x07,
  totalBillCredits: 0x0b,
  currentCredits: 0x0c,
  sasCashableTicketInCents: 0x0d,
  sasCashableTicketOutCents: 0x0e,
  sasCashableTicketInCount: 0x11,
  sasCashableTicketOutCount: 0x12,
  totalTicketIn: 0x15,
  totalTicketOut: 0x16,
  machinePaidPaytableWin: 0x1c,
  handPaidPaytableWin: 0x1f,
  totalWon: 0x22,
  totalHandpaid: 0x23,
  totalDrop: 0x24,
  gamesSincePowerUp: 0x25,
  gamesSinceDoorClosure: 0x26,
  totalCashableTicketIn: 0x28,
  regularCashableTicketIn: 0x29,
  totalCashableTicketOut: 0x2c,
  regularCashableTicketInCount: 0x35,
  regularCashableTicketOutCount: 0x38,
  stackerBills: 0x3e,
  stackerValue: 0x3f,
  regularCashableTicketInCentsByType: 0x80,
  regularCashableTicketInCountByType: 0x81,
  regularCashableTicketOutCentsByType: 0x86,
  regularCashableTicketOutCountByType: 0x87,
  aftCashableIn: 0xa0,
  aftCashableInCount: 0xa1,
  aftRestrictedIn: 0xa2,
  aftRestrictedInCount: 0xa3,
  aftNonRestrictedIn: 0xa4,
  aftNonRestrictedInCount: 0xa5,
  aftBonusCashableIn: 0xae,
  aftBonusCashableInCount: 0xaf,
  aftBonusNonRestrictedIn: 0xb0,
  aftBonusNonRestrictedInCount: 0xb1,
  aftCashableOut: 0xb8,
  aftCashableOutCount: 0xb9,
  aftRestrictedOut: 0xba,
  aftRestrictedOutCount: 0xbb,
  aftNonRestrictedOut: 0xbc,
  aftNonRestrictedOutCount: 0xbd,
} as const;
export type SasMeterName = keyof typeof SAS_METER;

/** Each of those meters as Table C-7 names it, for the host's reads and the link's logs. */
export const SAS_METER_NAMES: Readonly<Record<SasMeterName, string>> = {
  totalCoinIn: 'total coin in',
  totalCoinOut: 'total coin out',
  totalJackpot: 'total jackpot',
  totalHandpaidCancelled: 'total handpaid cancelled credits',
  totalCancelled: 'total cancelled credits',
  gamesPlayed: 'games played',
  gamesWon: 'games won',
  gamesLost: 'games lost',
  totalBillCredits: 'total credits from bills accepted',
  currentCredits: 'current credits',
  sasCashableTicketInCents: 'total SAS cashable ticket in (cents)',
  sasCashableTicketOutCents: 'total SAS cashable ticket out (cents)',
  sasCashableTicketInCount: 'total SAS cashable ticket in (quantity)',
  sasCashableTicketOutCount: 'total SAS cashable ticket out (quantity)',
  totalTicketIn: 'total ticket in',
  totalTicketOut: 'total ticket out',
  machinePaidPaytableWin: 'total machine paid paytable win',
  handPaidPaytableWin: 'total hand paid paytable win',
  totalWon: 'total won (coin out + jackpot)',
  totalHandpaid: 'total handpaid (cancelled credits + jackpot)',
  totalDrop: 'total drop',
  gamesSincePowerUp: 'games since last power up',
  gamesSinceDoorClosure: 'games since last slot door closure',
  totalCashableTicketIn: 'total cashable ticket in',
  regularCashableTicketIn: 'total regular cashable ticket in',
  totalCashableTicketOut: 'total cashable ticket out',
  regularCashableTicketInCount: 'regular cashable ticket in (quantity)',
  regularCashableTicketOutCount: 'regular cashable ticket out (quantity)',
  stackerBills: 'bills in the stacker',
  stackerValue: 'value of bills in the stacker',
  regularCashableTicketInCentsByType: 'regular cashable ticket in (cents)',
  regularCashableTicketInCountByType: 'regular cashable ticket in (quantity)',
  regularCashableTicketOutCentsByType: 'regular cashable ticket out (cents)',
  regularCashableTicketOutCountByType: 'regular cashable ticket out (quantity)',
  aftCashableIn: 'in-house cashable transfers to gaming machine (cents)',
  aftCashableInCount: 'in-house cashable transfers to gaming machine (quantity)',
  aftRestrictedIn: 'in-house restricted transfers to gaming machine (cents)',
  aftRestrictedInCount: 'in-house restricted transfers to gaming machine (quantity)',
  aftNonRestrictedIn: 'in-house nonrestricted transfers to gaming machine (cents)',
  aftNonRestrictedInCount: 'in-house nonrestricted transfers to gaming machine (quantity)',
  aftBonusCashableIn: 'bonus cashable transfers to gaming machine (cents)',
  aftBonusCashableInCount: 'bonus cashable transfers to gaming machine (quantity)',
  aftBonusNonRestrictedIn: 'bonus nonrestricted transfers to gaming machine (cents)',
  aftBonusNonRestrictedInCount: 'bonus nonrestricted transfers to gaming machine (quantity)',
  aftCashableOut: 'in-house cashable transfers to host (cents)',
  aftCashableOutCount: 'in-house cashable transfers to host (quantity)',
  aftRestrictedOut: 'in-house restricted transfers to host (cents)',
  aftRestrictedOutCount: 'in-house restricted transfers to host (quantity)',
  aftNonRestrictedOut: 'in-house nonrestricted transfers to host (cents)',
  aftNonRestrictedOutCount: 'in-house nonrestricted transfers to host (quantity)',
};

/** A named meter's code as four hex digits, as the cabinet's meters carry it. */
export const sasCode = (name: SasMeterName): string => sasMeterCode(SAS_METER[name]);
