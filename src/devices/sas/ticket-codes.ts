// The codes of a ticket redemption (long poll 71, SAS 6.02 section 15, docs/protocols/sas.md),
// declared once for both ends of the link: what the host's 71 says of a ticket (its transfer code)
// and what the machine answers and reports as the redemption's status.

/** The host's transfer code: how it judged the ticket the machine holds. */
export const TRANSFER_CODE = {
  cashable: 0x00,
  restrictedPromotional: 0x01,
  nonrestrictedPromotional: 0x02,
  /** From here up the host refuses the ticket. */
  unableToValidate: 0x80,
  notAValidValidationNumber: 0x81,
  notInSystem: 0x82,
  markedPending: 0x83,
  alreadyRedeemed: 0x84,
  expired: 0x85,
  informationNotAvailable: 0x86,
  amountDoesNotMatch: 0x87,
  overAutoRedemptionLimit: 0x88,
  /** Not a judgement: the host asks for the redemption's status (71 FF). */
  statusRequest: 0xff,
} as const;

/** A transfer code by which the host refuses the ticket. */
export const refusedByHost = (transferCode: number): boolean => transferCode >= TRANSFER_CODE.unableToValidate;

/** The machine's status of a redemption, in its 71 reply and when the host asks (71 FF). */
export const REDEEM_STATUS = {
  cashableRedeemed: 0x00,
  /** A ticket is in escrow and the machine waits for the host's 71. */
  waitingForHost: 0x20,
  /** The host's 71 was taken: the ticket is being stacked (or returned). */
  pending: 0x40,
  rejectedByHost: 0x80,
  validationNumberDoesNotMatch: 0x81,
  notValidFunction: 0x82,
  notValidAmount: 0x83,
  overCreditLimit: 0x84,
  /** The host's amount is not the one the machine printed the ticket for. */
  amountDoesNotMatchTicket: 0x86,
  unableNow: 0x87,
  timedOut: 0x88,
  /** No redemption this 71 could belong to (none waits, or it was answered already). */
  notThisCycle: 0xc0,
  /** Nothing to report. */
  noValidationInformation: 0xff,
} as const;

/** Statuses the machine sends alone, without amount and validation data. */
export const REDEEM_STATUS_ONLY: readonly number[] = [
  REDEEM_STATUS.notThisCycle,
  REDEEM_STATUS.noValidationInformation,
];

/** No final status yet (the redemption is under way, or there is none): the host asks again later. */
export const noFinalStatus = (status: number): boolean =>
  status === REDEEM_STATUS.waitingForHost || status === REDEEM_STATUS.pending || status >= REDEEM_STATUS.notThisCycle;
