// The host simulator's AFT (issue 42): what a casino system's cashless account sends a machine,
// as single polls with their replies decoded: register, lock, move money in and out, interrogate,
// award a legacy bonus. Each returns null when the machine gave no reply.

import { AFT_TRANSFER_CODE, AFT_TRANSFER_TYPE } from './aft-codes';
import {
  decodeAftLockStatus,
  decodeAftRegistration,
  decodeAftTransfer,
  type AftLockStatusReply,
  type AftRegistrationReply,
  type AftTransferReply,
} from './aft-replies';
import type { AftTransferRequest } from './aft-requests';
import type { SasHostLine } from './host-line';

/** Any host line: only its polls are used. */
type Host = Pick<SasHostLine<never>, 'request' | 'command'>;

export const NO_REGISTRATION_KEY = '0'.repeat(40);

/** A 72 transfer with the fields a test leaves out filled: full, in-house to the machine, no key. */
export function aftTransferRequest(
  fields: Partial<AftTransferRequest> & Pick<AftTransferRequest, 'transactionId' | 'assetNumber'>,
): AftTransferRequest {
  return {
    command: 0x72,
    kind: 'transfer',
    transferCode: AFT_TRANSFER_CODE.full,
    transactionIndex: 0,
    transferType: AFT_TRANSFER_TYPE.inHouseToMachine,
    cashableCents: 0,
    restrictedCents: 0,
    nonRestrictedCents: 0,
    flags: 0,
    registrationKey: NO_REGISTRATION_KEY,
    expiration: '00000000',
    poolId: 0,
    receipt: [],
    lockTimeout: 0,
    ...fields,
  };
}

export async function aftTransfer(
  host: Host,
  address: number,
  req: AftTransferRequest,
): Promise<AftTransferReply | null> {
  const bytes = await host.request(address, req);
  return bytes && decodeAftTransfer(bytes);
}

/** 72 FF (acknowledging) or FE (status only) for the transfer at `index`. */
export async function aftInterrogate(
  host: Host,
  address: number,
  index = 0,
  statusOnly = false,
): Promise<AftTransferReply | null> {
  const bytes = await host.request(address, {
    command: 0x72,
    kind: 'interrogate',
    statusOnly,
    transactionIndex: index,
  });
  return bytes && decodeAftTransfer(bytes);
}

export async function aftRegister(
  host: Host,
  address: number,
  code: 0x00 | 0x01 | 0x40,
  assetNumber: number,
  registrationKey: string,
  posId = 0,
): Promise<AftRegistrationReply | null> {
  const bytes = await host.request(address, { command: 0x73, code, assetNumber, registrationKey, posId });
  return bytes && decodeAftRegistration(bytes);
}

/** 74: 00 lock (timeout in hundredths of a second), 80 cancel, FF interrogate. */
export async function aftLock(
  host: Host,
  address: number,
  lockCode: number,
  conditions = 0,
  timeout = 0,
): Promise<AftLockStatusReply | null> {
  const bytes = await host.request(address, { command: 0x74, lockCode, conditions, timeout });
  return bytes && decodeAftLockStatus(bytes);
}

/** 8A: true when the machine ACKs it. */
export const legacyBonus = (host: Host, address: number, amountCredits: number, taxStatus: number) =>
  host.command(address, { command: 0x8a, amountCredits, taxStatus });
