// Entry of the Electron main process (bundled to dist/main/main.js).

import { app } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCabinetPort } from '../app/cabinet-link';
import { appArguments, registerSchemes, startShell } from './shell';

const log = (line: string): void => console.log(`poker-cabinet shell: ${line}`);
const mainDir = dirname(fileURLToPath(import.meta.url));

registerSchemes();
// systemd stops the service with SIGTERM: quit the way the window would, closing the cabinet.
process.on('SIGTERM', () => app.quit());

startShell({
  createCabinetPort,
  mainDir,
  rendererRoot: join(mainDir, '..', 'renderer'),
  argv: appArguments(process.argv, app.isPackaged),
  env: process.env,
  log,
}).catch((error: unknown) => {
  log(`the shell failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  app.exit(1);
});
