// A big win celebrated over the hand for a few seconds: turning rays of light, BIG WIN! in gold
// on a ribbon with the amount, and sparkles that twinkle and drift outwards. Presentation only.

import { Container, Graphics, type Text } from 'pixi.js';
import type { Design } from './layout';
import { COLORS, fitText, label, vertical } from './theme';
import { Clock, easeOut } from './tween';

const SPARKLES = 46;
const RAYS = 16;

interface Sparkle {
  g: Graphics;
  angle: number;
  speed: number;
  phase: number;
  size: number;
}

/** A four-pointed star, centred on the origin. */
function star(g: Graphics, r: number, color: number): void {
  const k = r * 0.28;
  g.poly([0, -r, k, -k, r, 0, k, k, 0, r, -k, k, -r, 0, -k, -k]).fill(color);
  g.circle(0, 0, k * 0.9).fill(0xffffff);
}

export class CelebrationView extends Container {
  private readonly rays = new Graphics();
  private readonly ribbon = new Graphics();
  private readonly title: Text;
  private readonly amount: Text;
  private readonly sparkles: Sparkle[] = [];
  private readonly sparkleLayer = new Container();
  private key = '';
  private t = 0;
  private pop: Clock | null = null;
  private w = 800;

  constructor() {
    super();
    this.title = label('', {
      fontSize: 130,
      fill: vertical(0xfff6c8, 0xe0a020),
      stroke: { color: 0x3a2200, width: 10 },
      letterSpacing: 6,
      dropShadow: { color: 0x000000, blur: 12, distance: 6, alpha: 0.8, angle: Math.PI / 2 },
    });
    this.amount = label('', {
      fontSize: 64,
      fill: COLORS.white,
      stroke: { color: 0x000000, width: 6 },
      letterSpacing: 3,
    });
    this.addChild(this.rays, this.sparkleLayer, this.ribbon, this.title, this.amount);
    for (let i = 0; i < SPARKLES; i++) {
      const g = new Graphics();
      // A fixed scatter (golden-angle spiral), so the picture is the same every time.
      const s: Sparkle = {
        g,
        angle: i * 2.39996,
        speed: 0.35 + ((i * 7) % 10) / 14,
        phase: (i * 0.61) % 1,
        size: 10 + ((i * 13) % 7) * 3,
      };
      star(g, s.size, i % 3 === 0 ? 0xffffff : i % 3 === 1 ? COLORS.win : 0xffb347);
      this.sparkleLayer.addChild(g);
      this.sparkles.push(s);
    }
    this.visible = false;
  }

  /** Places it over the hand of the design. */
  layout(d: Design): void {
    this.w = d.w;
    this.position.set(d.w / 2, d.h * 0.53);
    this.rays.clear();
    const r = Math.max(d.w, d.h) * 0.7;
    for (let i = 0; i < RAYS; i++) {
      const a = (i / RAYS) * Math.PI * 2;
      const b = a + Math.PI / RAYS;
      this.rays
        .poly([0, 0, Math.cos(a) * r, Math.sin(a) * r, Math.cos(b) * r, Math.sin(b) * r])
        .fill({ color: COLORS.win, alpha: 0.12 });
    }
    this.rays.circle(0, 0, d.h * 0.22).fill({ color: COLORS.win, alpha: 0.12 });
    const rw = Math.min(d.w * 0.8, 1100);
    this.ribbon.clear();
    this.ribbon.roundRect(-rw / 2, -120, rw, 240, 40).fill({ color: 0x000000, alpha: 0.55 });
    this.ribbon
      .roundRect(-rw / 2, -110, rw, 220, 36)
      .fill(vertical(0x7a0d12, 0x2a0306))
      .stroke({ width: 6, color: COLORS.gold });
    this.ribbon
      .roundRect(-rw / 2 + 12, -98, rw - 24, 196, 28)
      .stroke({ width: 2, color: COLORS.goldLight, alpha: 0.7 });
    this.title.position.set(0, -28);
    this.amount.position.set(0, 62);
  }

  show(c: { title: string; amount: string } | null): void {
    const key = c ? `${c.title}|${c.amount}` : '';
    if (key === this.key) return;
    this.key = key;
    this.visible = c !== null;
    if (!c) return;
    this.title.text = c.title;
    fitText(this.title, Math.min(this.w * 0.76, 1040), 150);
    this.amount.text = c.amount;
    fitText(this.amount, Math.min(this.w * 0.7, 980), 74);
    this.t = 0;
    this.pop = new Clock(0, 420);
  }

  update(dt: number): void {
    if (!this.visible) return;
    this.t += dt;
    const s = this.t / 1000;
    if (this.pop) {
      this.pop.tick(dt);
      const p = easeOut(this.pop.progress);
      this.scale.set(0.4 + 0.6 * p + 0.08 * Math.sin(p * Math.PI));
      if (this.pop.done) this.pop = null;
    } else {
      this.scale.set(1 + 0.025 * Math.sin(s * 5));
    }
    this.rays.rotation = s * 0.35;
    for (const sp of this.sparkles) {
      // Each drifts out from the middle and comes back round, twinkling as it goes.
      const life = (sp.phase + s * sp.speed * 0.5) % 1;
      const dist = 140 + life * this.w * 0.42;
      sp.g.position.set(Math.cos(sp.angle) * dist, Math.sin(sp.angle) * dist * 0.55);
      sp.g.alpha = Math.sin(life * Math.PI) * (0.6 + 0.4 * Math.abs(Math.sin(s * 7 + sp.angle)));
      sp.g.rotation = s * 2 + sp.angle;
      sp.g.scale.set(0.6 + 0.5 * Math.abs(Math.sin(s * 4 + sp.phase * 6)));
    }
  }

  get shown(): boolean {
    return this.visible;
  }
}
