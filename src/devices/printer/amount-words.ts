// A voucher's amount in English words (C-17), from integer minor units: no floating point
// anywhere (C-1). "one hundred twenty-three dollars and forty-five cents".

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** Names of a currency's major and minor unit, singular and plural. */
export interface UnitNames {
  major: [string, string];
  minor: [string, string];
}

const NAMES: Record<string, UnitNames> = {
  USD: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
  CAD: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
  AUD: { major: ['dollar', 'dollars'], minor: ['cent', 'cents'] },
  EUR: { major: ['euro', 'euros'], minor: ['cent', 'cents'] },
  GBP: { major: ['pound', 'pounds'], minor: ['penny', 'pence'] },
  RUB: { major: ['ruble', 'rubles'], minor: ['kopeck', 'kopecks'] },
};

function below1000(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const r = n % 100;
  if (h) parts.push(`${ONES[h]} hundred`);
  if (r >= 20) parts.push(TENS[Math.floor(r / 10)] + (r % 10 ? `-${ONES[r % 10]}` : ''));
  // r < 20 here: ONES names 0..19.
  else if (r || !h) parts.push(ONES[r]!);
  return parts.join(' ');
}

/** A non-negative safe integer in words: 1234 → "one thousand two hundred thirty-four". */
export function integerToWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`cannot write ${n} in words: not a non-negative safe integer`);
  if (n === 0) return 'zero';
  const groups: string[] = [];
  for (let scale = 0; n > 0; scale++, n = Math.floor(n / 1000)) {
    const g = n % 1000;
    if (!g) continue;
    if (scale >= SCALES.length) throw new RangeError('amount too large to write in words');
    groups.unshift(below1000(g) + (SCALES[scale] ? ` ${SCALES[scale]}` : ''));
  }
  return groups.join(' ');
}

/**
 * Amount of `minor` units in words, e.g. (12345, 'USD', 2) → "one hundred twenty-three dollars
 * and forty-five cents". A currency without known names uses its code for both units.
 */
export function amountToWords(minor: number, currency: string, minorDigits: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`amount ${minor} is not a non-negative whole number of minor units`);
  if (!Number.isInteger(minorDigits) || minorDigits < 0 || minorDigits > 4)
    throw new RangeError(`minor digits ${minorDigits} must be 0..4`);
  const names = NAMES[currency] ?? {
    major: [currency, currency],
    minor: [`${currency} minor unit`, `${currency} minor units`],
  };
  const per = 10 ** minorDigits;
  const major = Math.floor(minor / per);
  const rest = minor % per;
  const unit = (n: number, [one, many]: [string, string]) => `${integerToWords(n)} ${n === 1 ? one : many}`;
  if (!rest) return unit(major, names.major);
  if (!major) return unit(rest, names.minor);
  return `${unit(major, names.major)} and ${unit(rest, names.minor)}`;
}

/** Amount in figures: (12345, 'USD', 2) → "$123.45"; other currencies as "EUR 123.45". */
export function amountInFigures(minor: number, currency: string, minorDigits: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new RangeError(`amount ${minor} is not a non-negative whole number of minor units`);
  const s = String(minor).padStart(minorDigits + 1, '0');
  const int = s.slice(0, s.length - minorDigits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = minorDigits ? `.${s.slice(s.length - minorDigits)}` : '';
  return currency === 'USD' ? `$${int}${frac}` : `${currency} ${int}${frac}`;
}
