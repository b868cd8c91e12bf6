// How `npm start` can run the cabinet in Electron: the installed binary and its arguments, or
// why it cannot. It only looks at files: the electron package's index.js would try to download
// a missing binary when required, which a machine without internet must never attempt.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface LaunchPlan {
  available: boolean;
  reason?: string;
  command?: string;
  args?: string[];
}

export interface LaunchProbe {
  exists(path: string): boolean;
  read(path: string): string;
  /** The electron package's directory as seen from the project, or null when it is not installed. */
  electronPackageDir(projectRoot: string): string | null;
  env: Readonly<Record<string, string | undefined>>;
}

const nodeProbe: LaunchProbe = {
  exists: existsSync,
  read: (path) => readFileSync(path, 'utf8'),
  electronPackageDir: (projectRoot) => {
    try {
      return dirname(createRequire(join(projectRoot, 'package.json')).resolve('electron/package.json'));
    } catch {
      return null;
    }
  },
  env: process.env,
};

export type BinaryLookup = { ok: true; path: string } | { ok: false; reason: string };

/** The installed Electron binary, found the way the electron package's index.js finds it. */
export function findElectronBinary(projectRoot: string, probe: LaunchProbe = nodeProbe): BinaryLookup {
  const packageDir = probe.electronPackageDir(projectRoot);
  if (packageDir === null) {
    return {
      ok: false,
      reason:
        'the electron package is not installed (an optional dependency: run npm install on a machine with internet)',
    };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = probe.exists(pathFile) ? probe.read(pathFile).trim() : '';
  const override = probe.env.ELECTRON_OVERRIDE_DIST_PATH;
  let binary: string;
  if (override) binary = join(override, relative || 'electron');
  else if (relative) binary = join(packageDir, 'dist', relative);
  else
    return {
      ok: false,
      reason: `the electron binary is not downloaded (${pathFile} is missing: run npx install-electron)`,
    };
  if (!probe.exists(binary))
    return { ok: false, reason: `the electron binary ${binary} is missing (run npx install-electron)` };
  return { ok: true, path: binary };
}

export function electronLaunchPlan(projectRoot: string, probe: LaunchProbe = nodeProbe): LaunchPlan {
  const binary = findElectronBinary(projectRoot, probe);
  if (!binary.ok) return { available: false, reason: binary.reason };
  const main = join(projectRoot, 'dist', 'main', 'main.js');
  if (!probe.exists(main))
    return { available: false, reason: `${main} is not built (run npm run build:main)`, command: binary.path };
  const renderer = join(projectRoot, 'dist', 'renderer', 'index.html');
  if (!probe.exists(renderer))
    return { available: false, reason: `${renderer} is not built (run npm run build:renderer)`, command: binary.path };
  // Electron starts the app in projectRoot from package.json's "main" (dist/main/main.js).
  return { available: true, command: binary.path, args: [projectRoot] };
}
