import { describe, expect, it } from 'vitest';
import {
  CABINET_CONFIG_FILE,
  CABINET_DATA_DIR,
  chooseConfigFile,
  chooseDataDir,
  option,
  type PlaceInputs,
} from './data-dir';

const inputs = (over: Partial<PlaceInputs>): PlaceInputs => ({
  argv: [],
  env: {},
  userData: '/home/kiosk/.config/Poker Cabinet',
  writable: async () => false,
  readable: async () => false,
  ...over,
});

describe('where the cabinet keeps its data', () => {
  it('reads --name=value and --name value', () => {
    expect(option(['--data-dir=/a', '--x'], 'data-dir')).toBe('/a');
    expect(option(['--data-dir', '/b'], 'data-dir')).toBe('/b');
    expect(option(['--data-directory=/c'], 'data-dir')).toBeUndefined();
  });

  it('takes the command line, then the environment, then /var/lib/poker-cabinet, then userData', async () => {
    expect(
      await chooseDataDir(
        inputs({ argv: ['--data-dir=/x'], env: { POKER_CABINET_DATA: '/y' }, writable: async () => true }),
      ),
    ).toEqual({ path: '/x', why: '--data-dir' });
    expect((await chooseDataDir(inputs({ env: { POKER_CABINET_DATA: '/y' }, writable: async () => true }))).path).toBe(
      '/y',
    );
    expect((await chooseDataDir(inputs({ writable: async (p) => p === CABINET_DATA_DIR }))).path).toBe(
      CABINET_DATA_DIR,
    );
    const fallback = await chooseDataDir(inputs({}));
    expect(fallback.path).toBe('/home/kiosk/.config/Poker Cabinet');
    expect(fallback.why).toContain('not writable');
  });

  it('finds the config the same way, or none', async () => {
    expect((await chooseConfigFile(inputs({ argv: ['--config', '/c.json'] })))?.path).toBe('/c.json');
    expect((await chooseConfigFile(inputs({ env: { POKER_CABINET_CONFIG: '/e.json' } })))?.path).toBe('/e.json');
    expect((await chooseConfigFile(inputs({ readable: async (p) => p === CABINET_CONFIG_FILE })))?.path).toBe(
      CABINET_CONFIG_FILE,
    );
    expect(await chooseConfigFile(inputs({}))).toBeNull();
  });
});
