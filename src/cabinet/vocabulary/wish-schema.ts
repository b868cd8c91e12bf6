// What the screen may ask of the cabinet (C-20, C-22): player wishes and, behind the keys,
// attendant and technician actions. The cabinet decides; the screen only wishes. Each wish is
// declared once, here: its fields and their bounds (the contract carries exactly this, and the
// cabinet refuses anything else as C-22), and the sample the app probes the cabinet with to know
// whether the wish would be taken now (src/app/screen/live-wishes.ts).

import { z } from 'zod';
import { BUTTONS, LAMP_STATES } from './devices';

/** The deck's buttons, for the contract's test view and the screens (declared with the device events). */
import type { CabinetState } from '../state';
import { CHIP_VALUE, GAME, LANGUAGE, PIN, SETTINGS_CHANGE } from './settings-schema';

/**
 * How the app finds out whether a wish would be taken now: a sample of it, stepped through the
 * cabinet on the current state and thrown away; or, for one that cannot be probed without
 * guessing (a PIN), the state in which it may be made.
 */
export type WishProbe<W> = { sample: (s: CabinetState) => W } | { liveWhen: (s: CabinetState) => boolean };

const probes = new Map<string, WishProbe<unknown>>();

/**
 * Who a wish is for and when it may be made: the player's wishes stop while a device test runs;
 * a game's own actions (`inGame`) reach the game in progress; a few a technician may still make
 * on refused records (`onRefusedRecords`: look, log in and out, test the devices, RAM clear).
 */
export interface WishTags {
  who: 'player' | 'attendant' | 'technician';
  inGame?: true;
  onRefusedRecords?: true;
}

/** One wish: its type, its fields, how it is probed and what it is (its tags). */
function wish<const T extends string, S extends z.ZodRawShape, const G extends WishTags>(
  type: T,
  fields: S,
  probe: WishProbe<z.output<z.ZodObject<S>>>,
  tags: G,
  refine?: (ctx: z.core.ParsePayload<Record<string, unknown>>) => void,
) {
  probes.set(type, probe as WishProbe<unknown>);
  const schema = z.strictObject({ type: z.literal(type), ...fields });
  return Object.assign(refine ? schema.check(refine) : schema, { tags });
}

const player = { who: 'player' } as const;
const inGame = { who: 'player', inGame: true } as const;
const attendant = { who: 'attendant' } as const;
const technician = { who: 'technician' } as const;
const stillOnRefusedRecords = { onRefusedRecords: true } as const;

const position = z.int().min(0).max(5);
const chips = z.int().min(0).max(1_000_000);
const box = z.int().min(0).max(1).optional();
const boxes = z.array(z.strictObject({ ante: chips, blind: z.boolean().optional() })).max(2);
const lamp = z.enum(LAMP_STATES);
const confirm = z.literal(true);
const technicianKey = { liveWhen: (s: CabinetState) => s.keys.technician };

/** C-7: a change that names no setting asks for nothing, and is refused as malformed. */
const namesASetting = (ctx: z.core.ParsePayload<Record<string, unknown>>) => {
  if (!Object.entries(ctx.value).some(([k, v]) => k !== 'type' && k !== 'confirm' && v !== undefined)) {
    ctx.issues.push({ code: 'custom', input: ctx.value, message: 'names no setting to change' });
  }
};

