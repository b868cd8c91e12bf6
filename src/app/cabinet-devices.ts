// The cabinet's devices as its configuration names them: each on its serial line, or simulated
// (the simulator behind the same driver, over an in-memory line). A packaged app is a real
// cabinet: it refuses to start with any simulated device.

import { countryFor, createDevices, type DeviceSet } from '../devices';
import { ConfigError, simulatedDevices, type AppConfig } from './config';

export function describeDevices(config: AppConfig): string {
  return (['acceptor', 'printer', 'deck'] as const)
    .map((name) => {
      const d = config.devices[name];
      return d === 'simulated' ? `${name} simulated` : `${name} ${d.path}${d.baudRate ? ` at ${d.baudRate} baud` : ''}`;
    })
    .join(', ');
}

export function devicesFor(config: AppConfig, packaged: boolean): DeviceSet {
  const simulated = simulatedDevices(config.devices);
  if (packaged && simulated.length > 0) {
    throw new ConfigError(`devices.${simulated[0]}: the installed cabinet runs real devices only; name its serial port (docs/deploy.md)`);
  }
  const { currency, minorDigits } = config.settings;
  // A simulated acceptor is assigned for the configured currency where JCM has a code for it;
  // otherwise it stays a US one, and the cabinet shows the mismatch as the fault it is.
  const acceptorSim = countryFor(currency) ? { currency, minorDigits } : { minorDigits };
  return createDevices(config.devices, { acceptorSim });
}
