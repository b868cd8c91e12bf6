// Which frames are drawn: one after anything changed, every one while something moves (and one
// more after, so a motion's last position is the one on screen), and the ambient effects (a
// flashing row, the attract shimmer, a big win's sparkles) at a calmer rate. A still screen
// costs nothing, which matters on a software-rendered GPU.

/** The ambient effects' pace: a frame every this many milliseconds. */
export const AMBIENT_MS = 1000 / 30;

/** Ambient effects drawn at their pace, every frame, or held still (screenshots, pixel probes). */
export type AmbientPace = 'paced' | 'every-frame' | 'still';

export class FramePacer {
  private dirty = true;
  private wasMoving = false;
  private sinceDraw = 0;

  constructor(private readonly pace: AmbientPace = 'paced') {}

  /** Something on the stage changed: the next frame is drawn. */
  invalidate(): void {
    this.dirty = true;
  }

  /** After a frame's updates, `dt` after the last: whether to draw it. */
  due(dt: number, moving: boolean, ambient: boolean): boolean {
    this.sinceDraw += dt;
    const ambientDue =
      ambient && (this.pace === 'every-frame' || (this.pace === 'paced' && this.sinceDraw >= AMBIENT_MS));
    const draw = this.dirty || moving || this.wasMoving || ambientDue;
    this.wasMoving = moving;
    if (draw) {
      this.dirty = false;
      this.sinceDraw = 0;
    }
    return draw;
  }
}
