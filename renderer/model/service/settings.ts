// C-7 on the audit screen: the settings as they are, each one editable with an on-screen keypad
// or keyboard (a kiosk has no other), pay tables chosen from the installed ones with their
// rows and certified return, and a confirm step listing from → to before anything is wished.

import { GAME_IDS, type InstalledPayTable, type Snapshot } from '../../../src/contract';
import { formatChips } from '../../i18n/numbers';
import { ts } from '../../i18n/service-texts';
import { handName } from '../../i18n/texts';
import { briefName, gameFace, gameLabel, shortName } from '../../i18n/game-words';
import { isLive, button, type ButtonSpec } from '../parts';
import { emptyPage, loadingNotice, svc, technicianNav } from './common';
import type { ServiceModel, ServiceTable } from './page';
import type { PendingConfirm } from './actions';
import type { ServiceUi } from './state';
import { changes, FIELDS, fieldDef, fieldLabel, type FieldDef } from './settings-fields';

const KEY_NAMES: Record<string, string> = { ' ': 'space', '.': 'dot', ',': 'comma', '-': 'dash' };
const keyName = (k: string): string => `key.${KEY_NAMES[k] ?? k}`;

const NUMBER_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '0', ','];
const TEXT_KEYS = [...'1234567890-QWERTYUIOP.ASDFGHJKL ZXCVBNM'];

function keypad(s: Snapshot, def: FieldDef): { keys: ButtonSpec[]; columns: number } {
  const L = s.language;
  const allowed =
    def.entry === 'text'
      ? TEXT_KEYS
      : NUMBER_KEYS.filter((k) =>
          k === '.' ? def.entry === 'money' || def.entry === 'moneyList' : k === ',' ? def.entry === 'moneyList' : true,
        );
  const keys = allowed.map((k) =>
    button(keyName(k), k === ' ' ? ts(L, 'key.space') : k, true, svc({ type: 'editKey', key: k })),
  );
  keys.push(
    button('key.back', '⌫', true, svc({ type: 'editKey', key: 'back' })),
    button('key.clear', ts(L, 'key.clear'), true, svc({ type: 'editKey', key: 'clear' })),
  );
  return { keys, columns: def.entry === 'text' ? 11 : 3 };
}

function payTableRows(s: Snapshot, table: InstalledPayTable): ServiceTable {
  const L = s.language;
  // A video-poker family's table has a column per bet; a table game's one, what its BET pays.
  const jacks = gameFace(table.game)?.shape === 'video-poker';
  const bets = jacks ? Math.max(1, ...table.rows.map((r) => r.perBet.length)) : 1;
  const rows = table.rows.filter((r) => r.perBet.some((x) => x > 0));
  return {
    columns: [
      shortName(table.name).toUpperCase(),
      ...(jacks ? Array.from({ length: bets }, (_, i) => ts(L, 'set.col.bet', { n: i + 1 })) : [ts(L, 'set.col.pays')]),
    ],
    widths: [0.4, ...Array.from({ length: bets }, () => 0.6 / bets)],
    numeric: [false, ...Array.from({ length: bets }, () => true)],
    compact: true,
    rows: rows.map((r) => ({
      cells: [
        handName(L, r.category, table.game) ?? r.category,
        ...(jacks ? r.perBet.map((c) => formatChips(c, L)) : [`${formatChips(r.perBet[0] ?? 0, L)} : 1`]),
      ],
      tone: 'plain' as const,
    })),
    pageText: null,
  };
}

const percent = (x: number): string => x.toFixed(2);

