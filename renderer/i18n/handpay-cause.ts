// Why a handpay is due, in the reader's language with money in the currency: from the cabinet's
// cause (src/cabinet/vocabulary/handpay-causes.ts); a row logged before causes were kept reads as
// the reason it was logged with.

import type { HandpayCause, Snapshot } from '../../src/contract';
import type { Language } from './language';
import { formatMoney } from './numbers';
import { handName, t, type TextKey } from './texts';
import { faultKey } from './tilts';

const WORDS: Record<HandpayCause['type'], TextKey> = {
  win: 'handpay.cause.win',
  ticketLimit: 'handpay.cause.ticketLimit',
  printer: 'handpay.cause.printer',
  voucherFailed: 'handpay.cause.voucherFailed',
  voucherUnknown: 'handpay.cause.voucherUnknown',
  unprovenStart: 'handpay.cause.unprovenStart',
  casinoSystem: 'handpay.cause.casinoSystem',
};

export function handpayCauseText(
  L: Language,
  cause: HandpayCause | undefined,
  reason: string | null,
  currency: Snapshot['currency'],
): string {
  if (!cause) return reason ?? '';
  switch (cause.type) {
    case 'win':
      return cause.hand ? t(L, 'handpay.cause.winHand', { hand: handName(L, cause.hand) ?? '' }) : t(L, WORDS.win);
    case 'ticketLimit':
      return t(L, WORDS.ticketLimit, { limit: formatMoney(cause.limit, currency, L) });
    case 'printer': {
      const faults = cause.faults.filter((f) => f !== 'offline').map((f) => t(L, faultKey('printer', f)));
      return t(L, WORDS.printer, {
        faults: cause.faults.includes('offline') ? t(L, 'handpay.cause.printerOffline') : faults.join(', '),
      });
    }
    default:
      return t(L, WORDS[cause.type]);
  }
}
