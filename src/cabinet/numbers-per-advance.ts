// How many validation numbers the records may take between two advances of their TPM counter
// (store/anchor/nv-budget.ts, docs/cabinet.md C-15): the commit that takes one more advances at
// once, and a start the counter cannot prove the latest passes over as many, the cabinet's and
// the casino system's, since a copy put back at the counter's value is behind by fewer. A
// cash-out so costs an NV write in this many, not one or two of its own.

export const NUMBERS_PER_ADVANCE = 50;
