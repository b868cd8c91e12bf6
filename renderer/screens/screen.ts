// The screen lifecycle of the PixiJS open-games model: a Container the navigator prepares,
// shows, hides, updates every frame and resizes. A screen draws a SceneModel and owns no game
// state; its buttons are kept in a ButtonSet so the test hook can find and press them.

import { Container } from 'pixi.js';
import { SQUARE, WIDE, type Design, type Rect } from '../ui/layout';
import type { ButtonSpec } from '../model/parts';
import type { SceneModel } from '../model/scene';
import { ButtonView, type ButtonTone } from '../ui/button-view';
import { textureResolution } from '../ui/still';

/** A touch on a button: a live one acts; a dimmed one comes with `live: false`, to be refused. */
export type PressHandler = (spec: ButtonSpec) => void;

export const designOf = (w: number, h: number): Design => (w === WIDE.w && h === WIDE.h ? WIDE : SQUARE);

export abstract class AppScreen extends Container {
  protected design: Design = SQUARE;
  protected readonly buttonSet: ButtonSet;
  private built = '';

  constructor(protected readonly onPress: PressHandler) {
    super();
    this.buttonSet = new ButtonSet(onPress);
  }

  /** Lays the screen out for a design size; rebuilt only when the design or the textures' resolution changes. */
  resize(w: number, h: number): void {
    const d = designOf(w, h);
    const key = `${d.name}@${textureResolution.value}`;
    if (this.built === key) return;
    this.built = key;
    this.design = d;
    this.removeChildren().forEach((c) => c.destroy({ children: true }));
    this.buttonSet.clear();
    this.build(d);
  }

  prepare(model: SceneModel): void {
    this.draw(model);
  }

  show(): void {
    this.visible = true;
  }

  hide(): void {
    this.visible = false;
  }

  update(dt: number): void {
    this.buttonSet.tick(dt);
  }

  buttons(): ButtonView[] {
    return this.buttonSet.all();
  }

  /** True while a presentation motion runs (deal, flip, reveal, a button going down). */
  animating(): boolean {
    return this.buttonSet.animating();
  }

  /** True while cards fly in or turn over: a win's fanfare and count wait for them to land. */
  cardsMoving(): boolean {
    return false;
  }

  /** True when something keeps moving gently (a flashing row, the attract loop): drawn at a calmer rate. */
  ambient(): boolean {
    return false;
  }

  protected abstract build(d: Design): void;
  abstract draw(model: SceneModel): void;
}

/** Named buttons placed by a screen; each takes its label, liveness and action from the model. */
export class ButtonSet {
  private readonly views = new Map<string, ButtonView>();

  constructor(private readonly onPress: PressHandler) {}

  private readonly specNames = new Map<string, string>();

  place(parent: Container, name: string, r: Rect, tone: ButtonTone, fontSize = 26): ButtonView {
    let v = this.views.get(name);
    if (!v) {
      v = new ButtonView(tone, this.onPress, fontSize);
      this.views.set(name, v);
    } else {
      v.setTone(tone);
    }
    v.setRect(r);
    if (v.parent !== parent) parent.addChild(v);
    return v;
  }

  /** An invisible touch area that acts as the model's button `specName` (a card tapped for HOLD). */
  ghost(parent: Container, name: string, specName: string, r: Rect): ButtonView {
    let v = this.views.get(name);
    if (!v) {
      v = new ButtonView('dark', this.onPress, 10, true);
      this.views.set(name, v);
      this.specNames.set(name, specName);
    }
    v.setRect(r);
    if (v.parent !== parent) parent.addChild(v);
    return v;
  }

  get(name: string): ButtonView | undefined {
    return this.views.get(name);
  }

  /** Updates every placed button from the model; a button the model lacks is hidden. */
  apply(specs: ButtonSpec[]): void {
    const byName = new Map(specs.map((s) => [s.name, s]));
    for (const [name, view] of this.views) {
      const spec = byName.get(this.specNames.get(name) ?? name);
      view.visible = spec !== undefined;
      if (spec) view.update(spec);
    }
  }

  remove(name: string): void {
    const v = this.views.get(name);
    if (!v) return;
    v.destroy({ children: true });
    this.views.delete(name);
  }

  /** The buttons on show; a ghost counts only when it is the model's button itself (not a stand-in). */
  all(): ButtonView[] {
    return [...this.views.entries()]
      .filter(([name, v]) => v.visible && !v.destroyed && (!v.ghost || this.specNames.get(name) === name))
      .map(([, v]) => v);
  }

  clear(): void {
    this.views.clear();
    this.specNames.clear();
  }

  tick(dt: number): void {
    for (const v of this.views.values()) v.tick(dt);
  }

  animating(): boolean {
    for (const v of this.views.values()) if (v.pressing) return true;
    return false;
  }
}
