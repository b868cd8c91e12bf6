// Operator settings the cabinet obeys (C-1, C-2, C-7): money in minor units, limits, pay tables,
// declared with their bounds in ./vocabulary/settings-schema.ts; here their defaults. The app
// reads them from a configuration file; the cabinet only ever sees validated values.

import { GAME_IDS, GAMES as GAME_MODULES, type AnyGame } from '../core';
import type { TableReturn } from './table-return';
import type { CabinetSettings } from './vocabulary/settings-schema';

export {
  GAMES,
  LANGUAGES,
  type CabinetSettings,
  type Language,
  type Limits,
  type Presentation,
} from './vocabulary/settings-schema';

/**
 * A pay table installed on the cabinet (assets/paytables), offered to the technician by id.
 * The settings hold the table itself, so a game and its recall never depend on the files.
 */
export type InstalledPayTable = InstalledTableOf<AnyGame> & {
  /** Its return as the app found it (C-24); null where none is known, and it cannot be chosen. */
  rtp: TableReturn | null;
  /**
   * Why its file's figures are not trusted, and it cannot be chosen: a signature that does not
   * verify, or none where the cabinet cannot measure the return itself yet; `why` in words.
   */
  refused?: { cause: 'signature' | 'unsigned'; why: string };
};

type InstalledTableOf<G> = G extends AnyGame
  ? { id: string; game: G['id']; name: string; table: G['payTable']['default'] }
  : never;

export const DEFAULT_SETTINGS: CabinetSettings = {
  currency: 'USD',
  minorDigits: 2,
  chipValues: [1, 5, 25, 100],
  games: [...GAME_IDS],
  limits: {
    creditLimit: 300_000,
    ticketLimit: 300_000,
    handpayLimit: 120_000,
    maxBet: 5,
    minAnte: 1,
    maxAnte: 100,
    tableMax: 10_000,
    minReturnPct: 85,
    maxReturnPct: 99.9,
  },
  // Each game's default table, under its settings key: from the registry.
  payTables: Object.fromEntries(
    GAME_MODULES.map((g) => [g.settingsKey, g.payTable.default]),
  ) as CabinetSettings['payTables'],
  disabledNotes: [],
  voucher: { venue: 'Casino', machine: '0001', expiryDays: 30, validationSeconds: 10 },
  access: { maxPinFailures: 3, lockoutMs: 5 * 60_000 },
  defaultLanguage: 'en',
  presentation: { volume: 60, bigWinBets: 50, attractSeconds: 30 },
};