/** The chosen table's return as C-24 judges it, and a Poker Plus table's typical play beside it. */
function returnLines(s: Snapshot, t: InstalledPayTable): string[] {
  const L = s.language;
  // How it was measured is said in words; the file's own account (a command line and its
  // figures) stays in the file and on the command line.
  if (t.returnPct === null) return [ts(L, 'set.noReturn'), ...(t.refused ? [whyOut(s, t)] : [])];
  const typical =
    t.typicalPct === null || t.typicalLow === null || t.typicalHigh === null
      ? []
      : [
          ts(L, 'set.returnTypical', {
            pct: percent(t.typicalPct),
            low: percent(t.typicalLow),
            high: percent(t.typicalHigh),
          }),
        ];
  switch (t.returnPlay) {
    case 'best':
      return [ts(L, 'set.returnBest', { pct: percent(t.returnPct) }), ...typical];
    case 'typical':
      return [ts(L, 'set.returnTypicalOnly', { pct: percent(t.returnPct) })];
    default:
      return [ts(L, 'set.return', { pct: percent(t.returnPct) })];
  }
}

/** The option's second line: its return (a Poker Plus table's best and typical play), and that it lies outside the range (C-24). */
function tableSub(s: Snapshot, t: InstalledPayTable): string | null {
  const L = s.language;
  const shown =
    t.returnPct === null
      ? null
      : t.returnPlay === 'best' && t.typicalPct !== null
        ? ts(L, 'set.subBest', { pct: percent(t.returnPct), typical: percent(t.typicalPct) })
        : t.returnPlay === 'typical'
          ? ts(L, 'set.subTypicalOnly', { pct: percent(t.returnPct) })
          : `${percent(t.returnPct)}%`;
  if (t.inRange) return shown;
  // Out of the range: its best play and that it is out (its typical play is no matter then).
  const best = t.returnPct === null ? null : `≤${percent(t.returnPct)}%`;
  return best === null ? ts(L, 'set.outOfRange') : `${best} · ${ts(L, 'set.outOfRange')}`;
}

/** Why a table cannot be chosen: what is known of its return (best play's, for Poker Plus) against the operator's range. */
function whyOut(s: Snapshot, t: InstalledPayTable): string {
  const { minReturnPct, maxReturnPct } = s.service.settings.limits;
  if (t.refused)
    return ts(s.language, t.refused === 'signature' ? 'set.whySignature' : 'set.whyUnsigned', {
      name: shortName(t.name),
    });
  if (t.returnLow === null || t.returnHigh === null)
    return ts(s.language, 'set.whyUnknown', { name: shortName(t.name) });
  return ts(s.language, t.returnPlay === 'best' ? 'set.whyOutBest' : 'set.whyOut', {
    name: shortName(t.name),
    low: percent(t.returnLow),
    high: percent(t.returnHigh),
    min: percent(minReturnPct),
    max: percent(maxReturnPct),
  });
}

/** The installed table of that id when it is outside the operator's range (C-24). */
function outOfRange(ui: ServiceUi, id: string): InstalledPayTable | undefined {
  if (ui.payTables.state !== 'ready') return undefined;
  return ui.payTables.value.find((t) => t.id === id && !t.inRange);
}

function tableName(ui: ServiceUi, id: string): string {
  if (ui.payTables.state !== 'ready') return id;
  return ui.payTables.value.find((t) => t.id === id)?.name ?? id;
}

function confirmFor(s: Snapshot, ui: ServiceUi, def: FieldDef, draft: string): PendingConfirm | null {
  const v = s.service.settings;
  const L = s.language;
  if (def.entry === 'pin') {
    if (!/^\d{4,12}$/.test(draft)) return null;
    return { what: 'pin', step: 1, steps: 1, wish: { type: 'setPin', pin: draft }, changes: [], amount: null };
  }
  const change = def.parse(draft, v);
  if (!change || !changes(change, v)) return null;
  const after = {
    ...v,
    ...change,
    limits: { ...v.limits, ...(change.limits ?? {}) },
    payTables: { ...v.payTables, ...(change.payTables ?? {}) },
    presentation: { ...v.presentation, ...(change.presentation ?? {}) },
    sas: v.sas && { ...v.sas, ...(change.sas ?? {}) },
  };
  const shown = (x: typeof v): string =>
    def.field === 'games'
      ? x.games.map((g) => gameLabel(L, g)).join(', ')
      : def.entry === 'option' && def.field.startsWith('payTables.')
        ? tableName(ui, def.show(x, L))
        : def.show(x, L);
  return {
    what: 'settings',
    step: 1,
    steps: 1,
    wish: { type: 'changeSettings', confirm: true, ...change },
    changes: [{ field: def.field, from: shown(v), to: shown(after) }],
    amount: null,
  };
}

