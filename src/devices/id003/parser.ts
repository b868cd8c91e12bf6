// Streaming parsers for the two directions of an ID-003 line: the driver reads responses, the
// simulator reads commands.

import { FramedParser } from '../shared/framed-parser';
import { MAX_FRAME, MIN_FRAME, decodeCommand, decodeResponse, type Id003Command, type Id003Response } from './codec';
import { SYNC } from './codes';

export class Id003ResponseParser extends FramedParser<Id003Response> {
  constructor(interByteTimeoutMs?: number) {
    super({ interByteTimeoutMs, sync: SYNC, minLength: MIN_FRAME, maxLength: MAX_FRAME, decode: decodeResponse });
  }
}

export class Id003CommandParser extends FramedParser<Id003Command> {
  constructor(interByteTimeoutMs?: number) {
    super({ interByteTimeoutMs, sync: SYNC, minLength: MIN_FRAME, maxLength: MAX_FRAME, decode: decodeCommand });
  }
}
