import { describe, expect, it } from 'vitest';
import { electronLaunchPlan, findElectronBinary, type LaunchProbe } from './launch';

function probe(
  files: Record<string, string>,
  packageDir: string | null = '/p/node_modules/electron',
  env: Record<string, string> = {},
): LaunchProbe {
  return {
    exists: (path) => path in files,
    read: (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT ${path}`);
      return text;
    },
    electronPackageDir: () => packageDir,
    env,
  };
}

const built = { '/p/dist/main/main.js': '', '/p/dist/renderer/index.html': '' };

describe('launching Electron for npm start', () => {
  it('says the package is missing when electron is not installed', () => {
    const plan = electronLaunchPlan('/p', probe({}, null));
    expect(plan.available).toBe(false);
    expect(plan.reason).toMatch(/electron package is not installed/);
  });

  it('says the binary is not downloaded when path.txt or the binary is missing', () => {
    expect(electronLaunchPlan('/p', probe(built)).reason).toMatch(/not downloaded.*path\.txt/);
    const plan = electronLaunchPlan('/p', probe({ ...built, '/p/node_modules/electron/path.txt': 'electron\n' }));
    expect(plan.available).toBe(false);
    expect(plan.reason).toContain('/p/node_modules/electron/dist/electron is missing');
  });

  it('finds the binary under dist/, or under ELECTRON_OVERRIDE_DIST_PATH', () => {
    const files = { '/p/node_modules/electron/path.txt': 'electron', '/p/node_modules/electron/dist/electron': '' };
    expect(findElectronBinary('/p', probe(files))).toEqual({
      ok: true,
      path: '/p/node_modules/electron/dist/electron',
    });
    const override = probe(
      { '/p/node_modules/electron/path.txt': 'electron', '/opt/e/electron': '' },
      '/p/node_modules/electron',
      { ELECTRON_OVERRIDE_DIST_PATH: '/opt/e' },
    );
    expect(findElectronBinary('/p', override)).toEqual({ ok: true, path: '/opt/e/electron' });
  });

  it('asks for the builds before it can start', () => {
    const binary = { '/p/node_modules/electron/path.txt': 'electron', '/p/node_modules/electron/dist/electron': '' };
    expect(electronLaunchPlan('/p', probe(binary)).reason).toMatch(/main\.js is not built \(run npm run build:main\)/);
    expect(electronLaunchPlan('/p', probe({ ...binary, '/p/dist/main/main.js': '' })).reason).toMatch(
      /npm run build:renderer/,
    );
  });

  it('runs the binary on the project folder when everything is there', () => {
    const files = {
      ...built,
      '/p/node_modules/electron/path.txt': 'electron',
      '/p/node_modules/electron/dist/electron': '',
    };
    expect(electronLaunchPlan('/p', probe(files))).toEqual({
      available: true,
      command: '/p/node_modules/electron/dist/electron',
      args: ['/p'],
    });
  });
});
