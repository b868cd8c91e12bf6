// The service screens' scene: which page the keys and the service state call for, with a
// confirmation in front when one is under way (everything beneath it inert), and the last
// refusal with the cabinet's reason.

import type { Snapshot } from '../../../src/contract';
import { ts, type ServiceKey } from '../../i18n/service-texts';
import { button, type ButtonSpec } from '../parts';
import { attendantPage } from './attendant';
import { money, svc } from './common';
import { devicesPage } from './devices';
import { eventsPage } from './event-log';
import { metersPage } from './meters';
import type { ConfirmModel, ServiceModel } from './page';
import { pinPage } from './pin';
import { recallGamePage, recallListPage } from './recall';
import { settingsPage } from './settings';
import { fieldDef, fieldLabel } from './settings-fields';
import { tiltsPage } from './tilts';
import type { PendingConfirm } from './actions';
import type { ServiceUi } from './state';
import { workLine } from './work';

const TITLES: Record<PendingConfirm['what'], [ServiceKey, ServiceKey]> = {
  creditClear: ['confirm.creditClear', 'confirm.creditClear'],
  periodClear: ['confirm.periodClear1', 'confirm.periodClear2'],
  ramClear: ['confirm.ramClear1', 'confirm.ramClear2'],
  settings: ['confirm.settings', 'confirm.settings'],
  pin: ['confirm.pin', 'confirm.pin'],
};

const LINES: Record<PendingConfirm['what'], [ServiceKey, ServiceKey]> = {
  creditClear: ['confirm.creditClear.line', 'confirm.creditClear.line'],
  periodClear: ['confirm.periodClear.line1', 'confirm.periodClear.line2'],
  ramClear: ['confirm.ramClear.line1', 'confirm.ramClear.line2'],
  settings: ['confirm.settings.line', 'confirm.settings.line'],
  pin: ['confirm.pin.line', 'confirm.pin.line'],
};

function confirmModel(s: Snapshot, c: PendingConfirm): { confirm: ConfirmModel; buttons: ButtonSpec[] } {
  const L = s.language;
  // Step 1 shows the first of each pair, step 2 the second.
  const ofStep = ([first, second]: [ServiceKey, ServiceKey]): ServiceKey => (c.step >= 2 ? second : first);
  const lines = [ts(L, ofStep(LINES[c.what]))];
  if (c.amount !== null) lines.unshift(money(s, c.amount));
  for (const ch of c.changes)
    lines.push(ts(L, 'confirm.change', { field: fieldLabel(L, fieldDef(ch.field)), from: ch.from, to: ch.to }));
  const last = c.step >= c.steps;
  return {
    confirm: {
      title: ts(L, ofStep(TITLES[c.what])),
      lines,
      stepText: c.steps > 1 ? ts(L, 'svc.stepOf', { n: c.step, of: c.steps }) : null,
    },
    buttons: [
      button(
        'confirm.yes',
        ts(L, last ? (c.steps > 1 ? 'confirm.yesFinal' : 'confirm.yes') : 'confirm.continue'),
        true,
        svc({ type: 'confirmYes' }),
      ),
      button('confirm.no', ts(L, 'confirm.no'), true, svc({ type: 'confirmNo' })),
    ],
  };
}

function page(s: Snapshot, ui: ServiceUi, now: number): ServiceModel | null {
  switch (ui.mode) {
    case null:
      return null;
    case 'attendant':
      return attendantPage(s, ui, now);
    case 'pin':
      return pinPage(s, ui, now);
    case 'technician':
      switch (ui.page) {
        case 'recall':
          return recallListPage(s, ui);
        case 'recallGame':
          return recallGamePage(s, ui);
        case 'events':
          return eventsPage(s, ui);
        case 'devices':
          return devicesPage(s, ui);
        case 'settings':
          return settingsPage(s, ui);
        case 'tilts':
          return tiltsPage(s, now);
        default:
          return metersPage(s, ui);
      }
  }
}

export function serviceModel(s: Snapshot, ui: ServiceUi, now: number, refusal: string | null): ServiceModel | null {
  const m = page(s, ui, now);
  if (!m) return null;
  if (refusal) m.notice = refusal;
  m.work = workLine(s);
  if (!ui.confirm) return m;
  const { confirm, buttons } = confirmModel(s, ui.confirm);
  const inert = (b: ButtonSpec): ButtonSpec => ({ ...b, live: false });
  return {
    ...m,
    nav: m.nav.map(inert),
    list: m.list.map(inert),
    keypad: m.keypad.map(inert),
    actions: m.actions.map(inert),
    confirm,
    confirmButtons: buttons,
  };
}
