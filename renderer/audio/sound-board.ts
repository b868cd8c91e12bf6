// The cabinet's speaker: one AudioContext, the operator's volume and the attendant's mute on a
// master gain, a limiter so overlapping sounds never clip, and a log of what was played for the
// test hook. Under Electron the window may sound at once; in a browser the context starts
// suspended and the first touch or key unlocks it (sounds asked for before then are logged, not
// heard).

import { SOUNDS, type SoundName } from './sounds';

export interface Played {
  name: SoundName;
  /** When it sounds, ms on the page's clock (a card's deal sound waits for its motion). */
  at: number;
  /** False when nothing could be heard: muted, volume 0, or the context still locked. */
  audible: boolean;
}

const LOG_SIZE = 400;

/** The operator's 0–100 to a gain: squared, so the steps sound even to the ear. */
export const volumeGain = (volume: number): number => (Math.max(0, Math.min(100, volume)) / 100) ** 2;

export class SoundBoard {
  private ctx: AudioContext | null = null;
  private master: GainNode | null = null;
  private volume = 60;
  private muted = false;
  private readonly log: Played[] = [];
  /** How often each sound was asked for since the start (the log keeps only the last few). */
  readonly totals = new Map<SoundName, number>();

  constructor(
    private readonly makeContext: () => AudioContext | null,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The operator's volume and the attendant's mute, as the snapshot says now. */
  setLevel(volume: number, muted: boolean): void {
    this.volume = volume;
    this.muted = muted;
    if (this.master && this.ctx) this.master.gain.setTargetAtTime(this.gain(), this.ctx.currentTime, 0.02);
  }

  /** A touch or key: a context the browser kept suspended may start now. */
  unlock(): void {
    const ctx = this.context();
    if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  }

  play(name: SoundName, delayMs = 0): void {
    const ctx = this.context();
    const audible = ctx !== null && ctx.state === 'running' && this.gain() > 0;
    this.log.push({ name, at: this.clock() + delayMs, audible });
    this.totals.set(name, (this.totals.get(name) ?? 0) + 1);
    if (this.log.length > LOG_SIZE) this.log.shift();
    if (!ctx || !this.master || !audible) return;
    SOUNDS[name].play({ ctx, out: this.master, t0: ctx.currentTime + Math.max(0, delayMs) / 1000 });
  }

  /** What was played, in the order it sounds. */
  played(): Played[] {
    return [...this.log].sort((a, b) => a.at - b.at);
  }

  private gain(): number {
    return this.muted ? 0 : volumeGain(this.volume);
  }

  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    try {
      this.ctx = this.makeContext();
    } catch {
      this.ctx = null;
    }
    if (!this.ctx) return null;
    this.master = this.ctx.createGain();
    this.master.gain.value = this.gain();
    // A limiter after the volume: a tick under a fanfare stays clean.
    const limiter = this.ctx.createDynamicsCompressor();
    limiter.threshold.value = -6;
    limiter.knee.value = 0;
    limiter.ratio.value = 20;
    limiter.attack.value = 0.002;
    limiter.release.value = 0.1;
    this.master.connect(limiter).connect(this.ctx.destination);
    return this.ctx;
  }
}

/** Renders one sound alone at full volume, for the test hook's check that it is heard and clean. */
export async function renderSound(
  name: SoundName,
  sampleRate = 44100,
): Promise<{ name: SoundName; seconds: number; peak: number; rms: number }> {
  // Measure the length on a throwaway context, then render with room for the tails.
  const probe = new OfflineAudioContext(1, sampleRate, sampleRate);
  const seconds = SOUNDS[name].play({ ctx: probe, out: probe.destination, t0: 0 });
  const ctx = new OfflineAudioContext(1, Math.ceil((seconds + 0.1) * sampleRate), sampleRate);
  SOUNDS[name].play({ ctx, out: ctx.destination, t0: 0 });
  const data = (await ctx.startRendering()).getChannelData(0);
  let peak = 0;
  let sum = 0;
  for (const x of data) {
    peak = Math.max(peak, Math.abs(x));
    sum += x * x;
  }
  return { name, seconds, peak, rms: Math.sqrt(sum / data.length) };
}
