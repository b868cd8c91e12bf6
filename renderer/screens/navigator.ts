// Switches screens as the model says, keeps one lockup overlay above them, scales the logical
// design into the window with letterbox bars, and owns the one ticker: each frame it hands the
// screens their time, runs what else follows the clock, and draws the stage when it must.

import { Container, Graphics, Point, Text, Ticker } from 'pixi.js';
import { cardIndexRects, chooseDesign, fit, overlaps, type Design, type Rect } from '../ui/layout';
import type { OverlayName, SceneModel, ScreenName } from '../model/scene';
import { ButtonView } from '../ui/button-view';
import { MeterView } from '../ui/meter-view';
import { CelebrationView } from '../ui/celebration-view';
import { COLORS, fitted, LEAST_FIT, overflowed } from '../ui/theme';
import { BannerView } from '../ui/banner-view';
import { CardView } from '../ui/card-view';
import { textureResolution } from '../ui/still';
import { FramePacer, type AmbientPace } from './frame-pacer';
import { AttractScreen } from './attract-screen';
import { ConnectingScreen } from './connecting-screen';
import { HelpScreen } from './help-screen';
import { JacksScreen } from './jacks-screen';
import { LobbyScreen } from './lobby-screen';
import { LockupOverlay } from './lockup-overlay';
import { PokerPlusScreen } from './poker-plus-screen';
import type { AppScreen, PressHandler } from './screen';
import { ServiceScreen } from './service-screen';
import { StatusStrip } from './status-strip';

const FACTORIES: Record<ScreenName, (onPress: PressHandler) => AppScreen> = {
  connecting: (p) => new ConnectingScreen(p),
  attract: (p) => new AttractScreen(p),
  lobby: (p) => new LobbyScreen(p),
  jacks: (p) => new JacksScreen(p),
  pokerPlus: (p) => new PokerPlusScreen(p),
  help: (p) => new HelpScreen(p),
  service: (p) => new ServiceScreen(p),
};

/** A meter, a plated button or a touch area (a card, the credits meter) on show, in design units. */
export interface Panel {
  kind: 'meter' | 'button' | 'touch';
  name: string;
  rect: Rect;
  live: boolean;
}

export class Navigator {
  readonly stage = new Container();
  private readonly world = new Container();
  private readonly bars = new Graphics();
  private readonly screens = new Map<ScreenName, AppScreen>();
  private current: AppScreen | null = null;
  private currentName: ScreenName | null = null;
  private readonly overlay: LockupOverlay;
  private overlayName: OverlayName | null = null;
  private readonly strip: StatusStrip;
  private readonly celebration = new CelebrationView();
  design: Design;
  private model: SceneModel | null = null;
  private readonly ticker = new Ticker();
  private pacer = new FramePacer();
  private readonly frameListeners: ((dt: number) => void)[] = [];
  private painted = 0;

  constructor(
    private readonly onPress: PressHandler,
    viewW: number,
    viewH: number,
  ) {
    this.design = chooseDesign(viewW, viewH);
    this.overlay = new LockupOverlay(onPress);
    this.overlay.visible = false;
    this.strip = new StatusStrip();
    this.world.addChild(this.celebration, this.overlay, this.strip);
    this.stage.addChild(this.world, this.bars);
    this.resize(viewW, viewH);
  }

  /**
   * Starts the ticker. Every frame: the screens move on by the time since the last (motions run
   * on wall time, so a slow frame shortens them rather than stretching them, up to a second),
   * then the frame's listeners run, then `paint` draws the stage if the frame is due.
   */
  run(paint: () => void, ambient: AmbientPace): void {
    this.pacer = new FramePacer(ambient);
    this.ticker.minFPS = 1;
    this.ticker.add(() => {
      const dt = this.ticker.deltaMS;
      this.update(dt);
      for (const listener of this.frameListeners) listener(dt);
      if (this.pacer.due(dt, this.animating(), this.ambient())) {
        paint();
        this.painted++;
      }
    });
    this.ticker.start();
  }

  /** Runs every frame, after the screens have moved and before the stage is drawn. */
  onFrame(listener: (dt: number) => void): void {
    this.frameListeners.push(listener);
  }

  /** Frames drawn since the start. */
  get frames(): number {
    return this.painted;
  }

  get screenName(): ScreenName | null {
    return this.currentName;
  }

  /**
   * The meters and the buttons with a plate on the screen on show, where they are in design
   * units: what a test checks for panels drawn over one another (the test hook's only).
   */
  panels(): Panel[] {
    const found: Panel[] = [];
    const at = (view: Container, r: Rect): Rect => {
      const p = this.world.toLocal(view.toGlobal(new Point(0, 0)));
      return { x: p.x, y: p.y, w: r.w, h: r.h };
    };
    const walk = (node: Container): void => {
      if (!node.visible) return;
      if (node instanceof MeterView)
        found.push({ kind: 'meter', name: `meter${found.length}`, rect: at(node, node.rect), live: false });
      else if (node instanceof ButtonView) {
        if (node.spec && node.eventMode !== 'none')
          found.push({
            kind: node.ghost ? 'touch' : 'button',
            name: node.spec.name,
            rect: at(node, node.rect),
            live: node.live,
          });
      } else for (const child of node.children) if (child instanceof Container) walk(child);
    };
    if (this.current) walk(this.current);
    return found;
  }

