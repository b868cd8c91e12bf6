// For tests: an acceptor that says whatever the test tells it to, including what no honest unit
// would (a second ticket in escrow over the first, a barcode of any bytes, a vend valid for a
// ticket it was told to return, frames with lying length bytes). Settings are echoed with their
// own bytes, as JCM's firmware does; every status request gets the next scripted answer.

import type { DeviceEndpoint } from '../shared/device-endpoint';
import { encodeCommand, encodeResponse, type Id003Command, type Id003Response } from '../id003/codec';
import { assignmentFor } from '../id003/currency';
import { Id003CommandParser } from '../id003/parser';

const SETTINGS = new Set<Id003Command['type']>([
  'setDenominations',
  'setSecurity',
  'setCommunicationMode',
  'setInhibit',
  'setDirection',
  'setOptionalFunction',
  'setBarcodeFunction',
  'setBarInhibit',
]);

export class ScriptedAcceptor {
  /** Every command received, in order. */
  readonly commands: Id003Command[] = [];
  /** Answers to the next status requests, in order; then `status`, for ever. Raw bytes go out as they are. */
  readonly next: (Id003Response | Buffer)[] = [];
  status: Id003Response | Buffer = { type: 'disabled' };
  private readonly parser = new Id003CommandParser();
  private readonly unsubscribe: () => void;

  constructor(private readonly endpoint: DeviceEndpoint) {
    this.unsubscribe = endpoint.onData((bytes) => {
      for (const cmd of this.parser.feed(bytes)) this.handle(cmd);
    });
  }

  /** The commands of one type received so far. */
  sent(type: Id003Command['type']): Id003Command[] {
    return this.commands.filter((c) => c.type === type);
  }

  detach(): void {
    this.unsubscribe();
  }

  private handle(cmd: Id003Command): void {
    this.commands.push(cmd);
    if (cmd.type === 'statusRequest') {
      const answer = this.next.shift() ?? this.status;
      this.endpoint.write(Buffer.isBuffer(answer) ? answer : encodeResponse(answer));
    } else if (SETTINGS.has(cmd.type)) this.endpoint.write(encodeCommand(cmd));
    else if (cmd.type === 'getCurrencyAssignment')
      this.endpoint.write(encodeResponse({ type: 'currencyAssignment', entries: assignmentFor([1, 5, 10, 20, 100]) }));
    else if (cmd.type !== 'ack') this.endpoint.write(encodeResponse({ type: 'ack' }));
  }
}
