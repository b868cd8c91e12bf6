// The attendant's and technician's side end to end: the real renderer in Debian's Chromium, the
// real host, cabinet, store and serial simulators; keys and buttons worked on the simulated
// deck, records compared with what the command line reads from the same database.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MetersReport, Query, ToScreen, Wish } from '../../src/contract';
import {
  cardsOf,
  e2eSuite,
  freshDbPath,
  insertNote,
  openScreen,
  press,
  scene,
  SHOTS,
  until,
  type Scene,
  type TestCabinet,
} from './cabinet-harness';
import { pageText, pin, svc, svcScene, technicianLogin, untilSvc } from './service-steps';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const suite = e2eSuite();

const pressable = (page: Parameters<typeof until>[0], name: string): Promise<boolean> =>
  page.evaluate((n) => (window as unknown as { __press: (n: string) => boolean }).__press(n), name);

/** Runs `npm run -s cabinet -- ARGS` as a technician would, on the cabinet's own database. */
function cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('npm', ['run', '-s', 'cabinet', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

async function start(config: unknown, name: string, db = freshDbPath()) {
  const cabinet = await suite.start(config, 'memory', db);
  const page = await openScreen(suite.browser, cabinet.url, SHOTS, `svc-${name}`);
  return { page, sim: cabinet.app.devices.sim!, cabinet, db };
}

async function insert(c: TestCabinet, page: Parameters<typeof until>[0], value: number): Promise<void> {
  const before = c.app.runner.state.balance;
  expect(await insertNote(c, value)).toBe(true);
  await until(page, () => c.app.runner.state.balance === before + value, 'the note credited');
}

describe('the attendant', () => {
  it('pays a jackpot handpay and clears the credits left, each logged and listed', async () => {
    const { page, sim, cabinet: c } = await start({ limits: { handpayLimit: 1000 } }, 'attendant');
    await insert(c, page, 2000);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    c.stack('As Ks Qs Js Ts');
    await press(page, 'play');
    await press(page, 'maxBet');
    await press(page, 'deal');
    await until(page, (s) => s.overlay === 'handpay', 'the handpay lockup');
    sim.deck.turnKey('attendant', true);
    let s = await untilSvc(
      page,
      (m) => m.page === 'attendant' && (m.headline?.text ?? '').includes('12.50'),
      'the attendant menu with the handpay',
    );
    await page.shot('handpay');
    await press(page, 'att.handpay');
    await until(page, () => c.app.runner.state.handpay === null, 'the handpay paid');
    expect(c.app.runner.state.balance).toBe(2000 - 5);

    await press(page, 'att.clear');
    s = await untilSvc(page, (m) => m.confirm !== null, 'the credit-clear confirmation');
    expect(svc(s).confirm!.lines.join(' ')).toContain('19.95');
    // Nothing happens before the attendant confirms.
    expect(c.app.runner.state.balance).toBe(1995);
    await press(page, 'confirm.yes');
    await until(page, () => c.app.runner.state.balance === 0, 'the credits cleared');
    s = await untilSvc(
      page,
      (m) => (m.table?.rows.length ?? 0) >= 2 && pageText(m).includes('19.95'),
      'both handpays listed',
    );
    expect(pageText(svc(s))).toContain('12.50');
    await page.shot('cleared');

    const rows = c.app.journal.reader.events().filter((e) => e.kind === 'handpay' || e.kind === 'creditClear');
    expect(rows.map((e) => [e.kind, e.data.event, e.data.amount])).toEqual([
      ['handpay', 'locked', 1250],
      ['handpay', 'paid', 1250],
      ['creditClear', 'creditClear', 1995],
    ]);
    expect(c.app.journal.reader.meters().lifetime).toMatchObject({ jackpot: 1250, handpaidCancelled: 1995 });

    sim.deck.turnKey('attendant', false);
    await until(page, (x) => svcScene(x).service === null, 'the attendant menu closed');
  });
});

describe('the technician', () => {
  it('is refused a wrong PIN (logged, never the digits), locked out after repeated ones, then let in with the right one', async () => {
    // The shortest lockout a config may set (30 s): long enough to see, short enough to wait out.
    const {
      page,
      sim,
      cabinet: c,
    } = await start({ access: { initialPin: '2468', maxPinFailures: 3, lockoutSeconds: 30 } }, 'pin');
    sim.deck.turnKey('technician', true);
    await pin(page, '1111');
    let s = await untilSvc(page, (m) => pageText(m).includes('2 tries left'), 'two tries left');
    await pin(page, '1357');
    await pin(page, '9999');
    s = await untilSvc(page, (m) => /^LOCKED: 0:[0-3]\d$/.test(m.headline?.text ?? ''), 'the lockout');
    await page.shot('locked');
    expect(await pressable(page, 'pin.2')).toBe(false);
    expect(c.app.runner.state.access.technicianSession).toBe(false);
    // The right PIN during the lockout is refused too, over the contract.
    const during = c.app.runner.wish({ type: 'technicianPin', pin: '2468' });
    expect(during.ok).toBe(false);
    expect(!during.ok && during.refusal.reason).toMatch(/locked/);

    const access = c.app.journal.reader.events().filter((e) => e.kind === 'access');
    expect(access.map((e) => [e.data.event, e.data.locked])).toEqual([
      ['wrong PIN', false],
      ['wrong PIN', false],
      ['wrong PIN', true],
    ]);
    // What the PIN attempts logged, not the rows' hashes, times or key fingerprints, whose digits may spell anything.
    const log = JSON.stringify(
      c.app.journal.reader
        .events()
        .filter((e) => e.kind === 'access' || e.kind === 'refusal')
        .map((e) => e.data),
    );
    for (const tried of ['1111', '1357', '9999', '2468']) expect(log).not.toContain(tried);

    s = await untilSvc(page, (m) => m.page === 'pin' && !/LOCKED/.test(m.headline?.text ?? ''), 'the lockout over');
    expect(svc(s).page).toBe('pin');
    await pin(page, '2468');
    await untilSvc(page, (m) => m.mode === 'technician', 'the audit pages');
    expect(c.app.runner.state.access.technicianSession).toBe(true);
    expect(
      c.app.journal.reader
        .events()
        .filter((e) => e.kind === 'access')
        .at(-1)?.data,
    ).toEqual({ event: 'technician login', pinChangeRequired: true });
    // The initial PIN opens nothing but its own change: the screen offers only that, and the
    // cabinet refuses the rest over the contract.
    const forced = await untilSvc(page, (m) => m.page === 'settings', 'the forced PIN change');
    expect(svc(forced).headline?.text).toBe('CHANGE THE INITIAL PIN FIRST');
    expect(svc(forced).nav.map((b) => b.name)).toEqual(['svc.logout']);
    expect(c.app.runner.wish({ type: 'clearPeriodMeters', confirm: true })).toMatchObject({
      ok: false,
      refusal: { reason: 'the initial PIN must be changed first' },
    });
    await page.shot('in');
    sim.deck.turnKey('technician', false);
    await until(page, (x) => svcScene(x).service === null, 'the audit closed with the key');
    expect(c.app.runner.state.access.technicianSession).toBe(false);
  });

  it('reads the same meters on the audit screen as `cabinet meters --json` on the same database', async () => {
    const { page, cabinet: c, db } = await start({}, 'meters');
    await insert(c, page, 500);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    c.stack('Jc 3d Jh 5s 9c Jd 5h');
    await press(page, 'play');
    await press(page, 'maxBet');
    await until(page, (s) => cardsOf(s, 'jacks')[0] === 'Jc', 'the dealt hand');
    await press(page, 'deal');
    await until(page, () => c.app.runner.state.game?.outcome !== null, 'the game settled');
    await technicianLogin(c, page);
    await press(page, 'svc.meters');
    let s = await untilSvc(page, (m) => m.page === 'meters' && m.table !== null, 'the meters');
    await page.shot('meters');
    const shown: string[][] = [];
    for (;;) {
      const m = svc(s);
      shown.push(...m.table!.rows.map((r) => r.cells));
      const next = s.buttons.find((b) => b.name === 'meters.next');
      if (!next?.live) break;
      const text = m.table!.pageText;
      await press(page, 'meters.next');
      s = await untilSvc(page, (x) => x.table?.pageText !== text, 'the next page of meters');
    }

    const out = cli(['meters', '--db', db, '--json']);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const report = JSON.parse(out.stdout) as MetersReport;
    // A missing cell stays undefined, so it cannot pass for a figure.
    const digits = (text: string | undefined): number | undefined =>
      text === undefined ? undefined : Number(text.replace(/[^\d]/g, '') || '0');
    // Every meter the command reports is on the pages once, under its SAS code, with the same
    // figures; the pages order and name them for a floor technician (meter-topics.ts, their tests).
    const expected = [
      ...report.meters.map((r) => [r.code ?? '—', r.lifetime, r.period]),
      ...Object.values(report.derived).map((d) => [d.code, d.value, 0]),
    ];
    const sorted = (rows: unknown[][]): string[] => rows.map((r) => JSON.stringify(r)).sort();
    expect(sorted(shown.map((cells) => [cells[1], digits(cells[2]), digits(cells[3])]))).toEqual(sorted(expected));

    // The figures moved: a note of 5.00 and one game of 5 chips were counted.
    expect(report.meters.find((r) => r.name === 'billsIn')?.lifetime).toBe(500);
    expect(report.meters.find((r) => r.name === 'coinIn')?.lifetime).toBe(5);
    expect(
      svc(s)
        .lines.map((l) => l.text)
        .join(' '),
    ).toContain(report.eventChain === 'intact' ? 'intact' : 'BROKEN');
    expect(report.balanceCheck.ok).toBe(true);
  });

  it('draws a recalled game with the same cards the replay command gives for its record', async () => {
    const { page, cabinet: c, db } = await start({}, 'recall');
    await insert(c, page, 1000);
    await until(page, (s) => s.screen === 'lobby', 'the lobby');
    c.stack('Jc 3d Jh 5s 9c Jd 5h');
    await press(page, 'play');
    await press(page, 'maxBet');
    await until(page, (s) => cardsOf(s, 'jacks')[0] === 'Jc', 'the dealt hand');
    await press(page, 'hold4');
    await until(page, (x) => x.cards.filter((card) => card.held).length === 3, 'the fourth card held');
    await press(page, 'deal');
    await until(page, () => c.app.runner.state.game?.outcome !== null, 'the game settled');
    const gameId = c.app.runner.state.game!.id;

    await technicianLogin(c, page);
    await press(page, 'svc.recall');
    await untilSvc(page, (m) => m.list.some((b) => b.name === `recall.game.${gameId}`), 'the recalled games');
    await press(page, `recall.game.${gameId}`);
    let s = await untilSvc(page, (m) => m.page === 'recallGame' && m.cards.length > 0, 'the recalled game');
    // The hand on show: every step of a Jacks or Better recall has one.
    const hand = (x: Scene) => {
      const group = svc(x).cards[0];
      if (!group) throw new Error(`no cards on the recall page: ${svc(x).headline?.text ?? ''}`);
      return group;
    };
    const steps: (string | null)[][] = [hand(s).cards.map((card) => card.code)];
    const heldShown = hand(s).cards.flatMap((card, i) => (card.held ? [i] : []));
    while (s.buttons.find((b) => b.name === 'recall.stepNext')?.live) {
      const before = svc(s).headline?.text;
      await press(page, 'recall.stepNext');
      s = await untilSvc(page, (m) => m.headline?.text !== before, 'the next step');
      steps.push(hand(s).cards.map((card) => card.code));
    }
    await page.shot('recall');

    const file = cli(['recall', '--db', db, '--replay', String(gameId)]);
    expect(file.status).toBe(0);
    const replayed = cli(['replay', '-'], file.stdout);
    expect(replayed.status).toBe(0);
    const result = JSON.parse(replayed.stdout) as { dealt: string[]; final: string[]; hand: string; win: number };
    expect(steps[0]).toEqual(result.dealt);
    expect(steps.at(-1)).toEqual(result.final);
    expect(result.final).toEqual(['Jc', 'Jd', 'Jh', '5s', '5h']);
    expect(heldShown.length).toBeGreaterThan(0);
    expect(hand(s).note ?? '').toContain(String(result.win));
  });

  it('changes a setting with a confirmation; it is logged and still in force after a restart', async () => {
    const db = freshDbPath();
    let { page, sim, cabinet: c } = await start({}, 'settings', db);
    await technicianLogin(c, page);
    await press(page, 'svc.settings');
    await untilSvc(page, (m) => m.page === 'settings' && m.list.length > 5, 'the settings');
    await press(page, 'set.limits.maxBet');
    await untilSvc(page, (m) => m.entry !== null, 'the keypad');
    await press(page, 'key.clear');
    await press(page, 'key.3');
    await untilSvc(page, (m) => m.entry?.text === '3', 'the typed value');
    await press(page, 'edit.ok');
    const asked = await untilSvc(page, (m) => m.confirm !== null, 'the confirmation');
    expect(svc(asked).confirm!.lines.join(' ')).toMatch(/5 → 3/);
    expect(c.app.runner.state.settings.limits.maxBet).toBe(5);
    await press(page, 'confirm.yes');
    await until(page, () => c.app.runner.state.settings.limits.maxBet === 3, 'the new max bet');

    await press(page, 'set.payTables.jacks-or-better');
    await press(page, 'opt.jacks-or-better-9-6');
    const table = await untilSvc(page, (m) => pageText(m).includes('99.54'), 'the 9/6 table with its return');
    expect(pageText(svc(table))).toMatch(/99\.54\d*%/);
    await press(page, 'edit.ok');
    await untilSvc(page, (m) => m.confirm !== null, 'the confirmation');
    await press(page, 'confirm.yes');
    await until(
      page,
      () => c.app.runner.state.settings.payTables.jacks.coefficients['full-house'] === 9,
      'the 9/6 table in force',
    );
    await page.shot('changed');
    const logged = c.app.journal.reader
      .events()
      .filter((e) => e.kind === 'config')
      .map((e) => [e.data.key, e.data.source]);
    expect(logged).toContainEqual(['limits.maxBet', 'technician']);
    sim.deck.turnKey('technician', false);
    await page.close();
    await suite.stop();

    ({ page, sim, cabinet: c } = await start({}, 'settings-restarted', db));
    expect(c.app.runner.state.settings.limits.maxBet).toBe(3);
    expect(c.app.runner.state.settings.payTables.jacks.coefficients['full-house']).toBe(9);
    await technicianLogin(c, page);
    await press(page, 'svc.settings');
    const after = await untilSvc(
      page,
      (m) => m.page === 'settings' && m.list.length > 5,
      'the settings after the restart',
    );
    expect(after.buttons.find((b) => b.name === 'set.limits.maxBet')?.sub).toBe('3');
    expect(after.buttons.find((b) => b.name === 'set.payTables.jacks-or-better')?.sub).toMatch(/9\/6/);
  });
});

describe('keys', () => {
  const SERVICE_WISHES: Wish[] = [
    { type: 'handpayConfirm' },
    { type: 'creditClear', confirm: true },
    { type: 'technicianLogout' },
    { type: 'setPin', pin: '1234' },
    { type: 'clearPeriodMeters', confirm: true },
    { type: 'clearTilt', code: 'meters' },
    { type: 'ramClear', confirm: true },
    { type: 'changeSettings', confirm: true, limits: { maxBet: 3 } },
    { type: 'deviceTest', on: true },
    { type: 'testLamps', lamps: { deal: 'on' } },
    { type: 'testAcceptor', enabled: true },
    { type: 'testVoucher' },
  ];
  const QUERIES: Query[] = [
    { type: 'handpays', limit: 10 },
    { type: 'meters' },
    { type: 'recallList' },
    { type: 'recallGame', gameId: 1 },
    { type: 'events', limit: 10 },
    { type: 'payTables' },
  ];

  /** A client speaking the contract directly, as a compromised screen would. */
  async function contractClient(url: string) {
    // Browsers send their page's Origin; a screen of this cabinet has the cabinet's own.
    const ws = new WebSocket(url.replace('http', 'ws') + 'ws', { origin: url.replace(/\/$/, '') });
    const inbox: ToScreen[] = [];
    ws.on('message', (data) => inbox.push(JSON.parse(String(data)) as ToScreen));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const reply = async (id: number): Promise<ToScreen> => {
      const end = Date.now() + 20_000;
      while (Date.now() < end) {
        const m = inbox.find((x) => 'id' in x && x.id === id);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no reply to message ${id}`);
    };
    return { ws, reply };
  }

  it('refuses every service action without its key, over the contract and on the screen', async () => {
    const { page, sim, cabinet: c } = await start({}, 'keys');
    await insert(c, page, 1000);
    const client = await contractClient(c.url);
    let id = 100;
    const tryAll = async (extra: Wish[] = []): Promise<Map<string, ToScreen>> => {
      const out = new Map<string, ToScreen>();
      for (const wish of [...SERVICE_WISHES, ...extra]) {
        const n = ++id;
        client.ws.send(JSON.stringify({ kind: 'wish', id: n, version: c.app.runner.state.version, wish }));
        out.set(`wish ${wish.type}`, await client.reply(n));
      }
      for (const query of QUERIES) {
        const n = ++id;
        client.ws.send(JSON.stringify({ kind: 'query', id: n, query }));
        out.set(`query ${query.type}`, await client.reply(n));
      }
      return out;
    };
    const before = {
      balance: c.app.runner.state.balance,
      settings: JSON.stringify(c.app.runner.state.settings),
      meters: JSON.stringify(c.app.runner.state.meters),
    };

    // No key at all: everything refused under C-21.
    // (A PIN is only refused without the key: with it, a wrong one counts towards the lockout.)
    for (const [what, reply] of await tryAll([{ type: 'technicianPin', pin: '0000' }])) {
      expect(reply.kind, what).toBe('refused');
      expect(reply.kind === 'refused' && reply.rule, what).toBe('C-21');
    }
    // The attendant's key opens only the attendant's functions; the technician's need the PIN too.
    sim.deck.turnKey('attendant', true);
    sim.deck.turnKey('technician', true);
    await until(page, () => c.app.runner.state.keys.technician && c.app.runner.state.keys.attendant, 'both keys on');
    const keyed = await tryAll();
    const attendantOnly = ['wish handpayConfirm', 'wish creditClear', 'query handpays'];
    const technicians = [...keyed].filter(([what]) => !attendantOnly.includes(what));
    expect(technicians.length).toBe(keyed.size - attendantOnly.length);
    for (const [what, reply] of technicians) {
      expect(reply.kind === 'refused' && reply.rule, what).toBe('C-21');
      expect(reply.kind === 'refused' && reply.reason, what).toMatch(/PIN|logged in/);
    }
    expect(keyed.get('query handpays')?.kind).toBe('answer');
    sim.deck.turnKey('attendant', false);
    sim.deck.turnKey('technician', false);
    await until(page, () => !c.app.runner.state.keys.technician && !c.app.runner.state.keys.attendant, 'both keys off');
    client.ws.close();

    // Nothing moved but the one credit clear the attendant's key allowed.
    expect(before.balance).toBeGreaterThan(0);
    expect(keyed.get('wish creditClear')?.kind).toBe('accepted');
    expect(c.app.runner.state.balance).toBe(0);
    expect(JSON.stringify(c.app.runner.state.settings)).toBe(before.settings);
    // Logged at most once a second for the connection: the rows held back are counted by rule.
    const rows = () =>
      c.app.journal.reader.events().filter((e) => e.kind === 'refusal' && e.data.carrier === 'websocket');
    const c21 = () =>
      rows().reduce(
        (n, e) =>
          n +
          (e.data.heldBack === undefined
            ? e.data.rule === 'C-21'
              ? 1
              : 0
            : Number((e.data.byRule as Record<string, number>)['C-21'] ?? 0)),
        0,
      );
    await expect.poll(c21, { timeout: 5000 }).toBeGreaterThanOrEqual(SERVICE_WISHES.length + QUERIES.length);
    expect(JSON.stringify(rows())).not.toContain('"1234"');

    // On the screen: no service page and no service button takes a press without a key.
    const s = await scene(page);
    expect(svcScene(s).service ?? null).toBeNull();
    for (const name of [
      'att.handpay',
      'att.clear',
      'pin.1',
      'pin.enter',
      'svc.meters',
      'svc.settings',
      'meters.ramClear',
      'dev.test',
      'confirm.yes',
    ]) {
      expect(await pressable(page, name), name).toBe(false);
    }
  });
});

const ACCEPTORS = [
  { family: 'JCM ID-003', config: {}, named: 'Bill acceptor on JCM ID-003: SIM-ID003 USA 1.00' },
  {
    family: 'MEI/CPI EBDS',
    config: { devices: { acceptor: { path: 'simulated', protocol: 'ebds' }, printer: 'simulated', deck: 'simulated' } },
    named: 'Bill acceptor on MEI/CPI EBDS: SC Advance / Cashflow SC 83 or 85',
  },
];

describe.each(ACCEPTORS)('device tests with a $family acceptor', ({ family, config, named }) => {
  it('lights every deck button pressed, returns a test note uncredited and prints a VOID specimen', async () => {
    const { page, sim, cabinet: c } = await start(config, `devices-${family.replace(/\W+/g, '-')}`);
    await technicianLogin(c, page);
    await press(page, 'svc.devices');
    await untilSvc(page, (m) => m.page === 'devices', 'the devices page');
    // The acceptor as its driver names it, read from the running cabinet (issue 25).
    await untilSvc(page, (m) => m.lines.some((l) => l.text === named), `the ${family} acceptor named`);
    await press(page, 'dev.test');
    await until(page, () => c.app.runner.state.deviceTest != null, 'the device test on');
    for (const b of ['deal', 'hold3', 'cashOut'] as const) sim.deck.tap(b);
    await untilSvc(
      page,
      (m) =>
        ['deck.deal', 'deck.hold3', 'deck.cashOut'].every(
          (n) => m.indicators.find((i) => i.name === n)?.state !== 'off',
        ),
      'the buttons seen',
    );
    // The presses played nothing and cashed nothing out.
    expect(c.app.runner.state.game).toBeNull();
    expect(sim.printer.printed).toHaveLength(0);

    await press(page, 'lamp.hold2');
    await until(page, () => sim.deck.lamps.hold2 !== 'off', 'the HOLD 2 lamp lit on the deck');

    await press(page, 'dev.acceptor');
    await until(
      page,
      () => c.app.runner.state.deviceTest?.acceptor.enabled === true,
      'the acceptor enabled for a test note',
    );
    expect(await insertNote(c, 2000)).toBe(true);
    await untilSvc(page, (m) => pageText(m).includes('20.00'), 'the test note listed');
    // The acceptor then says the note is out of its bezel, a commit of its own: a press made
    // against the page before it shows that is a stale wish (C-22), as a technician's would be.
    await until(
      page,
      (s) =>
        s.version === c.app.runner.state.version &&
        c.app.journal.reader.eventsOfKind(['deviceTest'], 5).some((e) => e.data.result === 'handed back'),
      'the test note handed back, and the page at the cabinet state',
    );
    expect(c.app.runner.state.balance).toBe(0);
    expect(c.app.journal.reader.meters().lifetime.billsIn ?? 0).toBe(0);

    await press(page, 'dev.voucher');
    await until(page, () => sim.printer.printed.length === 1, 'the specimen printed');
    // Large type is printed double width: the simulator's rendering spaces its letters.
    expect(sim.printer.printed[0]?.text.replace(/ /g, '')).toContain('***VOID***');
    expect(sim.printer.printed[0]?.text).toContain('NOT NEGOTIABLE');
    await untilSvc(page, (m) => /VOID/.test(pageText(m)), 'the specimen shown printed');
    expect(c.app.journal.reader.meters().lifetime.vouchersOut ?? 0).toBe(0);
    await page.shot('test');

    await press(page, 'dev.testEnd');
    await until(page, () => c.app.runner.state.deviceTest == null, 'the device test over');
    expect(c.app.journal.reader.events().some((e) => e.kind === 'deviceTest')).toBe(true);
  });
});
