// The screen's Content-Security-Policy in the cabinet: the browser host's policy without its
// WebSocket sources, because here the contract rides IPC and the page needs no network at all.

import { screenCsp } from '../contract';

export const APP_CSP = screenCsp("'self'");

export type ResponseHeaders = Record<string, string | string[]>;

/** Response headers with any policy the response brought replaced by ours (for onHeadersReceived). */
export function withCsp(headers: ResponseHeaders | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === 'content-security-policy') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [APP_CSP];
  return out;
}
