// C-21: the technician's PIN pad. Digits are masked; a wrong PIN shows the tries left; during
// a lockout the pad is dead and the time left counts down from the cabinet's lockedUntil.

import type { Snapshot } from '../../../src/contract';
import { ts } from '../../i18n/service-texts';
import { isLive, button } from '../parts';
import { emptyPage, svc } from './common';
import type { ServiceModel } from './page';
import type { ServiceUi } from './state';
import { tiltText } from '../../i18n/tilts';
import { formatDuration } from '../../i18n/time';

export function pinPage(s: Snapshot, ui: ServiceUi, now: number): ServiceModel {
  const L = s.language;
  const pin = s.service.pin;
  const page = emptyPage('pin', 'pin', ts(L, 'pin.title'));
  const lockedFor = pin.lockedUntil - now;
  const locked = lockedFor > 0;
  const canEnter = !locked && isLive(s, 'technicianPin');
  page.entry = { label: ts(L, 'pin.prompt'), text: ui.pin.length > 0 ? '●'.repeat(ui.pin.length) : '' };
  if (locked) {
    page.headline = { text: ts(L, 'pin.locked', { time: formatDuration(lockedFor) }), tone: 'bad' };
    page.lines.push({ text: ts(L, 'pin.lockedWhy', { n: pin.maxFailures }), tone: 'plain' });
    page.ticking = true;
  } else if (pin.failures > 0) {
    page.headline = { text: ts(L, 'pin.wrong'), tone: 'bad' };
    page.lines.push({ text: ts(L, 'pin.triesLeft', { n: Math.max(0, pin.maxFailures - pin.failures) }), tone: 'bad' });
  } else {
    page.headline = { text: ts(L, 'pin.enter'), tone: 'info' };
  }
  // What stopped the machine is readable before logging in; clearing it needs the PIN.
  if (s.lockup?.kind === 'tilt')
    for (const tilt of s.lockup.tilts) page.lines.push({ text: tiltText(L, tilt.code, tilt.reason), tone: 'bad' });
  const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  page.keypad = [
    ...digits.map((d) => button(`pin.${d}`, d, !locked, svc({ type: 'pinKey', key: d }))),
    button('pin.clear', ts(L, 'key.clear'), !locked && ui.pin.length > 0, svc({ type: 'pinKey', key: 'clear' })),
    button('pin.0', '0', !locked, svc({ type: 'pinKey', key: '0' })),
    button('pin.back', '⌫', !locked && ui.pin.length > 0, svc({ type: 'pinKey', key: 'back' })),
  ];
  page.keypadColumns = 3;
  page.actions = [
    button('pin.enter', ts(L, 'pin.enterButton'), canEnter && ui.pin.length >= 4, svc({ type: 'pinEnter' })),
  ];
  return page;
}
