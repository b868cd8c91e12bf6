// Which ID-003 response answers which command. Commands and statuses share one byte space, so a
// request must say what it waits for: a status request takes any status, a setting its echo, and
// a command the acceptor may refuse takes "invalid command" too. Anything else on the line is
// a late answer to an earlier try and is dropped (shared/requester.ts).

import type { Id003Command, Id003Response } from './codec';

/** Responses that are not the acceptor's status: echoes, acknowledgements and data. */
const NOT_STATUS = new Set<Id003Response['type']>([
  'ack',
  'invalidCommand',
  'denominations',
  'inhibit',
  'barcodeFunction',
  'barInhibit',
  'setting',
  'version',
  'currencyAssignment',
]);

export const isStatus = (r: Id003Response): boolean => !NOT_STATUS.has(r.type);

/** Whether `r` is the answer to `sent`. */
export function answers(sent: Id003Command, r: Id003Response): boolean {
  switch (sent.type) {
    case 'statusRequest':
      return isStatus(r);
    case 'setInhibit':
    case 'getInhibit':
      return r.type === 'inhibit';
    case 'setDenominations':
    case 'getDenominations':
      return r.type === 'denominations';
    case 'getCurrencyAssignment':
      return r.type === 'currencyAssignment';
    // An acceptor without a barcode reader answers these with invalid command.
    case 'setBarcodeFunction':
    case 'getBarcodeFunction':
      return r.type === 'barcodeFunction' || r.type === 'invalidCommand';
    case 'setBarInhibit':
    case 'getBarInhibit':
      return r.type === 'barInhibit' || r.type === 'invalidCommand';
    case 'getVersion':
    case 'getBootVersion':
      return r.type === 'version';
    case 'setSecurity':
    case 'setCommunicationMode':
    case 'setDirection':
    case 'setOptionalFunction':
    case 'getSecurity':
    case 'getCommunicationMode':
    case 'getDirection':
    case 'getOptionalFunction':
      return r.type === 'setting';
    default:
      return r.type === 'ack' || r.type === 'invalidCommand';
  }
}
