// Sandboxed preload (bundled to CommonJS, since a sandboxed preload cannot be a module): hands
// the page the contract's bridge and nothing else.

import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_KEY } from './channel';
import { makeCabinetBridge } from './screen-bridge';

contextBridge.exposeInMainWorld(
  BRIDGE_KEY,
  makeCabinetBridge(ipcRenderer, (line) => console.warn(line)),
);
