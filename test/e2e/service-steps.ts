// The attendant's and technician's steps the end-to-end tests share: waiting on a service page,
// the PIN pad, and the technician's login with the forced change of the initial PIN (C-21).
import { expect } from 'vitest';
import type { ServiceModel } from '../../renderer/model/service/page';
import { press, until, type Scene, type TestCabinet } from './cabinet-harness';

type Page = Parameters<typeof until>[0];
type ServiceScene = Scene & { service: ServiceModel | null };

export const svcScene = (s: Scene): ServiceScene => s as ServiceScene;

export const svc = (s: Scene): ServiceModel => {
  const m = svcScene(s).service;
  if (!m) throw new Error(`no service page on screen: ${JSON.stringify(s).slice(0, 300)}`);
  return m;
};

export const untilSvc = (page: Page, check: (m: ServiceModel) => boolean, what: string): Promise<Scene> =>
  until(
    page,
    (s) => svcScene(s).service !== null && svcScene(s).service !== undefined && check(svcScene(s).service!),
    what,
  );

export const pageText = (m: ServiceModel): string =>
  [
    m.title,
    m.headline?.text,
    ...m.lines.map((l) => l.text),
    m.notice,
    ...(m.table?.rows.flatMap((r) => r.cells) ?? []),
  ].join('\n');

export async function pin(page: Page, digits: string): Promise<void> {
  await untilSvc(page, (m) => m.page === 'pin', 'the PIN pad');
  for (const d of digits) await press(page, `pin.${d}`);
  await press(page, 'pin.enter');
}

/** The new PIN a technician sets when the cabinet still has its initial one. */
export const NEW_PIN = '2580';

/** Key on, PIN in; on a cabinet still on its initial PIN, the forced change first (C-21). */
export async function technicianLogin(
  c: TestCabinet,
  page: Page,
  code = '0000',
  shot?: (tag: string) => Promise<void>,
): Promise<void> {
  c.app.devices.sim!.deck.turnKey('technician', true);
  await pin(page, c.app.runner.state.access.pinChangeRequired ? code : NEW_PIN);
  await until(page, () => c.app.runner.state.access.technicianSession, 'the technician session');
  await untilSvc(page, (m) => m.mode === 'technician', 'the audit pages');
  if (!c.app.runner.state.access.pinChangeRequired) return;
  await untilSvc(page, (m) => m.page === 'settings' && m.headline?.tone === 'bad', 'the initial PIN to change');
  await shot?.('pin-change');
  for (const entry of [NEW_PIN, NEW_PIN]) {
    for (const k of entry) await press(page, `key.${k}`);
    await press(page, 'edit.ok');
  }
  await press(page, 'confirm.yes');
  await until(page, () => !c.app.runner.state.access.pinChangeRequired, 'the initial PIN changed');
  expect(c.app.runner.state.access.pinChangeRequired).toBe(false);
}