function editorPage(s: Snapshot, ui: ServiceUi, page: ServiceModel): ServiceModel {
  const L = s.language;
  const edit = ui.edit!;
  const def = fieldDef(edit.field);
  const v = s.service.settings;
  page.title = `${ts(L, 'set.title')}: ${fieldLabel(L, def)}`;
  if (s.service.pin.mustChange) page.headline = { text: ts(L, 'set.pinMustChange'), tone: 'bad' };
  page.lines.push({
    text: ts(L, 'set.now', {
      value: def.field.startsWith('payTables.') ? tableName(ui, def.show(v, L)) : def.show(v, L),
    }),
    tone: 'plain',
  });
  const range = def.range?.(v, L);
  if (range) page.lines.push({ text: range, tone: 'info' });
  if (edit.error)
    page.lines.push({ text: ts(L, edit.error === 'mismatch' ? 'set.pinMismatch' : 'set.invalid'), tone: 'bad' });
  const confirm = confirmFor(s, ui, def, edit.draft);
  if (def.entry === 'option') {
    const options: {
      name?: string;
      value: string;
      label: string;
      sub: string | null;
      live?: boolean;
      selected?: boolean;
    }[] = def.options
      ? def.options(L, edit.draft).map((o) => ({
          // A game's toggle is named by its game; its value is the list it leaves.
          name: o.game ?? o.value,
          value: o.value,
          label: o.label,
          sub: o.sub ?? null,
          selected: o.selected,
          live: o.game === undefined || o.selected || !outOfRange(ui, v.payTables[o.game]),
        }))
      : def.field === 'defaultLanguage'
        ? [
            { value: 'en', label: 'English', sub: null },
            { value: 'ru', label: 'Русский', sub: null },
          ]
        : ui.payTables.state === 'ready'
          ? ui.payTables.value
              .filter((t) => `payTables.${t.game}` === def.field)
              .map((t) => ({ value: t.id, label: shortName(t.name), sub: tableSub(s, t), live: t.inRange }))
          : [];
    // C-24: a table outside the operator's range is shown, greyed, and cannot be picked.
    page.list = options.map((o) =>
      button(
        `opt.${o.name ?? o.value}`,
        o.label,
        o.live !== false,
        svc({ type: 'editPick', value: o.value }),
        o.sub,
        o.selected ?? o.value === edit.draft,
      ),
    );
    // The pay tables in one row of up to three, or two rows of two, each by its name without its
    // closing remark (the whole one is said above), a long one on two lines.
    const tables = def.field.startsWith('payTables.');
    page.listColumns = tables && options.length === 3 ? 3 : 2;
    page.listTall = tables;
    // C-24: a game whose table is outside the range is not offered until a table inside is chosen for it.
    if (def.field === 'games' && ui.payTables.state === 'ready') {
      const out = GAME_IDS.map((g) => outOfRange(ui, v.payTables[g])).filter((t) => t !== undefined);
      for (const t of out) page.lines.push({ text: whyOut(s, t), tone: 'bad' });
    }
    if (def.field === 'sas.allowClockSet' || def.field === 'sas.allowRemoteHandpayReset')
      page.lines.push({ text: ts(L, 'set.sasPermissionNote'), tone: 'plain' });
    if (def.field.startsWith('payTables.')) {
      page.notice = loadingNotice(s, ui.payTables);
      const chosen = ui.payTables.state === 'ready' ? ui.payTables.value.find((t) => t.id === edit.draft) : undefined;
      if (chosen) {
        // The chosen table by its name (on its button and in the title of its preview), then its return.
        page.lines.push(...returnLines(s, chosen).map((text) => ({ text, tone: 'plain' as const })));
        page.table = payTableRows(s, chosen);
      }
      if (ui.payTables.state === 'ready') {
        for (const t of ui.payTables.value.filter((x) => `payTables.${x.game}` === def.field && !x.inRange))
          page.lines.push({ text: whyOut(s, t), tone: 'bad' });
      }
    }
  } else {
    const pin = def.entry === 'pin';
    page.entry = {
      label: pin ? ts(L, edit.first === null ? 'set.pinFirst' : 'set.pinAgain') : fieldLabel(L, def),
      text: pin ? '●'.repeat(edit.draft.length) : edit.draft,
    };
    const pad = pin
      ? {
          keys: [...'1234567890']
            .map((k) => button(keyName(k), k, true, svc({ type: 'editKey', key: k })))
            .concat([button('key.back', '⌫', true, svc({ type: 'editKey', key: 'back' }))]),
          columns: 3,
        }
      : keypad(s, def);
    page.keypad = pad.keys;
    page.keypadColumns = pad.columns;
    // Said before the change is confirmed: the running link keeps its address until a restart.
    if (def.field === 'sas.address') page.lines.push({ text: ts(L, 'set.sasAddressNote'), tone: 'info' });
  }
  const ready = def.entry === 'pin' ? /^\d{4,12}$/.test(edit.draft) : confirm !== null;
  const okLive = ready && isLive(s, def.entry === 'pin' ? 'setPin' : 'changeSettings');
  page.actions = [
    button(
      'edit.ok',
      ts(L, def.entry === 'pin' && edit.first === null ? 'set.next' : 'set.ok'),
      okLive,
      svc({ type: 'editDone', confirm: def.entry === 'pin' && edit.first === null ? null : confirm }),
    ),
    button('edit.cancel', ts(L, 'set.cancel'), true, svc({ type: 'editCancel' })),
  ];
  return page;
}

