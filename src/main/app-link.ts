// The one place the main process gets a running cabinet from. src/app will export
// `createCabinetPort`; until it does, asking for a cabinet fails with a clear error, and the
// shell shows its out-of-service page instead of the screen.
// When the export exists, the lead replaces the lookup below with a static import, so that the
// bundler carries the app into dist/main/main.js.

import type { CabinetLinkOptions, CabinetLink, CreateCabinetPort } from './cabinet-link';

/** Where the factory is expected: src/app's index. Not a literal, so bundles build without it. */
const APP_MODULE: string = '../app/index';

export class NotWiredError extends Error {
  constructor(detail: string) {
    super(`the cabinet app is not wired yet: src/app has no createCabinetPort export (${detail})`);
    this.name = 'NotWiredError';
  }
}

/** Finds the factory in a loaded module, or says why it is not there. */
export function factoryOf(module: unknown): CreateCabinetPort {
  const candidate = (module as { createCabinetPort?: unknown } | null)?.createCabinetPort;
  if (typeof candidate !== 'function') throw new NotWiredError(`${APP_MODULE} loads but exports no function createCabinetPort`);
  return candidate as CreateCabinetPort;
}

export async function createCabinetPort(options: CabinetLinkOptions, load: (specifier: string) => Promise<unknown> = (s) => import(/* @vite-ignore */ s)): Promise<CabinetLink> {
  let module: unknown;
  try {
    module = await load(APP_MODULE);
  } catch (error) {
    const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const missing = (error as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND' || /cannot find|failed to load|does not exist/i.test(text);
    // A module that exists but breaks while loading is a fault of the app, not a missing wire.
    if (!missing) throw new Error(`the cabinet app failed to load: ${text}`, { cause: error });
    throw new NotWiredError(`${APP_MODULE} cannot be found: ${text}`);
  }
  return factoryOf(module)(options);
}
