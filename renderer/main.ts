// The player screens' entry: load the font, start Pixi (WebGL, or canvas on a software GPU), connect the carrier, and redraw
// the scene whenever the cabinet's snapshot or the screen's own page changes.

// The page runs under a CSP without 'unsafe-eval' (src/host): Pixi's static shader paths.
import 'pixi.js/unsafe-eval';
import { Application, type Container } from 'pixi.js';
import { pickCarrier, type CabinetBridge, type SocketLike } from './transport/carrier';
import { loadFonts } from './ui/fonts';
import { preferCanvas, probeGlRenderer } from './ui/renderer-choice';
import { t } from './i18n/texts';
import type { Language } from './i18n/language';
import { fit } from './ui/layout';
import { describeScene, pickScreen } from './model/describe-scene';
import type { ButtonSpec } from './model/parts';
import type { SceneModel } from './model/scene';
import { Navigator } from './screens/navigator';
import { QueryRefused, ScreenStore } from './transport/store';
import type { Query } from '../src/contract';
import type { ServiceAction } from './model/service/actions';
import { installTestHook, testMode } from './test-hook';
import { deckSheet } from './ui/deck-sheet';
import { COLORS } from './ui/theme';
import {
  applyUi,
  finishRollUp,
  followActivity,
  followAttract,
  followKeys,
  followSnapshot,
  initialUi,
  noteInput,
  selectedPositions,
  type UiState,
} from './model/ui-state';
import { attractKey } from './model/play/attract-loop';
import { renderSound, SoundBoard } from './audio/sound-board';
import { SOUND_NAMES } from './audio/sounds';
import { Presentation } from './audio/presentation';
import { cardMotionListeners } from './ui/card-view';
import { heldBack, stillShowing } from './model/play/rollup';

const log = (line: string): void => console.warn(`[screen] ${line}`);

