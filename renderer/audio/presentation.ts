// What the screen does between the cabinet's snapshots to sound and look like a cabinet: the
// sounds each snapshot calls for, the win fanfare once the cards have landed and the roll-up
// that follows it tick by tick (a ticket's credit counts up the same way, without the fanfare), and the handpay and tilt alarm rung again every few seconds
// until an attendant (or technician) turns a key. Presentation only: it reads snapshots and
// never wishes anything.

import type { Snapshot } from '../../src/contract';
import { snapshotCues } from './cues';
import type { SoundBoard } from './sound-board';
import type { SoundName } from './sounds';
import {
  celebrating,
  rollUpStep,
  settlement,
  startRollUp,
  stillShowing,
  ticketCredit,
  type WinSize,
} from '../model/play/rollup';
import { finishRollUp, type UiState } from '../model/ui-state';

const WIN_SOUND: Record<WinSize, SoundName> = { small: 'winSmall', medium: 'winMedium', big: 'winBig' };
/** The alarm rings for a second, then again after this long, until someone comes. */
export const ALARM_EVERY_MS = 2400;

interface Alarm {
  key: string;
  attended: boolean;
  nextAt: number;
}

function alarmKey(s: Snapshot): string | null {
  const l = s.lockup;
  if (!l) return null;
  return l.kind === 'handpay'
    ? `handpay:${l.handpayKind}:${l.amount}`
    : `tilt:${l.tilts
        .map((t) => t.code)
        .sort()
        .join(',')}`;
}

export class Presentation {
  private prev: Snapshot | null = null;
  private alarm: Alarm | null = null;
  /** A win paid by hand: no roll-up, but its fanfare once the cards land. */
  private pendingWin: WinSize | null = null;
  private lastStep = 0;
  private wasCelebrating = false;

  constructor(
    private readonly sounds: SoundBoard,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A snapshot to show: the sounds it calls for, a roll-up it starts or ends, the alarm. */
  onSnapshot(s: Snapshot | null, ui: UiState): UiState {
    if (!s || s === this.prev) return ui;
    const prev = this.prev;
    this.prev = s;
    const now = this.clock();
    this.level(s, now);
    for (const cue of snapshotCues(prev, s)) this.sounds.play(cue);
    let next = ui;
    // A deck button, like a press on the screen, finishes a count under way.
    if (prev && prev.activity.seq !== s.activity.seq && s.activity.kind === 'button') next = finishRollUp(next);
    const bigWinBets = s.service.settings.presentation.bigWinBets;
    const settled = settlement(prev, s, bigWinBets) ?? ticketCredit(prev, s);
    if (settled) {
      const rollUp = startRollUp(settled, bigWinBets);
      next = { ...next, rollUp };
      this.lastStep = 0;
      this.pendingWin = rollUp ? null : settled.size;
    } else if (next.rollUp && !stillShowing(next.rollUp, s)) {
      next = { ...next, rollUp: null };
    }
    this.follow(s, now);
    return next;
  }

  /**
   * Every frame: the fanfare and the count start once the cards have landed, a tick for each step
   * counted, the alarm again. Says whether the scene changed (the credits shown, the celebration).
   */
  onFrame(ui: UiState, cardsMoving: boolean): { ui: UiState; redraw: boolean } {
    const now = this.clock();
    let redraw = false;
    if (this.alarm && !this.alarm.attended && now >= this.alarm.nextAt) {
      this.sounds.play('alarm');
      this.alarm.nextAt = now + ALARM_EVERY_MS;
    }
    if (this.pendingWin && !cardsMoving) {
      this.sounds.play(WIN_SOUND[this.pendingWin]);
      this.pendingWin = null;
    }
    let r = stillShowing(ui.rollUp, this.prev);
    if (r && r.startAt === null && !r.finished && !cardsMoving) {
      r = { ...r, startAt: now };
      ui = { ...ui, rollUp: r };
      if (r.size) this.sounds.play(WIN_SOUND[r.size]);
      redraw = true;
    }
    if (r && r.startAt !== null) {
      const step = rollUpStep(r, now);
      if (r.finished) {
        redraw ||= this.lastStep !== r.steps;
        this.lastStep = r.steps;
      } else if (step > this.lastStep) {
        // One tick a frame at most: a slow frame does not stack them.
        this.sounds.play('tick');
        this.lastStep = step;
        redraw = true;
      }
    }
    const party = celebrating(r, now);
    if (party !== this.wasCelebrating) redraw = true;
    this.wasCelebrating = party;
    return { ui, redraw };
  }

  /** Once a second: the attendant's mute ends by the clock. */
  tick(): void {
    if (this.prev) this.level(this.prev, this.clock());
  }

  private level(s: Snapshot, now: number): void {
    this.sounds.setLevel(s.service.settings.presentation.volume, s.mutedUntil > now);
  }

  private follow(s: Snapshot, now: number): void {
    const key = alarmKey(s);
    if (key === null) {
      this.alarm = null;
      return;
    }
    if (this.alarm?.key !== key) this.alarm = { key, attended: false, nextAt: now };
    // The attendant (or a technician) has come: the bell stops for this lockup.
    if (s.keys.attendant || s.keys.technician) this.alarm.attended = true;
  }
}
