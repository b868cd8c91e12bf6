// Every sound the cabinet makes, each a recipe of oscillators, noise and envelopes (synth.ts),
// declared once here: the sound board plays them, the test hook lists them, and the
// OfflineAudioContext test renders each one. Each recipe returns its length in seconds. The
// levels are set so no single sound clips at full volume; the board's limiter keeps sounds that
// overlap (a tick under a fanfare) from clipping too.

import { hz, noise, tone, type Voice } from './synth';

export interface SoundRecipe {
  /** How it is made, in a line (for the README and the closing note). */
  made: string;
  play(v: Voice): number;
}

// C major across the octaves the wins climb through.
const C5 = 72;
const ARPEGGIO = [0, 4, 7, 12, 16, 19, 24];

/** A coin's clink: inharmonic partials of a struck disc, each dying away at its own speed. */
function clink(v: Voice, at: number, base: number, gain: number): void {
  for (const [ratio, dur, share] of [
    [1, 0.22, 0.5],
    [2.76, 0.14, 0.3],
    [5.4, 0.08, 0.2],
  ] as const) {
    tone(v, { freq: base * ratio, at, dur, gain: gain * share, attack: 0.002 });
  }
}

/** A triangle blip gliding from one pitch to another, with its octave above. */
function blip(v: Voice, from: number, to: number): number {
  tone(v, { type: 'triangle', freq: from, to, glide: 0.03, at: 0, dur: 0.11, gain: 0.45 });
  tone(v, { freq: from * 2, to: to * 2, glide: 0.03, at: 0, dur: 0.08, gain: 0.15 });
  return 0.13;
}

/** A bright two-partial chime (a note taken, the printer's start). */
function chime(v: Voice, at: number, midi: number, gain: number, dur = 0.35): void {
  tone(v, { freq: hz(midi), at, dur, gain, attack: 0.004 });
  tone(v, { type: 'triangle', freq: hz(midi + 12), at, dur: dur * 0.6, gain: gain * 0.35, attack: 0.004 });
}

