// Table C-5, the bill acceptor country codes, by the ISO 4217 currency a country's notes are in
// (48 and the bill-accepted event carry it beside the note's denomination code). The table is
// the standard's list of countries; one whose notes are euros now reports the euro's own code.
// A currency the table has no country for is reported as 00.

const COUNTRY_BY_CURRENCY: Readonly<Record<string, number>> = {
  ARS: 1,
  AUD: 2,
  BRL: 5,
  BGN: 6,
  CAD: 7,
  COP: 8,
  CZK: 10,
  DKK: 11,
  GBP: 15,
  GIP: 16,
  HUF: 19,
  MXN: 25,
  MAD: 26,
  NOK: 27,
  PLN: 28,
  RON: 30,
  RUB: 31,
  ZAR: 33,
  SEK: 34,
  CHF: 35,
  TRY: 36,
  USD: 37,
  ANG: 38,
  EUR: 39,
};

export const countryCode = (currency: string): number =>
  Object.hasOwn(COUNTRY_BY_CURRENCY, currency) ? COUNTRY_BY_CURRENCY[currency]! : 0;
