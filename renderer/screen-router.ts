// Where the screen's inputs go and what it shows from them: a snapshot, a touch, an answer or the
// clock becomes the next presentation state (model/ui-state.ts), a wish or a query to the
// cabinet, and the scene the navigator draws. It follows the navigator's frames for what moves
// with time (a win counted up, the attract loop's pages) and looks at the clock once a second.

import { t } from './i18n/texts';
import type { Language } from './i18n/language';
import { describeScene, pickScreen } from './model/describe-scene';
import type { ButtonSpec } from './model/parts';
import type { SceneModel } from './model/scene';
import type { ServiceAction } from './model/service/actions';
import { pagePolls } from './model/service/page-polls';
import {
  applyUi,
  finishRollUp,
  followActivity,
  followAttract,
  followKeys,
  followSnapshot,
  initialUi,
  noteTouch,
  selectedPositions,
  type UiState,
} from './model/ui-state';
import { attractKey } from './model/play/attract-loop';
import { heldBack, stillShowing } from './model/play/rollup';
import type { Presentation } from './audio/presentation';
import type { SoundBoard } from './audio/sound-board';
import type { Navigator } from './screens/navigator';
import { QueryRefused, type ScreenStore } from './transport/store';
import { PressJournal } from './press-journal';
import type { Query } from '../src/contract';

const SECOND_MS = 1000;

export class ScreenRouter {
  private ui: UiState = initialUi(Date.now());
  private scene!: SceneModel;
  private noticeSeq = -1;
  /** The refusal on show, the cabinet's or a dimmed button's; `id` tells a repeated one from the same drawn again. */
  private lastNotice: { rule: string | null; text: string; at: number; id: number } | null = null;
  /** Every press and what became of it (the test hook's). */
  readonly journal = new PressJournal();
  /** The clock the scene on show was made at. */
  private shownAt = 0;
  private attractShown = '';
  private sinceSecond = 0;

  constructor(
    private readonly store: ScreenStore,
    private readonly navigator: Navigator,
    private readonly sounds: SoundBoard,
    private readonly presentation: Presentation,
  ) {
    store.subscribe(() => this.render());
    navigator.onFrame((dt) => this.frame(dt));
    this.render();
  }

  /** The scene on show. */
  get model(): SceneModel {
    return this.scene;
  }

  /** Any touch on the screen, buttons or not: it counts as input for the attract timer. */
  touched(): void {
    this.ui = noteTouch(this.ui, Date.now());
  }

  /**
   * A button pressed (a touch on it, or the test hook's press): acted on, or refused where it
   * stands, shown and heard. Nothing in between: no press is dropped (C-20, C-22).
   */
  readonly press = (spec: ButtonSpec): void => {
    this.touched();
    const entry = this.act(spec);
    this.journal.record({ name: spec.name, ...entry });
    if (entry.outcome === 'refused') {
      this.sounds.play('refused');
      this.lastNotice = { rule: null, text: '', at: Date.now(), id: (this.lastNotice?.id ?? 0) + 1 };
    }
    this.render();
  };

  private act(spec: ButtonSpec): { outcome: 'ui' | 'refused' | 'wish'; wishId: number | null } {
    // A dimmed button touched: the cabinet would not take it now.
    if (!spec.live || !spec.action) return { outcome: 'refused', wishId: null };
    if (spec.action.kind === 'wish') {
      // Any press that wishes (DEAL above all) shows a win being counted in full first.
      this.ui = finishRollUp(this.ui);
      const id = this.store.wish(spec.action.wish);
      return id === null ? { outcome: 'refused', wishId: null } : { outcome: 'wish', wishId: id };
    }
    const select = spec.action.ui.type === 'select' ? spec.action.ui.position : null;
    const snapshot = this.store.snapshot;
    if (select !== null && snapshot)
      this.sounds.play(selectedPositions(this.ui, snapshot).includes(select) ? 'holdOff' : 'holdOn');
    const step = applyUi(this.ui, spec.action.ui, snapshot);
    this.ui = step.ui;
    if (step.queries) this.ask(step.queries);
    if (!step.wish) return { outcome: 'ui', wishId: null };
    const id = this.store.wish(step.wish);
    return id === null ? { outcome: 'refused', wishId: null } : { outcome: 'wish', wishId: id };
  }

