// Streaming parsers for the two directions of an EBDS line: the driver reads replies, the
// simulator reads commands. Framing, resynchronisation and drop counts are the shared parser's.

import { FramedParser } from '../shared/framed-parser';
import { MAX_FRAME, MIN_FRAME, STX } from './codes';
import { decodeCommand, decodeReply, type EbdsCommand, type EbdsReply } from './codec';
import { EBDS_CHECK } from './frame';

const framing = { sync: STX, minLength: MIN_FRAME, maxLength: MAX_FRAME, check: EBDS_CHECK };

export class EbdsReplyParser extends FramedParser<EbdsReply> {
  constructor(interByteTimeoutMs?: number) {
    super({ ...framing, interByteTimeoutMs, decode: decodeReply });
  }
}

export class EbdsCommandParser extends FramedParser<EbdsCommand> {
  constructor(interByteTimeoutMs?: number) {
    super({ ...framing, interByteTimeoutMs, decode: decodeCommand });
  }
}
