// The service screens' live view (SERVICE_VIEW): keys, the technician's session and PIN lockout,
// device health, a device test in progress and the operator settings, with pay tables named by
// their installed id. Made from the committed state like the rest of the snapshot.

import { activePayTableId, hostLossStopsAt, validationMode, type CabinetState, type DeviceStatus } from '../../cabinet';
import type { ServiceView } from '../../contract';
import { byGame } from '../../core';

const deviceView = (d: DeviceStatus): ServiceView['devices']['acceptor'] => ({
  online: d.online,
  faults: { ...d.faults },
});

function deviceTestView(s: CabinetState): ServiceView['deviceTest'] {
  const t = s.deviceTest;
  if (!t) return null;
  return {
    since: t.since,
    pressed: [...t.pressed],
    seen: [...t.seen],
    lamps: { ...t.lamps },
    acceptor: { enabled: t.acceptor.enabled, notes: t.acceptor.notes.map((n) => ({ ...n })) },
    printer: { ...t.printer },
  };
}

function settingsView(s: CabinetState): ServiceView['settings'] {
  const x = s.settings;
  return {
    currency: x.currency,
    minorDigits: x.minorDigits,
    chipValues: [...x.chipValues],
    limits: { ...x.limits },
    games: [...x.games],
    payTables: byGame((g) => activePayTableId(s, g.id)),
    defaultLanguage: x.defaultLanguage,
    venue: x.voucher.venue,
    machine: x.voucher.machine,
    maxPinFailures: x.access.maxPinFailures,
    lockoutSeconds: Math.round(x.access.lockoutMs / 1000),
    presentation: { ...x.presentation },
    sas: s.sas
      ? {
          address: s.sas.settings.address,
          allowClockSet: s.sas.settings.allowClockSet,
          allowRemoteHandpayReset: s.sas.settings.allowRemoteHandpayReset,
        }
      : null,
  };
}

export function serviceView(s: CabinetState): ServiceView {
  return {
    attendantKey: s.keys.attendant,
    technicianKey: s.keys.technician,
    technician: s.access.technicianSession,
    pin: {
      failures: s.access.pinFailures,
      maxFailures: s.settings.access.maxPinFailures,
      lockedUntil: s.access.lockedUntil,
      lockouts: s.access.lockouts ?? 0,
      mustChange: s.access.pinChangeRequired === true,
    },
    devices: {
      acceptor: deviceView(s.devices.acceptor),
      printer: deviceView(s.devices.printer),
      deck: deviceView(s.devices.deck),
    },
    deviceTest: deviceTestView(s),
    settings: settingsView(s),
    casinoSystem: s.sas
      ? {
          validation: validationMode(s.sas),
          hostLost: s.sas.hostLost
            ? { since: s.sas.hostLost.since, reason: s.sas.hostLost.reason.slice(0, 200) }
            : null,
          stopsPlayAt: hostLossStopsAt(s.sas),
          playStopped: s.sas.hostLossStop === true,
        }
      : null,
  };
}
