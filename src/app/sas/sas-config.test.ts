import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';

const devices = (sas: unknown) => ({
  devices: { acceptor: 'simulated', printer: 'simulated', deck: 'simulated', sas },
});

describe('devices.sas in the config file', () => {
  it('absent: no link; given: address and the operator permissions, off unless said; secure enhanced, never disabled', () => {
    expect(parseConfig({}).sas).toBeNull();
    expect(parseConfig(devices({ path: '/dev/ttyS3', address: 7 })).sas).toEqual({
      path: '/dev/ttyS3',
      settings: {
        address: 7,
        accountingDenomination: 1,
        allowClockSet: false,
        allowRemoteHandpayReset: false,
        validation: 'secure-enhanced',
        disableAfterSeconds: null,
      },
    });
    expect(
      parseConfig(devices({ path: '/dev/ttyS3', address: 7, validation: 'system', disableAfterSeconds: 600 })).sas
        ?.settings,
    ).toMatchObject({ validation: 'system', disableAfterSeconds: 600 });
    expect(parseConfig(devices('simulated')).sas?.path).toBe('simulated');
  });

  it('refuses a validation mode or a time without the host it does not know, in one line', () => {
    expect(() => parseConfig(devices({ path: '/dev/ttyS3', address: 1, validation: 'enhanced' }))).toThrow(
      /^config: devices.sas.validation must be one of "secure-enhanced", "system", "standard"$/,
    );
    for (const disableAfterSeconds of [0, 1.5, -3, 604_801, '60'])
      expect(() => parseConfig(devices({ path: '/dev/ttyS3', address: 1, disableAfterSeconds }))).toThrow(
        /devices.sas.disableAfterSeconds must be a whole number of seconds from 1 to 604800/,
      );
  });

  it('refuses a bad address, an unknown key, a port shared with another device, in one line', () => {
    expect(() => parseConfig(devices({ path: '/dev/ttyS3', address: 0 }))).toThrow(
      /^config: devices.sas.address must be a whole number from 1 to 127$/,
    );
    expect(() => parseConfig(devices({ path: '/dev/ttyS3', address: 128 }))).toThrow(/1 to 127/);
    expect(() => parseConfig(devices({ path: '/dev/ttyS3', address: 1, allowClockset: true }))).toThrow(
      /devices.sas.allowClockset is not a known setting/,
    );
    expect(() =>
      parseConfig({
        devices: {
          acceptor: '/dev/ttyS3',
          printer: 'simulated',
          deck: 'simulated',
          sas: { path: '/dev/ttyS3', address: 1 },
        },
      }),
    ).toThrow(/its own serial port/);
  });

  it('refuses money SAS cannot report: a denomination without a code, a currency without whole cents, chips not whole credits', () => {
    expect(() => parseConfig(devices({ path: '/dev/ttyS3', address: 1, accountingDenomination: 7 }))).toThrow(
      /devices.sas: accounting denomination 7 .*no SAS denomination code/,
    );
    expect(() =>
      parseConfig({
        ...devices({ path: '/dev/ttyS3', address: 1 }),
        currency: 'KWD',
        minorDigits: 3,
        chipValues: [1000],
      }),
    ).toThrow(/KWD with 3 minor digits has no whole cents/);
    expect(() =>
      parseConfig({ ...devices({ path: '/dev/ttyS3', address: 1, accountingDenomination: 5 }), chipValues: [1, 5] }),
    ).toThrow(/chip value 1 is not a whole number of credits/);
  });
});
