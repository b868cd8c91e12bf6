// The cabinet's devices in its own words: the deck's buttons, keys and doors, the devices by
// name, and the faults each may report. The drivers (src/devices) speak these words, the
// contract carries them and the screens name them.

/** The five HOLD buttons, one over each card, left to right: the button at index p holds card p. */
export const HOLD_BUTTONS = ['hold1', 'hold2', 'hold3', 'hold4', 'hold5'] as const;
export type HoldButton = (typeof HOLD_BUTTONS)[number];

/** The card position a button holds, or null for a button that holds none. */
export function holdPosition(b: string): number | null {
  const p = (HOLD_BUTTONS as readonly string[]).indexOf(b);
  return p < 0 ? null : p;
}

/** The button deck's buttons, in the order the deck reports them (one declaration: the contract and the screens read it). */
export const BUTTONS = ['deal', ...HOLD_BUTTONS, 'betOne', 'maxBet', 'cashOut', 'help', 'service'] as const;
export type Button = (typeof BUTTONS)[number];

export const KEY_SWITCHES = ['attendant', 'technician'] as const;
export type KeySwitch = (typeof KEY_SWITCHES)[number];
export const DOORS = ['main', 'logic', 'cashbox'] as const;
export type Door = (typeof DOORS)[number];

export const DEVICE_NAMES = ['acceptor', 'printer', 'deck'] as const;
export type DeviceName = (typeof DEVICE_NAMES)[number];
export const isDeviceName = (x: unknown): x is DeviceName => (DEVICE_NAMES as readonly unknown[]).includes(x);

/** What the deck's lamps show, in the order the deck's protocol numbers them (docs/protocols). */
export const LAMP_STATES = ['off', 'on', 'blink'] as const;
export type LampState = (typeof LAMP_STATES)[number];

/** The bill acceptor's families: JCM ID-003 (the default) and MEI/CPI EBDS (docs/protocols). */
export const ACCEPTOR_PROTOCOLS = ['id003', 'ebds'] as const;
export type AcceptorProtocol = (typeof ACCEPTOR_PROTOCOLS)[number];

/** What a bill acceptor reports of itself (ID-003's fault statuses bear these names). */
export const ACCEPTOR_STATUS_FAULTS = [
  'stackerFull',
  'stackerOpen',
  'jamInAcceptor',
  'jamInStacker',
  'pause',
  'cheated',
  'failure',
  'communicationError',
] as const;

/**
 * What an MEI/CPI acceptor (EBDS) reports of itself beyond those it shares with ID-003 (a full or
 * removed cash box, a pause, a cheat, a failure): a jam it does not place, and states ID-003 has
 * no status for.
 */
export const EBDS_STATUS_FAULTS = ['jam', 'calibration', 'stalled', 'transportOpen', 'outOfService'] as const;

/**
 * The faults each device reports, in the cabinet's words: a driver names its protocol's statuses
 * with these (the acceptors' own, the printers' conditions (ESC/POS, and TCL's jam and head up), and the acceptor drivers': a
 * note table or assignment in another currency, a unit that does not report its notes' values, a
 * start-up that never finished). The deck reports none.
 */
export const DEVICE_FAULTS = {
  acceptor: [...ACCEPTOR_STATUS_FAULTS, ...EBDS_STATUS_FAULTS, 'currency', 'noteReporting', 'initializeTimeout'],
  printer: ['paperOut', 'coverOpen', 'paperJam', 'headUp', 'cutterError', 'printerError', 'autoRecoverableError'],
  deck: [],
} as const satisfies Record<DeviceName, readonly string[]>;
export type DeviceFault<D extends DeviceName = DeviceName> = (typeof DEVICE_FAULTS)[D][number];

/** Whether `fault` is one the vocabulary names for `device`. */
export const isDeviceFault = <D extends DeviceName>(device: D, fault: string): fault is DeviceFault<D> =>
  (DEVICE_FAULTS[device] as readonly string[]).includes(fault);
