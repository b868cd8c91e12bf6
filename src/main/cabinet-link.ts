// What the main process needs of the running app, and how it asks for one: the app's own
// link (src/app/cabinet-link.ts) and the port both carriers use (src/contract/cabinet-port.ts).

import type { CabinetLink, CabinetLinkOptions } from '../app/cabinet-link';

export type { CabinetLink, CabinetLinkOptions } from '../app/cabinet-link';
export type { CabinetPort as ShellPort, WishAnswer } from '../contract';

export type CreateCabinetPort = (options: CabinetLinkOptions) => Promise<CabinetLink>;
