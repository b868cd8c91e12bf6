// The player screens' entry: load the font, start Pixi, connect the carrier, and wire the rooms
// together: the router turns snapshots and touches into scenes and wishes, the navigator draws
// them and drives the frames, the sound board and the presentation follow both.

import type { Container } from 'pixi.js';
import { pickCarrier, type CabinetBridge, type SocketLike } from './transport/carrier';
import { loadFonts } from './ui/fonts';
import { startPixi } from './ui/pixi-start';
import { fit } from './ui/layout';
import { Navigator } from './screens/navigator';
import { ScreenStore } from './transport/store';
import { ambientPace, installTestHook, testMode } from './test-hook';
import { deckSheet } from './ui/deck-sheet';
import { renderSound, SoundBoard } from './audio/sound-board';
import { SOUND_NAMES } from './audio/sounds';
import { Presentation } from './audio/presentation';
import { cardMotionListeners } from './ui/card-view';
import { drawCardsWith } from './ui/card-textures';
import { ScreenRouter } from './screen-router';
import { ButtonView } from './ui/button-view';

const log = (line: string): void => console.warn(`[screen] ${line}`);

async function start(): Promise<void> {
  await loadFonts(document.fonts, log);
  const app = await startPixi(log);
  drawCardsWith(app.renderer);

  const host = window as unknown as {
    cabinetBridge?: CabinetBridge;
    WebSocket: new (url: string) => SocketLike;
    location: Location;
  };
  const store = new ScreenStore(
    pickCarrier({ cabinetBridge: host.cabinetBridge, location: window.location, WebSocket: host.WebSocket }, log),
  );

  // The speaker: unlocked by the first touch or key in a browser (Electron may sound at once).
  const sounds = new SoundBoard(() =>
    typeof AudioContext === 'function' ? new AudioContext({ latencyHint: 'interactive' }) : null,
  );
  const presentation = new Presentation(sounds);
  for (const kind of ['pointerdown', 'keydown'] as const)
    window.addEventListener(kind, () => sounds.unlock(), { capture: true });
  cardMotionListeners.add((motion, delayMs) => sounds.play(motion, delayMs));

  const navigator = new Navigator((spec) => router.press(spec), app.screen.width, app.screen.height);
  app.stage.addChild(navigator.stage);
  const router = new ScreenRouter(store, navigator, sounds, presentation);
  // Any touch counts as input for the attract timer, buttons or not.
  app.stage.eventMode = 'static';
  app.stage.hitArea = app.screen;
  app.stage.on('pointerdown', (e) => {
    // A touch that landed on a button is a press, whatever becomes of it (the journal counts both).
    for (let node: Container | null = e.target as Container | null; node; node = node.parent)
      if (node instanceof ButtonView) {
        router.journal.touched();
        break;
      }
    router.touched();
  });
  app.renderer.on('resize', (w: number, h: number) => navigator.resize(w, h));
  navigator.run(() => app.render(), ambientPace(window.location.search));

  if (testMode(window.location.search)) {
    let sheet: Container | null = null;
    installTestHook(window as never, {
      model: () => router.model,
      navigator,
      frames: () => navigator.frames,
      fit: () => ({ design: navigator.design, fit: fit(app.screen.width, app.screen.height, navigator.design) }),
      version: () => store.snapshot?.version ?? null,
      sounds: () => sounds.played(),
      soundCheck: () => Promise.all(SOUND_NAMES.map((name) => renderSound(name))),
      rollUp: () => router.rollUpShown(),
      seekAttract: (ms) => router.seekAttract(ms),
      presses: () => ({ ...router.journal.count(store.outcomes), heard: sounds.totals.get('refused') ?? 0 }),
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
