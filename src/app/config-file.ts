// The configuration file's declaration: the cabinet's settings as it declares them (every one
// optional here, the defaults fill the rest), and what only the app reads: the devices' serial
// lines, the display and where the records are kept. The file is checked against this, and
// `npm run -s cabinet -- config-schema` prints it as the JSON Schema a technician's editor
// completes and checks config.json with (cabinet.schema.json, shipped with the package).

import { z } from 'zod';
import { GAMES, type AnyGame, type GameId } from '../core';
import { DAYS_KEPT_AT_LEAST, EVENTS_KEPT_AT_LEAST, parseTcti, TCTI_FORMS } from '../store';
import { POKER_PLUS_RETURN } from './recorded-return';
import { SIGNATURE } from './service/paytable-signature';
import {
  CHIP_VALUES_GIVEN,
  CURRENCY,
  DISABLED_NOTES,
  GAME_LIST,
  LANGUAGE,
  LIMITS,
  LOCKOUT_SECONDS,
  MAX_MONEY,
  MAX_PIN_FAILURES,
  MINOR_DIGITS,
  PIN,
  PRESENTATION,
  VOUCHER,
  fileTable,
  whole,
} from '../cabinet/vocabulary/settings-schema';
import { ACCEPTOR_PROTOCOLS } from '../cabinet/vocabulary/devices';
import { VALIDATION_MODES } from '../cabinet/vocabulary/sas';

export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

const oneOf = <const V extends readonly [z.core.util.Literal, ...z.core.util.Literal[]]>(values: V) =>
  z.literal(values, { error: `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}` });

const PORT_SAYS = 'must be the absolute path of a serial port, e.g. "/dev/ttyUSB0"';
const PORT_PATH = z.string({ error: PORT_SAYS }).regex(/^\/[\w./-]{1,200}$/, { error: PORT_SAYS });
const CHOICE_SAYS = 'a port path, {"path": ..., "baudRate": ...} or "simulated"';

/** One device: simulated, on a port at its default line settings, or on a port with its own (ID-003 is 8E1 at a rate the acceptor is set to). */
const device = <S extends z.ZodRawShape>(line: S) =>
  z.union([z.literal('simulated'), PORT_PATH, z.strictObject({ path: PORT_PATH, ...line })], {
    // Named, never implied: a device left out would otherwise be simulated without anyone saying so.
    error: (iss) => (iss.input === undefined ? `must be given: ${CHOICE_SAYS}` : `must be ${CHOICE_SAYS}`),
  });

const baudRate = oneOf(BAUD_RATES).optional();

const ACCEPTOR_SAYS = 'a port path, {"path": ..., "protocol": "id003" or "ebds", "baudRate": ...} or "simulated"';
/** The acceptor: as any device, and with its protocol; `path` may be "simulated" to simulate that family. */
const ACCEPTOR = z.union(
  [
    z.literal('simulated'),
    PORT_PATH,
    z.strictObject({
      path: z.union([z.literal('simulated'), PORT_PATH], {
        error: 'must be the absolute path of a serial port, e.g. "/dev/ttyUSB0", or "simulated"',
      }),
      protocol: oneOf(ACCEPTOR_PROTOCOLS)
        .optional()
        .describe('The acceptor\'s family: "id003" (JCM, 8E1; the default) or "ebds" (MEI/CPI, 7E1).'),
      baudRate,
    }),
  ],
  { error: (iss) => (iss.input === undefined ? `must be given: ${ACCEPTOR_SAYS}` : `must be ${ACCEPTOR_SAYS}`) },
);

/** The voucher printer's families: ESC/POS (the default) and TCL (docs/protocols). */
export const PRINTER_PROTOCOLS = ['escpos', 'tcl'] as const;
const PRINTER_SAYS = 'a port path, {"path": ..., "protocol": "escpos" or "tcl", "baudRate": ...} or "simulated"';
/** The printer: as any device, and with its family; `path` may be "simulated" to simulate that family. */
const PRINTER = z.union(
  [
    z.literal('simulated'),
    PORT_PATH,
    z.strictObject({
      path: z.union([z.literal('simulated'), PORT_PATH], {
        error: 'must be the absolute path of a serial port, e.g. "/dev/ttyUSB1", or "simulated"',
      }),
      protocol: oneOf(PRINTER_PROTOCOLS)
        .optional()
        .describe(
          'The printer\'s command family: "escpos" (the default) or "tcl" (FutureLogic GEN2/GEN5, Nanoptix PayCheck, Epic 950 in TCL).',
        ),
      baudRate,
      dataBits: oneOf([7, 8]).optional(),
      parity: oneOf(['none', 'even', 'odd']).optional(),
      stopBits: oneOf([1, 2]).optional(),
    }),
  ],
  { error: (iss) => (iss.input === undefined ? `must be given: ${PRINTER_SAYS}` : `must be ${PRINTER_SAYS}`) },
);

