// Where the database lives. On a cabinet installed from the deb it is /var/lib/poker-cabinet:
// outside the install, so that updating or removing the app never touches meters and money
// records, in the place backups and the FHS expect machine state, and created by the package
// for the kiosk user. Elsewhere (an AppImage, a developer's machine) it is Electron's userData.

import { constants } from 'node:fs';
import { access } from 'node:fs/promises';

export const CABINET_DATA_DIR = '/var/lib/poker-cabinet';
export const CABINET_CONFIG_FILE = '/etc/poker-cabinet/config.json';

export interface Choice {
  path: string;
  why: string;
}

export interface PlaceInputs {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** app.getPath('userData'). */
  userData: string;
  writable(path: string): Promise<boolean>;
  readable(path: string): Promise<boolean>;
}

/** The value of `--name=value` or `--name value` on the command line. */
export function option(argv: readonly string[], name: string): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg === `--${name}`) return argv[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

export async function chooseDataDir(inputs: PlaceInputs): Promise<Choice> {
  const fromArgs = option(inputs.argv, 'data-dir');
  if (fromArgs) return { path: fromArgs, why: '--data-dir' };
  const fromEnv = inputs.env.POKER_CABINET_DATA;
  if (fromEnv) return { path: fromEnv, why: 'POKER_CABINET_DATA' };
  if (await inputs.writable(CABINET_DATA_DIR)) return { path: CABINET_DATA_DIR, why: 'the cabinet data folder' };
  return { path: inputs.userData, why: `userData (${CABINET_DATA_DIR} is missing or not writable)` };
}

export async function chooseConfigFile(inputs: PlaceInputs): Promise<Choice | null> {
  const fromArgs = option(inputs.argv, 'config');
  if (fromArgs) return { path: fromArgs, why: '--config' };
  const fromEnv = inputs.env.POKER_CABINET_CONFIG;
  if (fromEnv) return { path: fromEnv, why: 'POKER_CABINET_CONFIG' };
  if (await inputs.readable(CABINET_CONFIG_FILE)) return { path: CABINET_CONFIG_FILE, why: 'the cabinet config file' };
  return null;
}

export const canWrite = (path: string): Promise<boolean> =>
  access(path, constants.W_OK).then(
    () => true,
    () => false,
  );
export const canRead = (path: string): Promise<boolean> =>
  access(path, constants.R_OK).then(
    () => true,
    () => false,
  );
