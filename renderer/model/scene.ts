// What a screen shows, as plain data: derived from the snapshot (and the screen's own UI state)
// by pure functions, drawn by the Pixi views, and reported as-is by the test hook.

import type { Language } from '../i18n/language';
import type { AttractModel } from './play/attract-loop';
import type { ServiceModel } from './service/page';
import type { BannerSpec, ButtonSpec, CardSpot, MeterSpec, PayTableModel } from './parts';

export type ScreenName = 'connecting' | 'attract' | 'lobby' | 'jacks' | 'pokerPlus' | 'help' | 'service';
/** `paid`: the money just paid out (a voucher printed, a handpay paid), until the next touch or a few seconds. */
export type OverlayName = 'cashout' | 'handpay' | 'tilt' | 'paid';

export interface BoxModel {
  index: number;
  blind: boolean;
  seen: boolean;
  label: string;
  /** Chips on the ANTE and BET spots. */
  ante: number;
  bet: number;
  hand: string | null;
  status: string | null;
  boughtGame: boolean;
  outcome: BannerSpec | null;
}

export interface LockupModel {
  title: string;
  amount: string | null;
  lines: string[];
  /** A ticket being validated or just handed back while play is stopped (play/ticket.ts). */
  ticket: string | null;
}

export interface HelpModel {
  page: number;
  pages: number;
  title: string;
  pageText: string;
  lines: string[];
  payTable: PayTableModel | null;
  /** What the table on show returns, said plainly under it; null on a page without one or where it is not known. */
  note: string | null;
}

export interface SceneModel {
  screen: ScreenName;
  overlay: OverlayName | null;
  language: Language;
  /** The carrier's state: 'open', or a line saying it is not. */
  connection: string | null;
  title: string;
  chip: string;
  message: string | null;
  meters: MeterSpec[];
  cards: CardSpot[];
  banners: BannerSpec[];
  buttons: ButtonSpec[];
  payTable: PayTableModel | null;
  dealerText: string | null;
  boughtText: string | null;
  boxes: BoxModel[];
  lockup: LockupModel | null;
  help: HelpModel | null;
  /** Lines for the attract loop and the lobby. */
  lines: string[];
  /** Changes when a new game is dealt: the views animate a fresh deal on it. */
  dealKey: string;
  /** The attendant's or technician's page, on the 'service' screen. */
  service: ServiceModel | null;
  /** The attract loop's page, on the 'attract' screen. */
  attract: AttractModel | null;
  /** A big win celebrated over the hand for a few seconds: its words and amount. */
  celebration: { title: string; amount: string } | null;
}