export const SOUNDS = {
  deal: {
    made: 'a card sliding onto the felt: band-passed noise falling from 3.5 to 1.2 kHz over 90 ms, with a 150→80 Hz thump',
    play(v) {
      noise(v, { at: 0, dur: 0.09, gain: 0.55, filter: { type: 'bandpass', freq: 3500, to: 1200, q: 0.9 } });
      tone(v, { freq: 150, to: 80, at: 0.02, dur: 0.07, gain: 0.35 });
      return 0.12;
    },
  },
  flip: {
    made: 'a card turned over: two quick high-passed noise snaps 35 ms apart',
    play(v) {
      noise(v, { at: 0, dur: 0.045, gain: 0.5, filter: { type: 'highpass', freq: 2500, q: 0.7 } });
      noise(v, { at: 0.035, dur: 0.06, gain: 0.4, filter: { type: 'bandpass', freq: 4200, q: 1.2 } });
      return 0.11;
    },
  },
  holdOn: {
    made: 'HOLD lit: a triangle blip gliding up a fifth (880→1320 Hz) with its octave',
    play: (v) => blip(v, 880, 1320),
  },
  holdOff: {
    made: 'HOLD put out: the same blip gliding down (1320→880 Hz)',
    play: (v) => blip(v, 1320, 880),
  },
  betOne: {
    made: 'BET ONE (and an ante changed): one coin clink, three inharmonic sine partials (1.8 kHz × 1, 2.76, 5.4)',
    play(v) {
      clink(v, 0, 1800, 0.6);
      return 0.25;
    },
  },
  maxBet: {
    made: 'MAX BET: three coin clinks climbing (1.6, 1.8, 2.0 kHz) 70 ms apart',
    play(v) {
      [1600, 1800, 2000].forEach((f, i) => clink(v, i * 0.07, f, 0.5));
      return 0.4;
    },
  },
  noteIn: {
    made: 'a note credited: the rollers (a 90 Hz sawtooth through a 700 Hz low-pass, 300 ms), then a rising E6–B6 chime',
    play(v) {
      tone(v, { type: 'sawtooth', freq: 90, to: 120, at: 0, dur: 0.3, gain: 0.35, attack: 0.03, lowpass: 700 });
      chime(v, 0.28, 88, 0.32);
      chime(v, 0.4, 95, 0.32, 0.5);
      return 0.95;
    },
  },
  noteOut: {
    made: 'a note handed back: the rollers running down (120→70 Hz), then a falling A5–E5 triangle pair',
    play(v) {
      tone(v, { type: 'sawtooth', freq: 120, to: 70, at: 0, dur: 0.32, gain: 0.35, attack: 0.03, lowpass: 700 });
      tone(v, { type: 'triangle', freq: hz(81), at: 0.3, dur: 0.2, gain: 0.4 });
      tone(v, { type: 'triangle', freq: hz(76), at: 0.46, dur: 0.32, gain: 0.4 });
      return 0.82;
    },
  },
  winSmall: {
    made: 'a small win: a C6–E6–G6 arpeggio, sine with a triangle octave, 90 ms apart',
    play(v) {
      [0, 4, 7].forEach((n, i) => chime(v, i * 0.09, C5 + 12 + n, 0.38, 0.3));
      return 0.55;
    },
  },
  winMedium: {
    made: 'a medium win: a C5–G6 arpeggio 70 ms apart, then a held C major chord with vibrato',
    play(v) {
      ARPEGGIO.slice(0, 6).forEach((n, i) => chime(v, i * 0.07, C5 + n, 0.3, 0.25));
      for (const n of [12, 16, 19])
        tone(v, {
          type: 'triangle',
          freq: hz(C5 + n),
          at: 0.45,
          dur: 0.65,
          gain: 0.2,
          attack: 0.03,
          vibrato: { depth: 4, rate: 6 },
        });
      return 1.15;
    },
  },
  winBig: {
    made: 'a big win: a two-octave C arpeggio, a brass-like chord (sawtooths through a 2.4 kHz low-pass, swelling, vibrato) and high sine sparkles',
    play(v) {
      ARPEGGIO.forEach((n, i) => chime(v, i * 0.06, C5 + n, 0.26, 0.28));
      for (const n of [0, 7, 12, 16]) {
        tone(v, {
          type: 'sawtooth',
          freq: hz(C5 + n),
          at: 0.45,
          dur: 1.7,
          gain: 0.12,
          attack: 0.25,
          lowpass: 2400,
          vibrato: { depth: 3, rate: 5.5 },
        });
      }
      // Sparkles: a fixed sequence of high pings over the chord.
      for (let i = 0; i < 14; i++) {
        const at = 0.5 + i * 0.13 + ((i * 37) % 5) * 0.012;
        tone(v, { freq: hz(96 + ((i * 5) % 12)), at, dur: 0.12, gain: 0.1, attack: 0.002 });
      }
      return 2.3;
    },
  },
  tick: {
    made: 'a credit counted up: a 40 ms sine "tink" at 2.64 kHz with a quieter fifth above',
    play(v) {
      tone(v, { freq: 2637, at: 0, dur: 0.045, gain: 0.3, attack: 0.001 });
      tone(v, { freq: 3951, at: 0, dur: 0.03, gain: 0.12, attack: 0.001 });
      return 0.06;
    },
  },
  cashout: {
    made: "a voucher printing: a G6–C7 chime, then the thermal printer's chatter (band-passed noise bursts at 25 a second for a second)",
    play(v) {
      chime(v, 0, 91, 0.3);
      chime(v, 0.1, 96, 0.3);
      for (let i = 0; i < 25; i++)
        noise(v, { at: 0.3 + i * 0.04, dur: 0.028, gain: 0.3, filter: { type: 'bandpass', freq: 1900, q: 2 } });
      return 1.35;
    },
  },
  alarm: {
    made: 'the handpay and tilt bell: 1.2 kHz and 1.8 kHz sines struck 18 times a second by a tremolo, for a second; repeated until the attendant comes',
    play(v) {
      tone(v, { freq: 1200, at: 0, dur: 1.0, gain: 0.45, attack: 0.005, tremolo: { depth: 0.9, rate: 18 } });
      tone(v, { freq: 1800, at: 0, dur: 0.9, gain: 0.2, attack: 0.005, tremolo: { depth: 0.9, rate: 18 } });
      return 1.05;
    },
  },
  refused: {
    made: 'a refused press: two low square buzzes (220→180 Hz) through a 1.5 kHz low-pass',
    play(v) {
      tone(v, { type: 'square', freq: 220, to: 180, at: 0, dur: 0.09, gain: 0.3, lowpass: 1500 });
      tone(v, { type: 'square', freq: 220, to: 180, at: 0.13, dur: 0.09, gain: 0.3, lowpass: 1500 });
      return 0.25;
    },
  },
} satisfies Record<string, SoundRecipe>;

export type SoundName = keyof typeof SOUNDS;
export const SOUND_NAMES = Object.keys(SOUNDS) as SoundName[];
