// Numbers as the player reads them: chips as whole numbers with grouping, money from integer
// minor units (C-1) without ever going through floating point.

import type { Language } from './language';

export interface Currency {
  code: string;
  minorDigits: number;
}

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', RUB: '₽' };

function group(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** 1234567 → "1,234,567" in English, "1 234 567" in Russian. */
export function formatChips(chips: number, language: Language): string {
  const sign = chips < 0 ? '−' : '';
  return sign + group(String(Math.abs(Math.trunc(chips))), language === 'ru' ? '\u00a0' : ',');
}

/** 123456 minor units of USD → "$1,234.56"; of RUB in Russian → "1 234,56 ₽". */
export function formatMoney(minor: number, currency: Currency, language: Language): string {
  const sign = minor < 0 ? '−' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(currency.minorDigits + 1, '0');
  const whole = digits.slice(0, digits.length - currency.minorDigits);
  const fraction = digits.slice(digits.length - currency.minorDigits);
  const ru = language === 'ru';
  const number = group(whole, ru ? '\u00a0' : ',') + (currency.minorDigits > 0 ? (ru ? ',' : '.') + fraction : '');
  const symbol = SYMBOLS[currency.code];
  if (!symbol) return `${sign}${number} ${currency.code}`;
  if (ru || currency.code === 'RUB') return `${sign}${number}\u00a0${symbol}`;
  return `${sign}${symbol}${number}`;
}

/** A chip value as short as it reads: whole units drop the fraction ("$1", "$0.25"). */
export function formatChipValue(minor: number, currency: Currency, language: Language): string {
  const unit = 10 ** currency.minorDigits;
  if (minor % unit === 0) return formatMoney(minor / unit, { ...currency, minorDigits: 0 }, language);
  return formatMoney(minor, currency, language);
}