async function start(): Promise<void> {
  await loadFonts(document.fonts, log);
  const app = new Application();
  // autoStart off: the loop below renders only when something changed or moves (a still
  // screen costs nothing, which matters on a software-rendered GPU).
  const glRenderer = probeGlRenderer(document);
  const preference = preferCanvas(glRenderer) ? 'canvas' : 'webgl';
  log(`renderer: ${preference} (WebGL device: ${glRenderer ?? 'none'})`);
  await app.init({
    preference,
    resizeTo: window,
    antialias: preference === 'webgl',
    background: COLORS.backdrop,
    autoDensity: true,
    resolution: 1,
    autoStart: false,
  });
  document.body.appendChild(app.canvas);

  const host = window as unknown as {
    cabinetBridge?: CabinetBridge;
    WebSocket: new (url: string) => SocketLike;
    location: Location;
  };
  const store = new ScreenStore(
    pickCarrier({ cabinetBridge: host.cabinetBridge, location: window.location, WebSocket: host.WebSocket }, log),
  );
  let ui: UiState = initialUi(Date.now());
  let model: SceneModel;
  let noticeId = 0;
  let noticeAt = -1;
  let refusalAt = -1;
  /** The clock the scene on show was made at. */
  let shownAt = 0;

  // The speaker: unlocked by the first touch or key in a browser (Electron may sound at once).
  const sounds = new SoundBoard(() =>
    typeof AudioContext === 'function' ? new AudioContext({ latencyHint: 'interactive' }) : null,
  );
  const presentation = new Presentation(sounds);
  for (const kind of ['pointerdown', 'keydown'] as const)
    window.addEventListener(kind, () => sounds.unlock(), { capture: true });
  cardMotionListeners.add((motion, delayMs) => sounds.play(motion, delayMs));

  const serviceStep = (action: ServiceAction): void => {
    const step = applyUi(ui, { type: 'svc', action }, store.snapshot);
    ui = step.ui;
    render();
  };

  // The service pages' reads: each answer (or refusal) lands in the service state. A recalled
  // game is replayed through the rules core, loaded only then (its tables are large).
  const ask = (queries: Query[]): void => {
    for (const q of queries) {
      store.query(q).then(
        async (answer) => {
          if (answer.type !== 'recallGame') return serviceStep({ type: 'answer', answer, asked: q });
          const { recallFrames } = await import('./model/service/recall-steps');
          serviceStep({ type: 'recalled', record: answer, run: recallFrames(answer.replay, answer.result) });
        },
        (error: unknown) => {
          const refused = error instanceof QueryRefused ? error : new QueryRefused('error', String(error));
          serviceStep({ type: 'refused', asked: q, rule: refused.rule, reason: refused.reason });
        },
      );
    }
  };

  const onPress = (spec: ButtonSpec): void => {
    ui = noteInput(ui, Date.now());
    // A dimmed button touched: the cabinet would not take it now.
    if (!spec.live) {
      sounds.play('refused');
      return;
    }
    if (spec.action?.kind === 'wish') {
      // Any press that wishes (DEAL above all) shows a win being counted in full first.
      ui = finishRollUp(ui);
      store.wish(spec.action.wish);
    } else if (spec.action?.kind === 'ui') {
      const select = spec.action.ui.type === 'select' ? spec.action.ui.position : null;
      if (select !== null && store.snapshot)
        sounds.play(selectedPositions(ui, store.snapshot).includes(select) ? 'holdOff' : 'holdOn');
      const step = applyUi(ui, spec.action.ui, store.snapshot);
      ui = step.ui;
      if (step.wish) store.wish(step.wish);
      if (step.queries) ask(step.queries);
    }
    render();
  };

  const navigator = new Navigator(onPress, app.screen.width, app.screen.height);
  app.stage.addChild(navigator.stage);
  // Any touch counts as input for the attract timer, buttons or not.
  app.stage.eventMode = 'static';
  app.stage.hitArea = app.screen;
  app.stage.on('pointerdown', () => {
    ui = noteInput(ui, Date.now());
  });

  const noticeText = (language: Language): { text: string; id: number } | null => {
    const n = store.notice;
    if (!n) return null;
    if (n.at !== noticeAt) {
      noticeAt = n.at;
      noticeId++;
    }
    return { text: t(language, n.rule === 'C-2' ? 'notice.credits' : 'notice.refused'), id: noticeId };
  };

  let dirty = true;
  function render(): void {
    const now = Date.now();
    const keys = followKeys(followSnapshot(followActivity(ui, store.snapshot, now), store.snapshot), store.snapshot);
    const shown = presentation.onSnapshot(store.snapshot, { ...keys.ui, now });
    ui = followAttract(shown, store.snapshot !== null && pickScreen(store.snapshot, shown) === 'attract', now);
    ask(keys.queries);
    // A refusal that came after the last touch is shown with the cabinet's reason on the service pages.
    const n = store.notice;
    if (n && n.rule !== null && n.at !== refusalAt) {
      refusalAt = n.at;
      sounds.play('refused');
    }
    const refusal = n && n.at >= ui.lastInputAt ? { rule: n.rule, text: n.text } : null;
    model = describeScene(store.snapshot, ui, store.status, 'en', refusal);
    shownAt = ui.now;
    // The service pages show a refusal with its reason themselves.
    navigator.draw(model, model.screen === 'service' ? null : noticeText(model.language));
    dirty = true;
  }

  store.subscribe(render);
  app.renderer.on('resize', (w: number, h: number) => {
    navigator.resize(w, h);
    dirty = true;
  });
  let frames = 0;
  let last = performance.now();
  let sinceDraw = 0;
  let wasMoving = false;
  let sinceCheck = 0;
  let attractShown = '';
  const AMBIENT_MS = 1000 / 30;
  // Under the test hook the ambient effects (a flashing row, the attract shimmer) hold still, so
  // screenshots and pixel probes see a still scene; deals, flips and reveals still run.
  const ambientOn = !testMode(window.location.search);
  const loop = (now: number): void => {
    // Motions run on wall time, so a slow frame shortens them rather than stretching them.
    const dt = Math.max(0, Math.min(1000, now - last));
    last = now;
    navigator.update(dt);
    const shown = presentation.onFrame(ui, navigator.cardsMoving());
    ui = shown.ui;
    // The attract loop's pages and demonstration steps follow the clock.
    const attract =
      model.screen === 'attract' && ui.attractSince !== null ? attractKey(Date.now() - ui.attractSince) : '';
    if (shown.redraw || attract !== attractShown) render();
    attractShown = attract;
    sinceDraw += dt;
    // One more frame after a motion ends, so its last position is the one on screen.
    const moving = navigator.animating();
    if (dirty || moving || wasMoving || (ambientOn && navigator.ambient() && sinceDraw >= AMBIENT_MS)) {
      app.render();
      frames++;
      dirty = false;
      sinceDraw = 0;
    }
    wasMoving = moving;
    // The attract timer has no event of its own: look again once a second.
    sinceCheck += dt;
    if (sinceCheck > 1000) {
      sinceCheck = 0;
      presentation.tick();
      // The SAS link's counters move with every poll, the records' counter with every commit,
      // neither with the snapshot: read them again.
      if (ui.service.mode === 'technician' && ui.service.page === 'devices')
        ask(store.snapshot?.service.settings.sas ? [{ type: 'sasLink' }, { type: 'anchor' }] : [{ type: 'anchor' }]);
      // Clocks on a service page (a PIN lockout, a tilt's duration) count every second.
      if (
        model.service?.ticking ||
        describeScene(store.snapshot, { ...ui, now: Date.now() }, store.status).screen !== model.screen
      )
        render();
    }
    requestAnimationFrame(loop);
  };
  render();
  requestAnimationFrame(loop);

  if (testMode(window.location.search)) {
    let sheet: Container | null = null;
    installTestHook(window as never, {
      model: () => model,
      navigator,
      frames: () => frames,
      fit: () => ({ design: navigator.design, fit: fit(app.screen.width, app.screen.height, navigator.design) }),
      version: () => store.snapshot?.version ?? null,
      sounds: () => sounds.played(),
      soundCheck: () => Promise.all(SOUND_NAMES.map((name) => renderSound(name))),
      rollUp: () => {
        const r = stillShowing(ui.rollUp, store.snapshot);
        // At the time the scene on show was made, so it agrees with the meters the hook reports.
        return (
          r && {
            credited: r.credited,
            heldBack: heldBack(r, shownAt),
            steps: r.steps,
            durationMs: r.durationMs,
            size: r.size,
            started: r.startAt !== null,
            finished: r.finished,
          }
        );
      },
      seekAttract: (ms) => {
        if (ui.attractSince === null) return false;
        ui = { ...ui, attractSince: Date.now() - ms };
        render();
        return true;
      },
      deck: (cardW, cardH) => {
        sheet?.destroy({ children: true });
        sheet = null;
        if (cardW === null) return [];
        const made = deckSheet(cardW, cardH);
        sheet = made.container;
        app.stage.addChild(sheet);
        app.render();
        return made.cells;
      },
    });
  }
}

start().catch((error: unknown) => {
  log(`the screen failed to start: ${error instanceof Error ? error.stack : String(error)}`);
  document.body.textContent = 'The screen failed to start.';
});
