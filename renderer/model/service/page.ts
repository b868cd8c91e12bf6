// What a service screen shows (attendant menu, PIN pad, the technician's audit pages, tilts), as
// plain data like the player screens' SceneModel: made by pure functions, drawn by the service
// screen, reported as-is by the test hook.

import type { ButtonSpec, CardSpot } from '../parts';
import type { ServiceMode, ServicePageName } from './actions';

/** `warn`: not a fault, but not as it should be where the cabinet stands (records not anchored on a cabinet's PC). */
export type Tone = 'ok' | 'bad' | 'warn' | 'info' | 'plain';

export interface ServiceTable {
  columns: string[];
  /** Share of the width per column (sums to 1). */
  widths: number[];
  /** Right-aligned columns (figures). */
  numeric: boolean[];
  rows: { cells: string[]; tone: Tone }[];
  /** "Page 2 of 5" or similar; null when everything fits. */
  pageText: string | null;
  /** A text too long for its cell takes a second line at the same size rather than being shrunk. */
  wrap?: boolean;
  /** Rows closer together (a pay table's preview under its returns). */
  compact?: boolean;
}

export interface CardGroup {
  name: string;
  label: string;
  /** Hand name or outcome under the cards. */
  note: string | null;
  cards: CardSpot[];
}

export interface Indicator {
  name: string;
  label: string;
  state: 'off' | 'seen' | 'on';
}

export interface ConfirmModel {
  title: string;
  lines: string[];
  /** "Step 1 of 2" for a double confirmation. */
  stepText: string | null;
}

export interface ServiceModel {
  mode: ServiceMode;
  page: ServicePageName;
  /** The page's title, and the headline: a figure or a verdict in large type. */
  title: string;
  headline: { text: string; tone: Tone } | null;
  lines: { text: string; tone: Tone }[];
  cards: CardGroup[];
  table: ServiceTable | null;
  indicators: Indicator[];
  /** Tabs of the technician's menu (or the attendant's). */
  nav: ButtonSpec[];
  /** Choices in the body: recalled games, settings fields, pay tables, lamps. */
  list: ButtonSpec[];
  listColumns: number;
  /** The list's buttons tall enough for a long name on two lines at its size (the pay tables' names). */
  listTall?: boolean;
  /** A keypad or keyboard, and how many keys a row. */
  keypad: ButtonSpec[];
  keypadColumns: number;
  /** The field or PIN being typed, as shown above the keypad. */
  entry: { label: string; text: string } | null;
  actions: ButtonSpec[];
  confirm: ConfirmModel | null;
  confirmButtons: ButtonSpec[];
  /** A refusal or a query's failure, with the cabinet's reason. */
  notice: string | null;
  /** Long work under way on the cabinet and what it does meanwhile (work.ts); shown where no notice is. */
  work: string | null;
  /** The page shows a running clock (PIN lockout, tilt durations): redraw each second. */
  ticking: boolean;
}

/** Every button on the page; under a confirmation the others are inert (describe-page.ts). */
export const allServiceButtons = (m: ServiceModel): ButtonSpec[] => [
  ...m.nav,
  ...m.list,
  ...m.keypad,
  ...m.actions,
  ...m.confirmButtons,
];
