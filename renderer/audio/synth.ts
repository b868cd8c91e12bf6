// The building blocks every cabinet sound is made of, on the Web Audio API: oscillators and a
// noise buffer shaped by envelopes and filters. Nothing is recorded or shipped: each sound is
// synthesised when it plays, on a live AudioContext or an OfflineAudioContext alike.

/** Where a sound plays: a context, the node it feeds, and its start in the context's seconds. */
export interface Voice {
  ctx: BaseAudioContext;
  out: AudioNode;
  t0: number;
}

export interface ToneSpec {
  type?: OscillatorType;
  /** Hz at the start, and where it glides to over `glide` seconds. */
  freq: number;
  to?: number;
  glide?: number;
  /** Seconds after the voice's start. */
  at: number;
  /** Seconds from the start of the note to silence. */
  dur: number;
  gain: number;
  attack?: number;
  /** Vibrato: depth in Hz at `rate` Hz. */
  vibrato?: { depth: number; rate: number };
  /** A tremolo that rings the note like a bell clapper: `rate` Hz, depth 0..1. */
  tremolo?: { depth: number; rate: number };
  /** A low-pass filter over the note (brass-like for a sawtooth). */
  lowpass?: number;
}

/** An attack then an exponential fall to silence at `at + dur`. */
function envelope(v: Voice, at: number, dur: number, gain: number, attack: number): GainNode {
  const g = v.ctx.createGain();
  const t = v.t0 + at;
  g.gain.setValueAtTime(0, t);
  g.gain.linearRampToValueAtTime(gain, t + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  g.gain.setValueAtTime(0, t + dur + 0.005);
  return g;
}

export function tone(v: Voice, s: ToneSpec): void {
  const { ctx } = v;
  const t = v.t0 + s.at;
  const osc = ctx.createOscillator();
  osc.type = s.type ?? 'sine';
  osc.frequency.setValueAtTime(s.freq, t);
  if (s.to !== undefined) osc.frequency.exponentialRampToValueAtTime(s.to, t + (s.glide ?? s.dur));
  const stops: AudioScheduledSourceNode[] = [osc];
  if (s.vibrato) {
    const lfo = ctx.createOscillator();
    const depth = ctx.createGain();
    lfo.frequency.value = s.vibrato.rate;
    depth.gain.value = s.vibrato.depth;
    lfo.connect(depth).connect(osc.frequency);
    stops.push(lfo);
  }
  const env = envelope(v, s.at, s.dur, s.gain, s.attack ?? 0.004);
  let head: AudioNode = osc;
  if (s.lowpass !== undefined) {
    const f = ctx.createBiquadFilter();
    f.type = 'lowpass';
    f.frequency.value = s.lowpass;
    head.connect(f);
    head = f;
  }
  if (s.tremolo) {
    // Gain swings between 1 - depth and 1 at the tremolo's rate.
    const trem = ctx.createGain();
    trem.gain.value = 1 - s.tremolo.depth / 2;
    const lfo = ctx.createOscillator();
    const depth = ctx.createGain();
    lfo.frequency.value = s.tremolo.rate;
    depth.gain.value = s.tremolo.depth / 2;
    lfo.connect(depth).connect(trem.gain);
    head.connect(trem);
    head = trem;
    stops.push(lfo);
  }
  head.connect(env).connect(v.out);
  for (const n of stops) {
    n.start(t);
    n.stop(t + s.dur + 0.02);
  }
}

export interface NoiseSpec {
  at: number;
  dur: number;
  gain: number;
  attack?: number;
  filter: { type: BiquadFilterType; freq: number; q?: number; to?: number };
}

// One second of white noise per context, from a fixed seed: a sound renders the same every time.
const noiseBuffers = new WeakMap<BaseAudioContext, AudioBuffer>();

function noiseBuffer(ctx: BaseAudioContext): AudioBuffer {
  let b = noiseBuffers.get(ctx);
  if (b) return b;
  b = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
  const data = b.getChannelData(0);
  let seed = 0x9e3779b9;
  for (let i = 0; i < data.length; i++) {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    data[i] = (((x ^ (x >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  }
  noiseBuffers.set(ctx, b);
  return b;
}

/** Filtered noise: a card's rustle, a printer's chatter, a note acceptor's rollers. */
export function noise(v: Voice, s: NoiseSpec): void {
  const { ctx } = v;
  const t = v.t0 + s.at;
  const src = ctx.createBufferSource();
  src.buffer = noiseBuffer(ctx);
  src.loop = true;
  const f = ctx.createBiquadFilter();
  f.type = s.filter.type;
  f.frequency.setValueAtTime(s.filter.freq, t);
  if (s.filter.to !== undefined) f.frequency.exponentialRampToValueAtTime(s.filter.to, t + s.dur);
  f.Q.value = s.filter.q ?? 1;
  src
    .connect(f)
    .connect(envelope(v, s.at, s.dur, s.gain, s.attack ?? 0.002))
    .connect(v.out);
  src.start(t, (s.at * 7.3) % 0.5);
  src.stop(t + s.dur + 0.02);
}

/** Equal-tempered pitch: MIDI note number to Hz (69 = A4 = 440 Hz). */
export const hz = (midi: number): number => 440 * 2 ** ((midi - 69) / 12);