  /**
   * What a player could not read on the screen on show (the test hook's): a banner or a card's
   * mark over any card's rank-and-suit index, and a text shrunk below LEAST_FIT to fit its box.
   */
  layoutFaults(): { covered: string[]; squeezed: string[] } {
    const inWorld = (view: Container, r: Rect): Rect => {
      const a = this.world.toLocal(view.toGlobal(new Point(r.x, r.y)));
      const b = this.world.toLocal(view.toGlobal(new Point(r.x + r.w, r.y + r.h)));
      return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
    };
    const indexes: { name: string; rect: Rect }[] = [];
    const covers: { name: string; rect: Rect }[] = [];
    const squeezed: string[] = [];
    let n = 0;
    const walk = (node: Container): void => {
      if (!node.visible || node.alpha === 0) return;
      const cut = overflowed.get(node);
      if (cut) squeezed.push(cut);
      if (node instanceof CardView) {
        const card = `card${n++}(${node.code ?? 'back'})`;
        if (node.faceShown)
          for (const r of cardIndexRects(node.w, node.h)) indexes.push({ name: card, rect: inWorld(node, r) });
        for (const r of node.markRects()) covers.push({ name: `${card}'s mark`, rect: inWorld(node, r) });
        return;
      }
      if (node instanceof BannerView) {
        if (node.parent) covers.push({ name: `banner "${node.text}"`, rect: inWorld(node.parent, node.plateRect) });
        return;
      }
      if (node instanceof Text) {
        const f = fitted.get(node);
        if (f && f.k < LEAST_FIT && node.text.trim() !== '')
          squeezed.push(`"${node.text}" to ${Math.round(f.k * 100)}% in ${Math.round(f.maxW)}×${Math.round(f.maxH)}`);
        return;
      }
      for (const child of node.children) if (child instanceof Container) walk(child);
    };
    if (this.current) walk(this.current);
    if (this.celebration.visible) walk(this.celebration);
    const covered: string[] = [];
    for (const c of covers)
      for (const i of indexes) {
        const w = Math.min(c.rect.x + c.rect.w, i.rect.x + i.rect.w) - Math.max(c.rect.x, i.rect.x);
        const h = Math.min(c.rect.y + c.rect.h, i.rect.y + i.rect.h) - Math.max(c.rect.y, i.rect.y);
        if (overlaps(c.rect, i.rect) && w > 1 && h > 1) covered.push(`${c.name} over ${i.name}'s index`);
      }
    return { covered, squeezed };
  }

  private screen(name: ScreenName): AppScreen {
    let s = this.screens.get(name);
    if (!s) {
      s = FACTORIES[name](this.onPress);
      s.visible = false;
      this.screens.set(name, s);
      this.world.addChildAt(s, 0);
    }
    s.resize(this.design.w, this.design.h);
    return s;
  }

  draw(model: SceneModel, notice: { text: string; id: number } | null): void {
    this.model = model;
    if (model.screen !== this.currentName) {
      const next = this.screen(model.screen);
      next.prepare(model);
      this.current?.hide();
      next.show();
      this.current = next;
      this.currentName = model.screen;
    } else {
      this.current?.draw(model);
    }
    this.celebration.show(model.celebration);
    this.overlayName = model.overlay;
    this.overlay.visible = model.overlay !== null;
    if (model.overlay) {
      this.overlay.resize(this.design.w, this.design.h);
      this.overlay.draw(model);
    }
    this.strip.show(this.design, model.connection, notice?.text ?? null, notice?.id ?? 0);
    this.pacer.invalidate();
  }

  private update(dt: number): void {
    this.current?.update(dt);
    this.celebration.update(dt);
    if (this.overlay.visible) this.overlay.update(dt);
    this.strip.update(dt);
  }

  resize(viewW: number, viewH: number): void {
    const design = chooseDesign(viewW, viewH);
    const changed = design !== this.design;
    this.design = design;
    const f = fit(viewW, viewH, design);
    // Textures made from now on are as sharp as the window shows them (never below 1:1); a
    // screen built at another resolution is built again when it is next laid out.
    textureResolution.value = Math.max(1, Math.min(3, f.scale));
    this.world.scale.set(f.scale);
    this.world.position.set(f.x, f.y);
    this.bars.clear();
    // Letterbox bars in the cabinet's black, so nothing of the world shows outside the design.
    if (f.x > 0)
      this.bars
        .rect(0, 0, f.x, viewH)
        .rect(viewW - f.x, 0, f.x, viewH)
        .fill(COLORS.backdrop);
    if (f.y > 0)
      this.bars
        .rect(0, 0, viewW, f.y)
        .rect(0, viewH - f.y, viewW, f.y)
        .fill(COLORS.backdrop);
    this.celebration.layout(design);
    if (changed || this.current) {
      this.current?.resize(design.w, design.h);
      this.overlay.resize(design.w, design.h);
      if (this.model) this.draw(this.model, null);
    }
    this.pacer.invalidate();
  }

  /** The buttons a player could touch now: the overlay's when one is up, else the screen's. */
  buttons(): ButtonView[] {
    if (this.overlay.visible) return this.overlay.buttons();
    return this.current?.buttons() ?? [];
  }

  underlyingButtons(): ButtonView[] {
    return this.current?.buttons() ?? [];
  }

  get overlayShown(): OverlayName | null {
    return this.overlayName;
  }

  animating(): boolean {
    return (
      (this.current?.animating() ?? false) || (this.overlay.visible && this.overlay.animating()) || this.strip.fading
    );
  }

  cardsMoving(): boolean {
    return this.current?.cardsMoving() ?? false;
  }

  ambient(): boolean {
    return (this.current?.ambient() ?? false) || this.overlay.visible || this.celebration.shown;
  }
}
