// The parts every scene is made of, player's or service's: buttons, cards, meters, banners, pay
// tables, as plain data the views draw and the test hook reports.

import type { Snapshot } from '../../src/contract';
import type { ButtonAction } from './actions';

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
  /** A wild card (W-1: a deuce in Deuces Wild), marked WILD. */
  wild: boolean;
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
  /** The headings drawn above the figures (the help's table, read away from the game); the glass leaves them out. */
  headed: boolean;
  rows: { category: string; label: string; values: string[] }[];
  /** The current bet's column, lit. */
  litColumn: number | null;
  /** The category row to highlight (a paying hand on show). */
  winRow: string | null;
}

/** The cabinet would take a wish of this type now: its button is live. */
export const isLive = (s: Snapshot, type: string): boolean => s.live.includes(type);

export const button = (
  name: string,
  label: string,
  live: boolean,
  action: ButtonAction | null,
  sub: string | null = null,
  selected = false,
): ButtonSpec => ({
  name,
  label,
  sub,
  live,
  selected,
  action,
});

export const card = (
  owner: string,
  position: number,
  code: string | null,
  flags: Partial<Omit<CardSpot, 'owner' | 'position' | 'code'>> = {},
): CardSpot => ({
  owner,
  position,
  code,
  held: flags.held ?? false,
  winning: flags.winning ?? false,
  selected: flags.selected ?? false,
  discarded: flags.discarded ?? false,
  wild: flags.wild ?? false,
});
