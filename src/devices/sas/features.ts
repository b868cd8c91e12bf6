// Long poll A0, "send enabled features" (the standard's Tables 7.14c–f): what the machine really
// does, as bits. Only what is true of this machine is set; AFT, bonusing, tournament, progressives,
// multi-denomination and component authentication are not here, so their bits stay clear.

import type { ValidationMode } from '../../cabinet';

export type { ValidationMode };

export interface MachineFeatures {
  validation: ValidationMode;
  /** The machine takes tickets and has the host validate them (70/71). */
  ticketRedemption: boolean;
}

/** Features 1: validation extensions (7B–7D) bit 4, validation style bits 5–6, ticket redemption bit 7. */
const VALIDATION_EXTENSIONS = 1 << 4;
const VALIDATION_STYLE: Readonly<Record<ValidationMode, number>> = {
  standard: 0b00 << 5,
  system: 0b01 << 5,
  'secure-enhanced': 0b10 << 5,
};
const TICKET_REDEMPTION = 1 << 7;
/** Features 2: tickets counted in total drop and total cancelled credits (bit 2), extended meters 6F/AF (bit 3). */
const TICKETS_TO_DROP_AND_CANCELLED = 1 << 2;
const EXTENDED_METERS = 1 << 3;
/** Features 3: polls every 40 ms are answered (bit 0), as real-time event reporting needs. */
const FAST_POLLING = 1 << 0;

/** The four feature bytes of A0, for the machine or any of its games alike. */
export function featureBytes(f: MachineFeatures): [number, number, number, number] {
  return [
    VALIDATION_EXTENSIONS | VALIDATION_STYLE[f.validation] | (f.ticketRedemption ? TICKET_REDEMPTION : 0),
    TICKETS_TO_DROP_AND_CANCELLED | EXTENDED_METERS,
    FAST_POLLING,
    0,
  ];
}
