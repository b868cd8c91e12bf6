// Presentation timing only: an eased 0→1 progress after a delay. Game state never waits on it.

export const easeOut = (x: number): number => 1 - (1 - x) ** 3;
export const easeInOut = (x: number): number => (x < 0.5 ? 4 * x ** 3 : 1 - (-2 * x + 2) ** 3 / 2);

export class Clock {
  elapsed = 0;
  constructor(
    private readonly delayMs: number,
    private readonly durationMs: number,
  ) {}
  tick(dt: number): void {
    this.elapsed += dt;
  }
  /** 0 until the delay passes, then up to 1. */
  get progress(): number {
    return Math.max(0, Math.min(1, (this.elapsed - this.delayMs) / this.durationMs));
  }
  get done(): boolean {
    return this.elapsed >= this.delayMs + this.durationMs;
  }
}
