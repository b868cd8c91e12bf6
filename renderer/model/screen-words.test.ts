// Every text the screens can show, read as its people read it: the player's screens in every state
// the fixtures hold (lockups, help pages, the lobby, the attract loop) and every service page with
// its records, in both languages. None may carry our documents' words (a rule's id such as C-9 or
// P-12, a command line), and none may show an amount of money as a bare count of minor units.

import { describe, expect, it } from 'vitest';
import type { Query, Snapshot } from '../../src/contract';
import * as fx from '../../test/renderer/fixtures';
import * as sx from '../../test/renderer/service-fixtures';
import { describeScene } from './describe-scene';
import { FIELDS } from './service/settings-fields';
import type { ServicePageName } from './service/actions';
import { applyService } from './service/state';
import { applyUi, followKeys, initialUi, type UiState } from './ui-state';
import { helpPageCount } from './play/pages';
import type { SceneModel } from './scene';

const NOW = Date.UTC(2026, 4, 6, 21, 0);

/** Our documents' rule ids (docs/rules.md, docs/cabinet.md) and command lines. */
const RULE_ID = /\b[CHJP]-\d{1,2}\b/;
const COMMAND = /\bparsheet\b|\bnpm run\b|(^|\s)--[a-z]{2,}|\b95% CI\b/;

function strings(x: unknown): string[] {
  if (typeof x === 'string') return [x];
  if (Array.isArray(x)) return x.flatMap(strings);
  if (x && typeof x === 'object') return Object.values(x).flatMap(strings);
  return [];
}

/** Answers a page's queries as the cabinet would, into the service state. */
function answered(ui: UiState, queries: Query[]): UiState {
  let next = ui;
  for (const q of queries) {
    const answer = sx.answerFor(q);
    const action =
      answer.type === 'recallGame'
        ? ({ type: 'recalled', record: answer, run: answer.run } as const)
        : ({ type: 'answer', answer, asked: q } as const);
    next = { ...next, service: applyService(next.service, action).service };
  }
  return next;
}

function playerScenes(s: Snapshot): SceneModel[] {
  const ui = { ...initialUi(NOW), interacted: true, lastInputAt: NOW, view: 'game' as const };
  return [
    describeScene(s, ui, 'open'),
    describeScene(s, { ...ui, view: 'lobby' }, 'open'),
    ...Array.from({ length: helpPageCount(s) }, (_, page) => describeScene(s, { ...ui, help: page }, 'open')),
    ...[0, 5_000, 15_000, 30_000, 60_000].map((ms) =>
      describeScene({ ...s, balance: 0, credits: 0 }, { ...ui, interacted: false, attractSince: NOW - ms }, 'open'),
    ),
  ];
}

const TECHNICIAN_PAGES: ServicePageName[] = ['meters', 'recall', 'events', 'devices', 'settings', 'tilts'];

function serviceScenes(s: Snapshot, pages: ServicePageName[]): SceneModel[] {
  const opened = followKeys(initialUi(NOW), s);
  let ui = answered(opened.ui, opened.queries);
  const scenes = [describeScene(s, ui, 'open')];
  for (const page of pages) {
    const step = applyUi(ui, { type: 'svc', action: { type: 'page', page } }, s);
    ui = answered(step.ui, step.queries ?? []);
    scenes.push(describeScene(s, ui, 'open'));
    // Every setting's editor, with the records it reads (the pay tables).
    if (page === 'settings')
      for (const def of FIELDS) {
        const edit = applyUi(
          ui,
          { type: 'svc', action: { type: 'edit', field: def.field, draft: def.draft(s.service.settings) } },
          s,
        );
        scenes.push(describeScene(s, answered(edit.ui, edit.queries ?? []), 'open'));
      }
    if (page === 'recall') {
      const open = applyUi(ui, { type: 'svc', action: { type: 'recallOpen', gameId: sx.RECALL_GAMES[0]!.gameId } }, s);
      scenes.push(describeScene(s, answered(open.ui, open.queries ?? []), 'open'));
    }
  }
  return scenes;
}

const PLAYER: Record<string, () => Snapshot> = {
  idle: fx.baseSnapshot,
  jacksDealt: fx.jacksDealt,
  jacksWin: fx.jacksWin,
  pokerPlusDeciding: fx.pokerPlusDeciding,
  pokerPlusSecond: fx.pokerPlusSecond,
  pokerPlusBought: fx.pokerPlusBought,
  handpay: fx.handpay,
  tilt: fx.tilt,
  cashingOut: fx.cashingOut,
};

/** The money fields of the event log's rows (the cabinet's declaration keeps money in these). */
const MONEY_FIELDS = ['amount', 'value', 'balance', 'expected', 'from', 'to'];

/**
 * The amounts of money a snapshot and every record the screens read hold, in minor units, long
 * enough not to pass for a count: limits, balance, lockups, handpays, tickets in, meters (lifetime,
 * period and the derived ones), the event log's rows, the recalled games.
 */
