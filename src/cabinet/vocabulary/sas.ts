// The SAS link's words that the contract and the config file share with the cabinet.

/**
 * How the cabinet's vouchers are validated on the link (docs/protocols/sas.md, "Validation"):
 * secure enhanced (the standard's scheme under the host's validation ID, the default), system
 * (the host gives each voucher its number) or standard (the machine's own 8 digits, which anyone
 * can work out from a ticket's amount and time).
 */
export const VALIDATION_MODES = ['secure-enhanced', 'system', 'standard'] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];
