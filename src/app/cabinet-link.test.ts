import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCabinetPort, type CabinetLinkOptions } from './cabinet-link';

/** A test's own folder: the data folder in it, and the machine key and the mirror beside that. */
const folders: string[] = [];
function dataFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'cabinet-link-'));
  folders.push(root);
  mkdirSync(join(root, 'data'));
  return join(root, 'data');
}
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

describe('the link to the app', () => {
  it('starts a cabinet with simulated devices in the data folder and serves its snapshot', async () => {
    const dataDir = dataFolder();
    const lines: string[] = [];
    const options: CabinetLinkOptions = {
      dataDir,
      configFile: null,
      argv: [],
      packaged: false,
      log: (l) => lines.push(l),
    };
    const link = await createCabinetPort(options);
    try {
      expect(link.port.snapshot()).toMatchObject({ balance: 0, selectedGame: 'jacks-or-better' });
      expect(link.display).toEqual({ hideCursor: false });
      expect(lines.join('\n')).toContain('simulated');
    } finally {
      await link.close();
    }
  });

  it('refuses simulated devices in the packaged app: an installed cabinet names its ports', async () => {
    const dataDir = dataFolder();
    await expect(
      createCabinetPort({ dataDir, configFile: null, argv: [], packaged: true, log: () => undefined }),
    ).rejects.toThrow(/devices\.acceptor: the installed cabinet runs real devices only/);
    const configFile = join(dataDir, '..', 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({ devices: { acceptor: '/dev/ttyUSB0', printer: '/dev/ttyUSB1', deck: 'simulated' } }),
    );
    await expect(
      createCabinetPort({ dataDir, configFile, argv: [], packaged: true, log: () => undefined }),
    ).rejects.toThrow(/devices\.deck/);
  });

  it('refuses a broken configuration with the field named, and leaves no database open', async () => {
    const dataDir = dataFolder();
    const configFile = join(dataDir, '..', 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({ devices: { acceptor: 'COM1', printer: '/dev/ttyS1', deck: '/dev/ttyS2' } }),
    );
    await expect(
      createCabinetPort({ dataDir, configFile, argv: [], packaged: false, log: () => undefined }),
    ).rejects.toThrow('devices.acceptor');
  });
});
