// The one IPC channel the contract rides, both ways, and the name the page finds the bridge by.

export const CONTRACT_CHANNEL = 'cabinet:contract';
export const BRIDGE_KEY = 'cabinetBridge';
/** Names the carrier in the cabinet's log of refused messages (C-22). */
export const CARRIER = 'electron-ipc';
