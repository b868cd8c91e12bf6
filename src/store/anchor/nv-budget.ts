// The budget of writes the records' counter may make to the TPM's NV memory over a cabinet's
// life (docs/cabinet.md, C-15 "The NV budget"). A counter index that is not orderly is written
// to NV at every advance, and NV memory wears: STMicroelectronics' ST33GTPMISPI (a TPM 2.0 for
// industrial use; data brief DB4278 rev. 1, September 2020) states 500,000 write cycles over its
// full temperature range. A cabinet is to last ten years at 10,000 games a day.

export { NUMBERS_PER_ADVANCE } from '../../cabinet';

/** Writes the counter may make to NV over the cabinet's life: the vendor's stated endurance. */
export const NV_WRITE_BUDGET = 500_000;

/** The life a cabinet's TPM must last, and the busy cabinet's play it must last it at. */
export const LIFE_YEARS = 10;
export const BUSY_GAMES_A_DAY = 10_000;

/**
 * A commit that lets no money leave and shows no validation number advances the counter only
 * when the last advance is this long ago: 48 writes a day at most, a third of the budget's 137.
 */
export const ADVANCE_EVERY_MS = 30 * 60_000;

const DAY_MS = 86_400_000;

/** The interval's writes a day at most (a cabinet played without a pause). */
export const INTERVAL_WRITES_A_DAY = DAY_MS / ADVANCE_EVERY_MS;

/**
 * The years the budget lasts at `gamesADay`, with `writesPerGame` at once (the commits that let
 * money leave or show a validation number) and the interval's at most once each ADVANCE_EVERY_MS.
 */
export function budgetYears(writesPerGame: number, gamesADay = BUSY_GAMES_A_DAY): number {
  return NV_WRITE_BUDGET / (writesPerGame * gamesADay + INTERVAL_WRITES_A_DAY) / 365;
}
