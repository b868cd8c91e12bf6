// Cards cross the contract as two-character codes (H-1): the rank and suit characters are the
// core's, and the screens draw their faces from the same lists.

import { RANK_CHARS, SUIT_CHARS } from '../core/cards';
import { str } from './schema';

export { RANK_CHARS, SUIT_CHARS };

/** One card's code, such as "Ah" or "Tc". */
export const CARD_CODE = str(2, new RegExp(`^[${RANK_CHARS}][${SUIT_CHARS}]$`));
