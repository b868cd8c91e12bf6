// What the service screens speak of: their pages, the fields a technician edits, the
// confirmations in front of a clear or a change, and every action on their own state. Plain
// types, below both the state (state.ts) and the pages (page.ts) that use them.

import type { Answer, Query, Snapshot, Wish } from '../../../src/contract';
import type { GameId, RecallRun } from '../../../src/contract';

export type ServiceMode = 'attendant' | 'pin' | 'technician';
export type ServicePageName =
  | 'attendant'
  | 'tickets'
  | 'pin'
  | 'home'
  | 'meters'
  | 'recall'
  | 'recallGame'
  | 'events'
  | 'devices'
  | 'settings'
  | 'tilts';

export type RecallGame = Extract<Answer, { type: 'recallGame' }>;
export type EventsPage = Extract<Answer, { type: 'events' }>;

export type LimitName = keyof Snapshot['service']['settings']['limits'];
export type PresentationName = keyof Snapshot['service']['settings']['presentation'];
export type EditField =
  | 'chipValues'
  | `limits.${LimitName}`
  | 'games'
  | `payTables.${GameId}`
  | 'defaultLanguage'
  | 'currency'
  | 'minorDigits'
  | 'venue'
  | 'machine'
  | `presentation.${PresentationName}`
  | 'sas.address'
  | 'sas.allowClockSet'
  | 'sas.allowRemoteHandpayReset'
  | 'pin';

export type ConfirmWhat = 'creditClear' | 'periodClear' | 'ramClear' | 'settings' | 'pin';

export interface PendingConfirm {
  what: ConfirmWhat;
  /** 1-based; a double confirmation has two distinct steps before anything is wished. */
  step: number;
  steps: number;
  wish: Wish;
  /** What changes, for the settings: the field and its values as shown. */
  changes: { field: EditField; from: string; to: string }[];
  /** An amount to show (credit clear). */
  amount: number | null;
}

export type ServiceAction =
  | { type: 'page'; page: ServicePageName }
  | { type: 'refresh' }
  | { type: 'pinKey'; key: string }
  | { type: 'pinEnter' }
  | { type: 'metersPage'; page: number }
  | { type: 'recallPage'; page: number }
  | { type: 'recallOpen'; gameId: number }
  | { type: 'recallStep'; step: number }
  | { type: 'eventsOlder'; beforeSeq: number }
  | { type: 'eventsNewer' }
  | { type: 'ask'; confirm: PendingConfirm }
  | { type: 'confirmYes' }
  | { type: 'confirmNo' }
  | { type: 'edit'; field: EditField; draft: string }
  | { type: 'editKey'; key: string }
  | { type: 'editPick'; value: string }
  | { type: 'editDone'; confirm: PendingConfirm | null }
  | { type: 'editCancel' }
  | { type: 'answer'; answer: Answer; asked: Query }
  | { type: 'recalled'; record: RecallGame; run: RecallRun }
  | { type: 'refused'; asked: Query; rule: string; reason: string };
