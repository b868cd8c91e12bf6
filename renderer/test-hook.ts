// Only with ?test=1: a plain-JSON account of what the scene shows, a way to press a named
// on-screen button exactly as a touch would, and the frame count. Absent otherwise.

import type { Design, Fit } from './ui/layout';
import type { SceneModel } from './model/scene';
import type { Navigator } from './screens/navigator';
import type { Played } from './audio/sound-board';
import { motions } from './ui/card-view';
import type { AmbientPace } from './screens/frame-pacer';
import type { PressCount } from './press-journal';

export interface TestHookDeps {
  model: () => SceneModel;
  navigator: Navigator;
  frames: () => number;
  fit: () => { design: Design; fit: Fit };
  version: () => number | null;
  /** The sounds played, in the order they sound. */
  sounds: () => Played[];
  /** Renders every sound alone offline: its length, peak and loudness. */
  soundCheck: () => Promise<{ name: string; seconds: number; peak: number; rms: number }[]>;
  /** The win being counted into the credits, if any. */
  rollUp: () => unknown;
  /** Moves the attract loop to `ms` after it began (false when it is not on). */
  seekAttract: (ms: number) => boolean;
  /** Touches on buttons and what became of each press (press-journal.ts). */
  presses: () => PressCount & { heard: number };
  /** Lays every face out on a sheet over the screen (null takes it away); the sheet's cells. */
  deck: (
    cardW: number | null,
    cardH: number,
  ) => { code: string; rect: { x: number; y: number; w: number; h: number } }[];
}

export const testMode = (search: string): boolean => new URLSearchParams(search).get('test') === '1';

/**
 * Under the test hook the ambient effects (a flashing row, the attract shimmer, a big win's
 * sparkles) hold still, so screenshots and pixel probes see a still scene; deals, flips and
 * reveals still run. `ambient=every-frame` keeps them moving and draws them every frame (the
 * screens bench, frame cap off).
 */
export function ambientPace(search: string): AmbientPace {
  if (!testMode(search)) return 'paced';
  return new URLSearchParams(search).get('ambient') === 'every-frame' ? 'every-frame' : 'still';
}

type HookWindow = {
  __scene?: () => unknown;
  __press?: (name: string) => boolean;
  __frames?: () => number;
  __deck?: TestHookDeps['deck'];
  __sounds?: TestHookDeps['sounds'];
  __soundCheck?: TestHookDeps['soundCheck'];
  __seekAttract?: TestHookDeps['seekAttract'];
  __panels?: () => unknown;
  __presses?: () => PressCount & { heard: number };
  __layoutFaults?: () => { covered: string[]; squeezed: string[] };
  __touchable?: () => { screen: string | null; spots: { name: string; x: number; y: number; live: boolean }[] };
};

export function installTestHook(win: HookWindow, deps: TestHookDeps): void {
  win.__frames = deps.frames;
  win.__deck = deps.deck;
  win.__sounds = deps.sounds;
  win.__soundCheck = deps.soundCheck;
  win.__seekAttract = deps.seekAttract;
  win.__panels = () => deps.navigator.panels();
  win.__presses = deps.presses;
  win.__layoutFaults = () => deps.navigator.layoutFaults();
  // What a finger could touch now, at the middle of each, in the page's pixels (cheap: no scene).
  win.__touchable = () => {
    const { fit } = deps.fit();
    const spots = deps.navigator
      .panels()
      .filter((p) => p.kind !== 'meter')
      .map((p) => ({
        name: p.name,
        x: fit.x + (p.rect.x + p.rect.w / 2) * fit.scale,
        y: fit.y + (p.rect.y + p.rect.h / 2) * fit.scale,
        live: p.live,
      }));
    return { screen: deps.navigator.screenName, spots };
  };
  win.__press = (name: string) => {
    const view = deps.navigator.buttons().find((b) => b.spec?.name === name);
    return view ? view.press() : false;
  };
  win.__scene = () => {
    const m = deps.model();
    const onShow = new Map(
      [...deps.navigator.underlyingButtons(), ...deps.navigator.buttons()].map((v) => [v.spec?.name ?? '', v]),
    );
    const under = new Set(deps.navigator.underlyingButtons());
    const overlay = deps.navigator.overlayShown !== null;
    const buttons = m.buttons
      .filter((b) => onShow.has(b.name))
      .map((b) => {
        const view = onShow.get(b.name)!;
        return {
          name: b.name,
          label: b.label,
          sub: b.sub,
          selected: b.selected,
          live: view.live && !(overlay && under.has(view)),
        };
      });
    const { design, fit } = deps.fit();
    return JSON.parse(
      JSON.stringify({
        screen: deps.navigator.screenName,
        overlay: deps.navigator.overlayShown,
        language: m.language,
        version: deps.version(),
        title: m.title,
        chip: m.chip,
        message: m.message,
        meters: m.meters,
        cards: m.cards,
        banners: m.banners,
        buttons,
        payTable: m.payTable,
        dealerText: m.dealerText,
        boughtText: m.boughtText,
        boxes: m.boxes,
        lockup: m.lockup,
        help: m.help,
        lines: m.lines,
        connection: m.connection,
        service: m.service,
        celebration: m.celebration,
        attract: m.attract,
        rollUp: deps.rollUp(),
        animating: deps.navigator.animating(),
        motions,
        frame: deps.frames(),
        design: design.name,
        fit,
      }),
    );
  };
}
