// The screen's origin: a privileged custom scheme, so that the page has a real origin of its
// own ('self' in the CSP, the sender check on IPC) instead of file://, where every file on the
// disk shares one origin and ES module scripts are refused.

export const APP_SCHEME = 'app';
export const APP_HOST = 'cabinet';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
/** Shown instead of the screen when the cabinet could not start. */
export const FAULT_URL = `${APP_ORIGIN}/__fault`;

/** Privileges for protocol.registerSchemesAsPrivileged, before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/**
 * True for a URL of the screen's own origin. Node's URL gives "null" as the origin of any
 * scheme it does not know, so the scheme and host are compared instead of `origin`.
 */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === ''
  );
}
