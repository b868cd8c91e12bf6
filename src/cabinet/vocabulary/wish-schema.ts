// What the screen may ask of the cabinet (C-20, C-22): player wishes and, behind the keys,
// attendant and technician actions. The cabinet decides; the screen only wishes. Each wish is
// declared once, here: its fields and their bounds (the contract carries exactly this, and the
// cabinet refuses anything else as C-22), and the sample the app probes the cabinet with to know
// whether the wish would be taken now (src/app/screen/live-wishes.ts).

import { z } from 'zod';
import { BUTTONS } from '../device-events';

/** The deck's buttons, for the contract's test view and the screens (declared with the device events). */
export { BUTTONS };
import type { CabinetState } from '../state';
import { CHIP_VALUE, GAME, LANGUAGE, PIN, SETTINGS_CHANGE } from './settings-schema';

/**
 * How the app finds out whether a wish would be taken now: a sample of it, stepped through the
 * cabinet on the current state and thrown away; or, for one that cannot be probed without
 * guessing (a PIN), the state in which it may be made.
 */
export type WishProbe<W> = { sample: (s: CabinetState) => W } | { liveWhen: (s: CabinetState) => boolean };

const probes = new Map<string, WishProbe<unknown>>();

/** One wish: its type, its fields, and how it is probed. */
function wish<const T extends string, S extends z.ZodRawShape>(
  type: T,
  fields: S,
  probe: WishProbe<z.output<z.ZodObject<S>>>,
) {
  probes.set(type, probe as WishProbe<unknown>);
  return z.strictObject({ type: z.literal(type), ...fields });
}

const position = z.int().min(0).max(5);
const chips = z.int().min(0).max(1_000_000);
const box = z.int().min(0).max(1).optional();
const boxes = z.array(z.strictObject({ ante: chips, blind: z.boolean().optional() })).max(2);
const lamp = z.enum(['off', 'on', 'blink']);
const confirm = z.literal(true);
const technicianKey = { liveWhen: (s: CabinetState) => s.keys.technician };

/** C-7: a change that names no setting asks for nothing, and is refused as malformed. */
const namesASetting = (ctx: z.core.ParsePayload<Record<string, unknown>>) => {
  if (!Object.entries(ctx.value).some(([k, v]) => k !== 'type' && k !== 'confirm' && v !== undefined)) {
    ctx.issues.push({ code: 'custom', input: ctx.value, message: 'names no setting to change' });
  }
};

export const WISH = z.discriminatedUnion('type', [
  wish(
    'selectGame',
    { game: GAME },
    { sample: (s) => ({ game: s.settings.games.find((g) => g !== s.selectedGame) ?? s.selectedGame }) },
  ),
  wish(
    'chipValue',
    { value: CHIP_VALUE },
    { sample: (s) => ({ value: s.settings.chipValues.find((v) => v !== s.chipValue) ?? s.chipValue }) },
  ),
  wish(
    'language',
    { language: LANGUAGE },
    { sample: (s) => ({ language: s.language === 'en' ? ('ru' as const) : ('en' as const) }) },
  ),
  wish('setBet', { bet: chips }, { sample: () => ({ bet: 1 }) }),
  wish('setBoxes', { boxes }, { sample: (s) => ({ boxes: s.pokerPlusBoxes }) }),
  wish('deal', { bet: chips.optional(), boxes: boxes.optional() }, { sample: () => ({}) }),
  // Jacks or Better
  wish('hold', { positions: z.array(position).max(5) }, { sample: () => ({ positions: [] }) }),
  wish('toggleHold', { position }, { sample: () => ({ position: 0 }) }),
  wish('draw', {}, { sample: () => ({}) }),
  // Poker Plus (the seen box unless `box` says otherwise)
  wish('exchange', { positions: z.array(position).max(6), box }, { sample: () => ({ positions: [0] }) }),
  wish('buySixth', { box }, { sample: () => ({}) }),
  wish('bet', { box }, { sample: () => ({}) }),
  wish('fold', { box }, { sample: () => ({}) }),
  wish('takeHalf', { box }, { sample: () => ({}) }),
  wish('buyGame', { box }, { sample: () => ({}) }),
  wish('reveal', {}, { sample: () => ({}) }),
  wish('cashOut', {}, { sample: () => ({}) }),
  // attendant, with the key turned (C-5, C-6)
  wish('handpayConfirm', {}, { sample: () => ({}) }),
  wish('creditClear', { confirm }, { sample: () => ({ confirm: true as const }) }),
  /** The attendant's mute: sound off for ten minutes (on), or back now (off). */
  wish('soundMute', { on: z.boolean() }, { sample: () => ({ on: true }) }),
  // technician, with the key turned and the PIN entered (C-8, C-15, C-21)
  wish('technicianPin', { pin: PIN }, technicianKey),
  wish('technicianLogout', {}, { sample: () => ({}) }),
  wish('setPin', { pin: PIN }, technicianKey),
  wish('clearPeriodMeters', { confirm }, { sample: () => ({ confirm: true as const }) }),
  wish('clearTilt', { code: z.string().max(64) }, technicianKey),
  wish('ramClear', { confirm }, { sample: () => ({ confirm: true as const }) }),
  // Settings as they are: allowed exactly when a change would be (technician, no game).
  wish('changeSettings', SETTINGS_CHANGE.shape, {
    sample: (s) => ({ confirm: true as const, venue: s.settings.voucher.venue }),
  }).check(namesASetting),
  // technician device tests (C-18, C-19, C-21): play stops while one runs
  wish('deviceTest', { on: z.boolean() }, { sample: (s) => ({ on: !s.deviceTest }) }),
  wish('testLamps', { lamps: z.partialRecord(z.enum(BUTTONS), lamp) }, { sample: () => ({ lamps: {} }) }),
  /** Takes test notes: each is identified and returned, never credited. */
  wish('testAcceptor', { enabled: z.boolean() }, { sample: (s) => ({ enabled: !s.deviceTest?.acceptor.enabled }) }),
  /** Prints a specimen voucher marked VOID, worth nothing. */
  wish('testVoucher', {}, { sample: () => ({}) }),
]);

export type Wish = z.infer<typeof WISH>;
export type WishType = Wish['type'];
export const WISH_TYPES = WISH.options.map((o) => o.shape.type.value) as WishType[];

/** How each wish is probed; every wish has one. */
export const WISH_PROBES = probes as ReadonlyMap<WishType, WishProbe<Record<string, unknown>>>;