function amountsOf(s: Snapshot): number[] {
  const l = s.service.settings.limits;
  const rows = sx.handpays();
  const report = sx.metersReport();
  const money = report.meters.filter((m) => m.unit === 'money');
  const events = sx.EVENT_SAMPLES.flatMap((e) =>
    Object.entries(e.data as Record<string, unknown>)
      .filter(([k, v]) => MONEY_FIELDS.includes(k) && typeof v === 'number')
      .map(([, v]) => v as number),
  );
  return [
    s.balance,
    l.creditLimit,
    l.ticketLimit,
    l.handpayLimit,
    s.lockup?.kind === 'handpay' ? s.lockup.amount : 0,
    s.cashout?.amount ?? 0,
    ...(rows.type === 'handpays' ? rows.rows.map((r) => r.amount) : []),
    ...sx.TICKETS_IN_ROWS.map((r) => r.amount ?? 0),
    ...money.flatMap((m) => [m.lifetime, m.period]),
    ...Object.values(report.derived).map((d) => d.value),
    ...events,
    ...sx.RECALL_GAMES.flatMap((g) => [g.staked, g.paid]),
    ...s.chipValues,
  ].filter((n) => n >= 1000 && n !== s.credits);
}

const bare = (text: string, n: number): boolean =>
  new RegExp(`(^|[^\\d.,\\s\\u00a0])\\s?${n}(?![\\d.,]\\d)`).test(text);

function check(scenes: SceneModel[], s: Snapshot, where: string): string[] {
  const found: string[] = [];
  const amounts = amountsOf(s);
  for (const scene of scenes)
    for (const text of strings(scene)) {
      if (RULE_ID.test(text)) found.push(`${where} ${scene.screen}: a rule's id in "${text}"`);
      if (COMMAND.test(text)) found.push(`${where} ${scene.screen}: a command line in "${text}"`);
      for (const n of amounts)
        if (bare(text, n)) found.push(`${where} ${scene.screen}: ${n} minor units shown bare in "${text}"`);
    }
  return found;
}

describe('the words on the screens', () => {
  for (const language of ['en', 'ru'] as const) {
    it(`carry no rule id, no command line and no bare minor units: the player's screens (${language})`, () => {
      const found = Object.entries(PLAYER).flatMap(([name, make]) => {
        const s = { ...make(), language };
        return check(playerScenes(s), s, name);
      });
      expect(found).toEqual([]);
    });

    it(`carry no rule id, no command line and no bare minor units: the attendant's and technician's pages (${language})`, () => {
      const attendant = { ...sx.attendant(), language };
      const technician = { ...sx.technician(), language };
      const tilted = { ...sx.technicianTilt(), language };
      const pin = { ...sx.pinPad(2), language };
      const pages = serviceScenes(technician, TECHNICIAN_PAGES);
      // Each page on show with its records read (none still loading).
      expect(pages.map((p) => p.service?.page)).toEqual([
        'meters',
        ...TECHNICIAN_PAGES.slice(0, 2),
        'recallGame',
        'events',
        'devices',
        'settings',
        ...FIELDS.map(() => 'settings'),
        'tilts',
      ]);
      for (const p of pages) expect(strings(p.service).join(' ')).not.toMatch(/Reading the records|Чтение записей/);
      const found = [
        ...check(serviceScenes(attendant, ['tickets', 'attendant']), attendant, 'attendant'),
        ...check(pages, technician, 'technician'),
        ...check(serviceScenes(tilted, ['tilts']), tilted, 'technician with a tilt'),
        ...check(serviceScenes(pin, []), pin, 'PIN pad'),
      ];
      expect(found).toEqual([]);
    });
  }

  it('says each figure of a recalled game in one unit, labelled: money in the currency, the table in chips', () => {
    for (const language of ['en', 'ru'] as const) {
      const s = { ...sx.technician(), language };
      const opened = followKeys(initialUi(NOW), s);
      let ui = answered(opened.ui, opened.queries);
      ui = answered(ui, applyUi(ui, { type: 'svc', action: { type: 'page', page: 'recall' } }, s).queries ?? []);
      for (const game of sx.RECALL_GAMES.slice(0, 2)) {
        const open = applyUi(ui, { type: 'svc', action: { type: 'recallOpen', gameId: game.gameId } }, s);
        const page = describeScene(s, answered(open.ui, open.queries ?? []), 'open').service!;
        expect(page.page).toBe('recallGame');
        // The record's money: each amount in the currency.
        expect(page.lines[0]!.text).toMatch(language === 'en' ? /\$.*\$.*\$/ : /\u00a0\$.*\u00a0\$.*\u00a0\$/);
        // The table's figures: every number but a box's own is followed by its unit, chips.
        for (const text of page.cards.flatMap((g) => [g.label, g.note ?? ''])) {
          const figures = text.replace(/(BOX|БОКС) \d+/g, '').match(/\d[\d\u00a0,]*(\s\S+)?/g) ?? [];
          for (const f of figures) expect(f, `${language}: "${text}"`).toMatch(/\s(CHIPS?|ФИШ(КА|КИ|ЕК))$/);
        }
      }
    }
  });

  it('would see a rule id, a command line and a bare amount (the checks themselves)', () => {
    const s = fx.handpay();
    const scene = { ...describeScene(s, initialUi(NOW), 'open'), title: 'C-9 BALANCE OK' };
    expect(check([scene], s, 'x')).toHaveLength(1);
    const command = { ...scene, title: 'parsheet poker-plus --best' };
    expect(check([command], s, 'x')).toHaveLength(1);
    const cents = { ...scene, title: `cash-out above the ticket limit of ${s.service.settings.limits.ticketLimit}` };
    expect(check([cents], s, 'x').join()).toContain('minor units shown bare');
    expect(check([{ ...scene, title: 'LIMIT $5,000.00 • 5 000,00 $' }], s, 'x')).toEqual([]);
  });
});
