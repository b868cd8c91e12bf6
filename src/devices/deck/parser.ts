// The deck's streaming parser, for both directions (the frame types do not overlap).

import { FramedParser } from '../shared/framed-parser';
import { DECK_MAX_FRAME, DECK_MIN_FRAME, DECK_SYNC, decodeDeckFrame, type DeckFrame } from './codec';

export class DeckParser extends FramedParser<DeckFrame> {
  constructor(interByteTimeoutMs?: number) {
    super({
      interByteTimeoutMs,
      sync: DECK_SYNC,
      minLength: DECK_MIN_FRAME,
      maxLength: DECK_MAX_FRAME,
      decode: decodeDeckFrame,
    });
  }
}