/** The SAS link to a casino system (docs/protocols/sas.md); src/app/sas/sas-config.ts reads it. */
const SAS_ADDRESS_SAYS = 'must be a whole number from 1 to 127';
const DISABLE_SAYS = 'must be a whole number of seconds from 1 to 604800 (a week)';
export const SAS_LINK = z.union(
  [
    z.literal('simulated'),
    z.strictObject({
      path: z.union([z.literal('simulated'), PORT_PATH], {
        error: 'must be the absolute path of a serial port, e.g. "/dev/ttyS3", or "simulated"',
      }),
      address: z
        .int({ error: SAS_ADDRESS_SAYS })
        .min(1, { error: SAS_ADDRESS_SAYS })
        .max(127, { error: SAS_ADDRESS_SAYS }),
      accountingDenomination: whole('minor units', 1, MAX_MONEY).optional(),
      allowClockSet: z.boolean().optional(),
      allowRemoteHandpayReset: z.boolean().optional(),
      validation: z
        .enum(VALIDATION_MODES, { error: `must be one of ${VALIDATION_MODES.map((m) => `"${m}"`).join(', ')}` })
        .optional()
        .meta({
          description: 'How vouchers are validated on the link (docs/protocols/sas.md); "secure-enhanced" by default.',
        }),
      disableAfterSeconds: z
        .int({ error: DISABLE_SAYS })
        .min(1, { error: DISABLE_SAYS })
        .max(604_800, { error: DISABLE_SAYS })
        .optional()
        .meta({ description: 'Seconds without the casino system after which play stops; absent: play goes on.' }),
    }),
  ],
  { error: 'must be "simulated" or {"path": ..., "address": 1..127, ...}' },
);
export const DEVICES = z.union(
  [
    z.literal('simulated'),
    z
      .strictObject({
        acceptor: ACCEPTOR,
        printer: PRINTER,
        deck: device({ baudRate }),
        sas: SAS_LINK.optional(),
      })
      .check((ctx) => {
        const pathOf = (c: (typeof ctx.value)[keyof typeof ctx.value]) =>
          c === undefined ? 'simulated' : typeof c === 'string' ? c : c.path;
        const paths = Object.values(ctx.value)
          .map(pathOf)
          .filter((p) => p !== 'simulated');
        if (new Set(paths).size !== paths.length)
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: 'must not share a port: each device needs its own serial port',
          });
      }),
  ],
  {
    error:
      'must be "simulated" or {"acceptor": ..., "printer": ..., "deck": ...}, each a port path, {"path": ..., "baudRate": ...} or "simulated"',
  },
);

const PLACE = z
  .string({ error: 'must be a path' })
  .refine((v) => v.trim() !== '' && !v.includes('\0'), { error: 'must be a path' })
  .meta({ description: "A path; a relative one is taken from the config file's folder." });

/**
 * A Poker Plus table of the file's own comes with the return measured for it (C-24), as an
 * installed table's file writes it; the bare table has none and is refused. Its fields are
 * declared and read by src/app/recorded-return.ts.
 */
/**
 * A game's table in the file. The cabinet computes a video-poker family's return itself, exactly:
 * its table comes alone. A table game's comes with the return measured for it (C-24), or alone.
 */
const fileTableOf = (game: AnyGame) =>
  game.shape === 'table'
    ? z.union([
        z.strictObject({ table: fileTable(game.id), ...POKER_PLUS_RETURN, signature: SIGNATURE.optional() }).meta({
          description: `A ${game.names.en} pay table with the return measured for it (C-24): returnPct, best play's upper estimate; returnBasis, how it was measured (parsheet ${game.id} --best), or that best play was not measured; typicalPlay, the default strategy's return.`,
        }),
        fileTable(game.id),
      ])
    : fileTable(game.id);