export function settingsPage(s: Snapshot, ui: ServiceUi): ServiceModel {
  const L = s.language;
  const page = emptyPage('technician', 'settings', ts(L, 'set.title'));
  page.nav = technicianNav(s, 'settings');
  if (ui.edit) return editorPage(s, ui, page);
  const v = s.service.settings;
  page.lines = [
    { text: ts(L, 'set.hint'), tone: 'plain' },
    { text: ts(L, 'set.pinRules', { n: v.maxPinFailures, s: v.lockoutSeconds }), tone: 'plain' },
    {
      text: ts(L, 'set.returnRange', { min: percent(v.limits.minReturnPct), max: percent(v.limits.maxReturnPct) }),
      tone: 'plain',
    },
  ];
  // C-24: a range above 100% is refused in the config file unless acknowledged; then it is said here.
  if (v.limits.maxReturnPct > 100) page.lines.push({ text: ts(L, 'set.returnOver100'), tone: 'bad' });
  const live = isLive(s, 'changeSettings');
  if (s.service.pin.mustChange) page.headline = { text: ts(L, 'set.pinMustChange'), tone: 'bad' };
  if (v.sas) page.lines.push({ text: ts(L, 'set.sasAddressNote'), tone: 'plain' });
  page.list = FIELDS.filter(
    (def) => (!s.service.pin.mustChange || def.entry === 'pin') && (def.present?.(v) ?? true),
  ).map((def) => {
    const value = def.field.startsWith('payTables.') ? briefName(tableName(ui, def.show(v, L))) : def.show(v, L);
    const can = def.entry === 'pin' ? isLive(s, 'setPin') : live;
    return button(
      `set.${def.field}`,
      fieldLabel(L, def),
      can,
      svc({ type: 'edit', field: def.field, draft: def.draft(v) }),
      value,
    );
  });
  page.listColumns = 4;
  // A setting's name on two lines where one is too long for its button (the 5:4 monitor's).
  page.listTall = true;
  return page;
}
