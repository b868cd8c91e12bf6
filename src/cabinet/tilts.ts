// C-15: doors, device faults and offline devices stop play; each stop is logged and lifts when
// its cause is gone. (The meter mismatch of C-9 is the one a technician must clear: settle.ts.)
// The deck's switches are known only from its own report (C-18): until it has made one since
// power-up or since it was last heard, no key counts and play stays stopped.

import {
  DEVICE_NAMES,
  DOORS,
  KEY_SWITCHES,
  type DeviceEvent,
  type DeviceName,
  type Door,
  type KeySwitch,
} from './device-events';
import { keyEvent } from './keys';
import { doorMeter, STACKER_EMPTIED } from './meters';
import type { DeviceFault } from './vocabulary/devices';
import type { Transition } from './transition';
import type { TiltLogDetail } from './vocabulary/log-events';
import { SWITCHES_TILT, TILTS, tiltCause, tiltCode, type TiltCause } from './vocabulary/tilts';

const has = (tx: Transition, code: string): boolean => tx.state.tilts.some((t) => t.code === code);

/** Play stops for `cause` (once: a stop already there is no news); a technician's to clear if its declaration says so. */
export function addTilt(tx: Transition, cause: TiltCause, reason: string, detail: TiltLogDetail = {}): void {
  const code = tiltCode(cause);
  if (has(tx, code)) return;
  const technician = TILTS[cause.kind].clears !== 'cause';
  tx.set({ tilts: [...tx.state.tilts, { code, reason, since: tx.at, technician }] });
  tx.log('tilt', { event: 'on', code, reason, ...detail });
}

export function removeTilt(tx: Transition, cause: TiltCause | string): void {
  const code = typeof cause === 'string' ? cause : tiltCode(cause);
  if (!has(tx, code)) return;
  tx.set({ tilts: tx.state.tilts.filter((t) => t.code !== code) });
  tx.log('tilt', { event: 'off', code });
}

export function doorEvent(tx: Transition, door: Door, open: boolean): void {
  const was = tx.state.doors[door];
  // The deck reports its whole state when it connects: a door already known is no news.
  if (was === open) return;
  tx.set({ doors: { ...tx.state.doors, [door]: open } });
  tx.log('door', { door, open });
  const cause = { kind: 'door', door } as const;
  if (open) {
    if (!was) tx.count({ [doorMeter(door)]: 1 });
    addTilt(tx, cause, `${door} door open`);
  } else {
    removeTilt(tx, cause);
    if (was && door === 'main') tx.setMeters({ gamesSinceDoorClose: 0 });
  }
}

/** The deck's whole report: every key and door is as it says, whatever was believed before. */
export function deckSwitches(tx: Transition, keys: Record<KeySwitch, boolean>, doors: Record<Door, boolean>): void {
  for (const door of DOORS) doorEvent(tx, door, doors?.[door] === true);
  for (const key of KEY_SWITCHES) keyEvent(tx, key, keys?.[key] === true);
  removeTilt(tx, SWITCHES_TILT);
}

/** The switches are unknown: both keys count as off (ending any session) until the next report. */
export function forgetKeys(tx: Transition, why: string): void {
  for (const key of KEY_SWITCHES) keyEvent(tx, key, false);
  addTilt(tx, { kind: 'switches' }, `waiting for the button deck to report its keys and doors (${why})`);
}

/**
 * Power-up: nothing the devices said before counts. Keys off, doors closed, every device unheard
 * (a tilt until it answers) and its faults forgotten (its driver reports them afresh).
 */
export function forgetDevices(tx: Transition): void {
  for (const door of DOORS) removeTilt(tx, { kind: 'door', door });
  tx.set({ doors: { main: false, logic: false, cashbox: false } });
  forgetKeys(tx, 'power-up');
  // The SAS port is reported afresh once the link has tried it again; each device's faults by its driver.
  const causes = (t: { code: string }) => tiltCause(t.code);
  for (const t of tx.state.tilts) if (causes(t)?.kind === 'sasLine') removeTilt(tx, t.code);
  const sas = tx.state.sas;
  if (sas?.lineFault) tx.set({ sas: { ...sas, lineFault: false } });
  for (const device of DEVICE_NAMES) {
    for (const t of tx.state.tilts) {
      const cause = causes(t);
      if (cause?.kind === 'fault' && cause.device === device) removeTilt(tx, t.code);
    }
    tx.set({ devices: { ...tx.state.devices, [device]: { online: false, faults: {} } } });
    addTilt(tx, { kind: 'offline', device }, `${device} not heard from since power-up`);
  }
}

type AnyDeviceEvent = Extract<DeviceEvent, { type: 'fault' | 'faultCleared' | 'online' | 'offline' }>;

/** The acceptor's fault for its stacker (cashbox) taken out. */
const STACKER_OUT: DeviceFault<'acceptor'> = 'stackerOpen';

export function deviceHealth(tx: Transition, event: AnyDeviceEvent): void {
  const device: DeviceName = event.device;
  const status = tx.state.devices[device];
  const offline = { kind: 'offline', device } as const;
  let next = status;
  if ((event.type === 'online' && status.online) || (event.type === 'faultCleared' && !(event.code in status.faults)))
    return;
  switch (event.type) {
    case 'fault':
      // The stacker taken out is the cashbox emptied: its meters (SAS 49, 4A) count from zero again.
      if (device === 'acceptor' && event.code === STACKER_OUT && !(event.code in status.faults))
        tx.setMeters(STACKER_EMPTIED);
      next = { ...status, faults: { ...status.faults, [event.code]: event.message } };
      tx.log('fault', { device, event: 'fault', code: event.code, message: event.message });
      addTilt(tx, { kind: 'fault', device, fault: event.code }, `${device} fault: ${event.message}`);
      break;
    case 'faultCleared': {
      const faults = { ...status.faults };
      delete faults[event.code];
      next = { ...status, faults };
      tx.log('fault', { device, event: 'cleared', code: event.code });
      removeTilt(tx, { kind: 'fault', device, fault: event.code });
      break;
    }
    case 'offline':
      next = { ...status, online: false };
      tx.log('fault', { device, event: 'offline', reason: event.reason });
      addTilt(tx, offline, `${device} offline: ${event.reason}`);
      // Already tilted since power-up: the driver's reason (a port that cannot be opened, say)
      // is the one to show.
      tx.set({
        tilts: tx.state.tilts.map((t) =>
          t.code === tiltCode(offline) ? { ...t, reason: `${device} offline: ${event.reason}` } : t,
        ),
      });
      // A silent deck may have had its keys turned off meanwhile: they count only once it says so.
      if (device === 'deck') forgetKeys(tx, 'the deck went silent');
      break;
    case 'online':
      next = { ...status, online: true };
      tx.log('fault', { device, event: 'online' });
      removeTilt(tx, offline);
      break;
  }
  tx.set({ devices: { ...tx.state.devices, [device]: next } });
}