const WISHES = [
  wish(
    'selectGame',
    { game: GAME },
    { sample: (s) => ({ game: s.settings.games.find((g) => g !== s.selectedGame) ?? s.selectedGame }) },
    player,
  ),
  wish(
    'chipValue',
    { value: CHIP_VALUE },
    { sample: (s) => ({ value: s.settings.chipValues.find((v) => v !== s.chipValue) ?? s.chipValue }) },
    player,
  ),
  wish(
    'language',
    { language: LANGUAGE },
    { sample: (s) => ({ language: s.language === 'en' ? ('ru' as const) : ('en' as const) }) },
    { ...player, ...stillOnRefusedRecords },
  ),
  wish('setBet', { bet: chips }, { sample: () => ({ bet: 1 }) }, player),
  wish('setBoxes', { boxes }, { sample: (s) => ({ boxes: s.pokerPlusBoxes }) }, player),
  wish('deal', { bet: chips.optional(), boxes: boxes.optional() }, { sample: () => ({}) }, player),
  // Jacks or Better
  wish('hold', { positions: z.array(position).max(5) }, { sample: () => ({ positions: [] }) }, inGame),
  wish('toggleHold', { position }, { sample: () => ({ position: 0 }) }, inGame),
  wish('draw', {}, { sample: () => ({}) }, inGame),
  // Poker Plus (the seen box unless `box` says otherwise)
  wish('exchange', { positions: z.array(position).max(6), box }, { sample: () => ({ positions: [0] }) }, inGame),
  wish('buySixth', { box }, { sample: () => ({}) }, inGame),
  wish('bet', { box }, { sample: () => ({}) }, inGame),
  wish('fold', { box }, { sample: () => ({}) }, inGame),
  wish('takeHalf', { box }, { sample: () => ({}) }, inGame),
  wish('buyGame', { box }, { sample: () => ({}) }, inGame),
  wish('reveal', {}, { sample: () => ({}) }, inGame),
  wish('cashOut', {}, { sample: () => ({}) }, player),
  // attendant, with the key turned (C-5, C-6)
  wish('handpayConfirm', {}, { sample: () => ({}) }, attendant),
  wish('creditClear', { confirm }, { sample: () => ({ confirm: true as const }) }, attendant),
  /** A handpay's receipt printed again (marked REPRINT): the newest not printed, else the newest. */
  wish(
    'reprintReceipt',
    { number: z.number().int().min(1).max(1e9) },
    {
      sample: (s) => ({
        number: (s.receipts?.slips.find((x) => x.status === 'pending') ?? s.receipts?.slips[0])?.receipt.number ?? 1,
      }),
    },
    attendant,
  ),
  /** The attendant's mute: sound off for ten minutes (on), or back now (off). */
  wish('soundMute', { on: z.boolean() }, { sample: () => ({ on: true }) }, { ...attendant, ...stillOnRefusedRecords }),
  // technician, with the key turned and the PIN entered (C-8, C-15, C-21)
  wish('technicianPin', { pin: PIN }, technicianKey, { ...technician, ...stillOnRefusedRecords }),
  wish('technicianLogout', {}, { sample: () => ({}) }, { ...technician, ...stillOnRefusedRecords }),
  wish('setPin', { pin: PIN }, technicianKey, { ...technician, ...stillOnRefusedRecords }),
  wish('clearPeriodMeters', { confirm }, { sample: () => ({ confirm: true as const }) }, technician),
  wish('clearTilt', { code: z.string().max(64) }, technicianKey, { ...technician, ...stillOnRefusedRecords }),
  wish(
    'ramClear',
    { confirm },
    { sample: () => ({ confirm: true as const }) },
    { ...technician, ...stillOnRefusedRecords },
  ),
  // Settings as they are: allowed exactly when a change would be (technician, no game).
  wish(
    'changeSettings',
    SETTINGS_CHANGE.shape,
    { sample: (s) => ({ confirm: true as const, venue: s.settings.voucher.venue }) },
    technician,
    namesASetting,
  ),
  // technician device tests (C-18, C-19, C-21): play stops while one runs
  wish(
    'deviceTest',
    { on: z.boolean() },
    { sample: (s) => ({ on: !s.deviceTest }) },
    { ...technician, ...stillOnRefusedRecords },
  ),
  wish(
    'testLamps',
    { lamps: z.partialRecord(z.enum(BUTTONS), lamp) },
    { sample: () => ({ lamps: {} }) },
    { ...technician, ...stillOnRefusedRecords },
  ),
  /** Takes test notes: each is identified and returned, never credited. */
  wish(
    'testAcceptor',
    { enabled: z.boolean() },
    { sample: (s) => ({ enabled: !s.deviceTest?.acceptor.enabled }) },
    { ...technician, ...stillOnRefusedRecords },
  ),
  /** Prints a specimen voucher marked VOID, worth nothing. */
  wish('testVoucher', {}, { sample: () => ({}) }, { ...technician, ...stillOnRefusedRecords }),
] as const;

export const WISH = z.discriminatedUnion('type', WISHES);

export type Wish = z.infer<typeof WISH>;
export type WishType = Wish['type'];
export const WISH_TYPES = WISH.options.map((o) => o.shape.type.value) as WishType[];

type Declared = (typeof WISHES)[number];
/** The wishes whose tags include `T`, by type. */
type TypesTagged<T> = Extract<Declared, { tags: T }>['shape']['type']['value'];
const typesTagged = (has: (tags: WishTags) => boolean): ReadonlySet<WishType> =>
  new Set(WISHES.filter((w) => has(w.tags)).map((w) => w.shape.type.value));

/** What the player does: all of it stops while a device test runs (C-20, C-21). */
export const PLAY_WISHES = typesTagged((t) => t.who === 'player');
/** The actions of a game in progress. */
export type GameWishType = TypesTagged<{ inGame: true }>;
export type GameWish = Extract<Wish, { type: GameWishType }>;
export const GAME_WISHES = typesTagged((t) => t.inGame === true);
export const isGameWish = (w: Wish): w is GameWish => GAME_WISHES.has(w.type);
/** What a technician may still do on refused records: look, log in and out, test devices, RAM clear. */
export const ON_REFUSED_RECORDS = typesTagged((t) => t.onRefusedRecords === true);

/** How each wish is probed; every wish has one. */
export const WISH_PROBES = probes as ReadonlyMap<WishType, WishProbe<Record<string, unknown>>>;
