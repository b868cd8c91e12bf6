// Money is whole minor units (C-1); the player sees whole chips of the chosen value (C-2).

export interface CreditDisplay {
  /** Whole chips of the chosen value. */
  credits: number;
  /** Minor units below one chip: kept, and paid with the next cash-out (C-2). */
  remainder: number;
}

export function creditsOf(balance: number, chipValue: number): CreditDisplay {
  return { credits: Math.floor(balance / chipValue), remainder: balance % chipValue };
}

export const chipsToMoney = (chips: number, chipValue: number): number => chips * chipValue;

/** "500.00 USD": an amount as the cabinet's own English words say it (log rows, reasons). */
export const moneyWords = (amount: number, settings: { currency: string; minorDigits: number }): string =>
  `${formatMoney(amount, settings.minorDigits)} ${settings.currency}`;

/** "12.34" for 1234 minor units with two digits. */
export function formatMoney(amount: number, minorDigits: number): string {
  if (minorDigits === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const unit = 10 ** minorDigits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(minorDigits, '0')}`;
}