  /** The win being counted into the credits, as the scene on show has it (the test hook's). */
  rollUpShown(): unknown {
    const r = stillShowing(this.ui.rollUp, this.store.snapshot);
    // At the time the scene on show was made, so it agrees with the meters the hook reports.
    return (
      r && {
        credited: r.credited,
        heldBack: heldBack(r, this.shownAt),
        steps: r.steps,
        durationMs: r.durationMs,
        size: r.size,
        started: r.startAt !== null,
        finished: r.finished,
      }
    );
  }

  /** Moves the attract loop to `ms` after it began; false when it is not on (the test hook's). */
  seekAttract(ms: number): boolean {
    if (this.ui.attractSince === null) return false;
    this.ui = { ...this.ui, attractSince: Date.now() - ms };
    this.render();
    return true;
  }

  private serviceStep(action: ServiceAction): void {
    this.ui = applyUi(this.ui, { type: 'svc', action }, this.store.snapshot).ui;
    this.render();
  }

  // The service pages' reads: each answer (or refusal) lands in the service state; a recalled
  // game comes stepped through by the cabinet, frame by frame.
  private ask(queries: Query[]): void {
    for (const q of queries) {
      this.store.query(q).then(
        (answer) => {
          if (answer.type !== 'recallGame') return this.serviceStep({ type: 'answer', answer, asked: q });
          this.serviceStep({ type: 'recalled', record: answer, run: answer.run });
        },
        (error: unknown) => {
          const refused = error instanceof QueryRefused ? error : new QueryRefused('error', String(error));
          this.serviceStep({ type: 'refused', asked: q, rule: refused.rule, reason: refused.reason });
        },
      );
    }
  }

  /** The latest refusal, the cabinet's or a dimmed button's, in the player's words. */
  private noticeText(language: Language): { text: string; id: number } | null {
    const n = this.lastNotice;
    return n && { text: t(language, n.rule === 'C-2' ? 'notice.credits' : 'notice.refused'), id: n.id };
  }

  /** Makes the scene from the snapshot and the presentation state, and has the navigator draw it. */
  private render(): void {
    const now = Date.now();
    const snapshot = this.store.snapshot;
    const keys = followKeys(followSnapshot(followActivity(this.ui, snapshot, now), snapshot), snapshot);
    const shown = this.presentation.onSnapshot(snapshot, { ...keys.ui, now });
    this.ui = followAttract(shown, snapshot !== null && pickScreen(snapshot, shown) === 'attract', now);
    this.ask(keys.queries);
    // Each of the cabinet's refusals is heard once and takes the strip; a refusal that came after
    // the last touch is shown with the cabinet's reason on the service pages.
    const n = this.store.notice;
    if (n && n.seq !== this.noticeSeq) {
      this.noticeSeq = n.seq;
      if (n.rule !== null) this.sounds.play('refused');
      this.lastNotice = { rule: n.rule, text: n.text, at: n.at, id: (this.lastNotice?.id ?? 0) + 1 };
    }
    const last = this.lastNotice;
    const refusal = last && last.at >= this.ui.lastInputAt ? { rule: last.rule, text: last.text } : null;
    this.scene = describeScene(snapshot, this.ui, this.store.status, 'en', refusal);
    this.shownAt = this.ui.now;
    // The service pages show a refusal with its reason themselves.
    this.navigator.draw(this.scene, this.scene.screen === 'service' ? null : this.noticeText(this.scene.language));
  }

  /** Every frame, after the screens moved: what follows the clock rather than a snapshot. */
  private frame(dt: number): void {
    const shown = this.presentation.onFrame(this.ui, this.navigator.cardsMoving());
    this.ui = shown.ui;
    // The attract loop's pages and demonstration steps follow the clock.
    const attract =
      this.scene.screen === 'attract' && this.ui.attractSince !== null
        ? attractKey(Date.now() - this.ui.attractSince)
        : '';
    if (shown.redraw || attract !== this.attractShown) this.render();
    this.attractShown = attract;
    // The attract timer has no event of its own: look again once a second.
    this.sinceSecond += dt;
    if (this.sinceSecond > SECOND_MS) {
      this.sinceSecond = 0;
      this.everySecond();
    }
  }

  private everySecond(): void {
    this.presentation.tick();
    this.ask(pagePolls(this.ui.service, this.store.snapshot));
    // Clocks on a service page (a PIN lockout, a tilt's duration) count every second, and the
    // attract loop starts by the clock.
    const now = { ...this.ui, now: Date.now() };
    if (
      this.scene.service?.ticking ||
      describeScene(this.store.snapshot, now, this.store.status).screen !== this.scene.screen
    )
      this.render();
  }
}
