// What a screen shows, as plain data: derived from the snapshot (and the screen's own UI state)
// by pure functions, drawn by the Pixi views, and reported as-is by the test hook.

import type { Wish } from '../../src/contract';
import type { Language } from '../i18n/texts';
import type { AttractModel } from './play/attract-loop';
import type { ServiceModel } from './service/page';
import type { UiAction } from './ui-state';

export type ScreenName = 'connecting' | 'attract' | 'lobby' | 'jacks' | 'pokerPlus' | 'help' | 'service';
export type OverlayName = 'cashout' | 'handpay' | 'tilt';

/** What pressing a button does: a wish for the cabinet, or a change of the screen's own page. */
export type ButtonAction = { kind: 'wish'; wish: Wish } | { kind: 'ui'; ui: UiAction };

export interface ButtonSpec {
  name: string;
  label: string;
  /** A second line: a fee, a stake, an amount. */
  sub: string | null;
  /** The cabinet would accept it now (snapshot.live); a button that is not live is dimmed and inert. */
  live: boolean;
  /** Drawn as the current choice (chip value, game, box count). */
  selected: boolean;
  action: ButtonAction | null;
}

export interface CardSpot {
  /** 'jacks', 'dealer', 'dealer-new' (the card drawn when the game is bought), 'box0', 'box1'. */
  owner: string;
  position: number;
  /** Null for a card face down. */
  code: string | null;
  held: boolean;
  winning: boolean;
  /** Picked for a Poker Plus exchange. */
  selected: boolean;
  /** The dealer's card thrown away when the game was bought. */
  discarded: boolean;
}

export interface MeterSpec {
  name: string;
  label: string;
  value: string;
  sub: string | null;
}

export interface BannerSpec {
  name: string;
  text: string;
  sub: string | null;
  tone: 'win' | 'lose' | 'info';
}

export interface PayTableModel {
  title: string;
  /** Column headings: the bet for each column (Jacks), or a single "pays" column. */
  columns: string[];
  rows: { category: string; label: string; values: string[] }[];
  /** The current bet's column, lit. */
  litColumn: number | null;
  /** The category row to highlight (a paying hand on show). */
  winRow: string | null;
}

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
}

export interface HelpModel {
  page: number;
  pages: number;
  title: string;
  pageText: string;
  lines: string[];
  payTable: PayTableModel | null;
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

export const button = (name: string, label: string, live: boolean, action: ButtonAction | null, sub: string | null = null, selected = false): ButtonSpec => ({
  name,
  label,
  sub,
  live,
  selected,
  action,
});

export const wishAction = (wish: Wish): ButtonAction => ({ kind: 'wish', wish });
export const uiAction = (ui: UiAction): ButtonAction => ({ kind: 'ui', ui });

export const card = (owner: string, position: number, code: string | null, flags: Partial<Omit<CardSpot, 'owner' | 'position' | 'code'>> = {}): CardSpot => ({
  owner,
  position,
  code,
  held: flags.held ?? false,
  winning: flags.winning ?? false,
  selected: flags.selected ?? false,
  discarded: flags.discarded ?? false,
});