/** The records' counter outside the files (docs/deploy.md, "The records"): a TPM's NV counter, or none. */
/** The records' retention (docs/deploy.md, "Retention and archives"): never below its floor. */
const RETENTION = z
  .strictObject({
    archive: PLACE.describe('The folder the archive files go to (a second device, or a USB stick mounted there).'),
    events: z
      .int({ error: `must be a whole number of event rows, ${EVENTS_KEPT_AT_LEAST} or more` })
      .min(EVENTS_KEPT_AT_LEAST, { error: `must be ${EVENTS_KEPT_AT_LEAST} or more (the floor the regulations ask)` })
      .max(1_000_000_000)
      .describe('Event rows kept in the live database.'),
    days: z
      .int({ error: `must be a whole number of days, ${DAYS_KEPT_AT_LEAST} or more` })
      .min(DAYS_KEPT_AT_LEAST, { error: `must be ${DAYS_KEPT_AT_LEAST} or more (the floor the regulations ask)` })
      .max(36_500)
      .describe('Days of records kept in the live database.'),
  })
  .describe(
    'Records older than both limits move to archive files at start (the game recall, the meters and the settings log always stay); none when absent.',
  );

const ANCHOR_SAYS = `must be "none" or {"tcti": ..., "index": ...}, the tcti one of ${TCTI_FORMS}`;
const ANCHOR = z
  .union(
    [
      z.literal('none'),
      z.strictObject({
        tcti: z
          .string()
          .refine((t) => parseTcti(t) !== null, { error: `must be a TCTI the cabinet speaks: ${TCTI_FORMS}` })
          .meta({ description: 'How to reach the TPM, as tpm2-tools names it (TPM2TOOLS_TCTI).' }),
        index: z
          .string()
          .regex(/^0x01[0-9a-fA-F]{6}$/, { error: 'must be an NV index handle, "0x01000000" to "0x01fffffe"' })
          .refine((h) => Number(h) < 0x01ffffff, { error: 'must leave the handle after it for the probe' })
          .optional()
          .meta({
            description:
              'The counter\'s NV index handle; the one after it is used while provisioning. Default "0x01800a00".',
          }),
      }),
    ],
    { error: (iss) => (iss.input === undefined ? undefined : ANCHOR_SAYS) },
  )
  .meta({
    description:
      'The TPM counter the records are anchored to, or "none". Default: {"tcti": "device:/dev/tpmrm0"} where that device exists (a production start), otherwise none.',
  });

export const CONFIG_FILE = z
  .strictObject({
    /** Where the technician's editor finds this schema; the cabinet ignores it. */
    $schema: z.string().optional(),
    currency: CURRENCY.optional(),
    minorDigits: MINOR_DIGITS.optional(),
    chipValues: CHIP_VALUES_GIVEN.optional(),
    games: GAME_LIST.optional(),
    limits: LIMITS.partial()
      .extend({
        acknowledgeReturnOver100: z
          .literal(true, { error: 'must be true, or left out' })
          .optional()
          .describe(
            'true: the operator means a limits.maxReturnPct above 100, a return range that lets the cabinet pay out more than it takes (C-24); refused without it, and shown as a warning with it.',
          ),
      })
      .optional(),
    payTables: z
      .strictObject(
        Object.fromEntries(GAMES.map((g) => [g.id, fileTableOf(g).optional()])) as Record<
          GameId,
          z.ZodOptional<ReturnType<typeof fileTableOf>>
        >,
      )
      .optional(),
    disabledNotes: DISABLED_NOTES.optional(),
    voucher: VOUCHER.partial().optional(),
    access: z
      .strictObject({
        maxPinFailures: MAX_PIN_FAILURES,
        lockoutSeconds: LOCKOUT_SECONDS,
        initialPin: PIN.describe('The technician PIN a new database starts with; only its salted hash is stored.'),
      })
      .partial()
      .optional(),
    defaultLanguage: LANGUAGE.optional(),
    presentation: PRESENTATION.partial().optional(),
    devices: DEVICES.optional().describe(
      'Each device on its serial line or simulated (all simulated by default; never in the packaged app).',
    ),
    display: z
      .strictObject({ hideCursor: z.boolean().describe('Touch cabinets hide the pointer (C-20).') })
      .partial()
      .optional(),
    store: z
      .strictObject({ keyFile: PLACE, mirror: PLACE, anchor: ANCHOR, retention: RETENTION })
      .partial()
      .optional()
      .describe(
        'Where the machine key and the mirror of critical memory are, and the TPM counter the records are anchored to (docs/deploy.md, "The records").',
      ),
  })
  .meta({
    title: 'Poker cabinet configuration',
    description: 'The operator settings of a poker cabinet (docs/deploy.md, "Configuration"); every field optional.',
  });

export type ConfigFile = z.infer<typeof CONFIG_FILE>;
export type SasLink = z.infer<typeof SAS_LINK>;

/** The JSON Schema of the configuration file, as `config-schema` prints it and cabinet.schema.json holds it. */
export const configJsonSchema = (): Record<string, unknown> =>
  z.toJSONSchema(CONFIG_FILE, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
