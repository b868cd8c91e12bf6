import { describe, expect, it } from 'vitest';
import { SCREEN_CSP } from '../host/static-files';
import { APP_CSP, withCsp } from './csp';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('the screen CSP in the cabinet', () => {
  it("is the browser host's policy without its WebSocket sources", () => {
    const host = directives(SCREEN_CSP);
    const app = directives(APP_CSP);
    expect([...app.keys()]).toEqual([...host.keys()]);
    for (const [name, values] of host) {
      expect(app.get(name), name).toEqual(values.filter((v) => !v.startsWith('ws:') && !v.startsWith('wss:')));
    }
    expect(app.get('connect-src')).toEqual(["'self'"]);
    expect(APP_CSP).not.toMatch(/unsafe-eval|ws:|http/);
  });

  it('replaces whatever policy a response brought, in any letter case', () => {
    const headers = withCsp({
      'content-security-policy': ['default-src *'],
      'CONTENT-SECURITY-POLICY': 'script-src *',
      'X-Other': 'a',
    });
    expect(headers).toEqual({ 'X-Other': ['a'], 'Content-Security-Policy': [APP_CSP] });
    expect(withCsp(undefined)).toEqual({ 'Content-Security-Policy': [APP_CSP] });
  });
});
