// SAS reply time over a socat pseudo-terminal pair: 10,000 polls (a mix of general polls and long
// polls, as a casino system sends them, its routine reads among them) from the host simulator to the link, against the fake
// machine and, in the same run, against the real cabinet (the whole assembly on a database with
// its keyed records: CabinetMachine answering from the committed state, every exception raised
// in the commit of its door event and removed, once taken, in a commit of its own; its mix also
// carries AFT traffic, a transfer in committed each cycle and read back), each measured
// two ways — inside the machine, from the data event that completed the poll to
// the reply handed to the port (what the standard's 20 ms is about, less the UART), and at the
// host, from writing the poll to holding the whole reply (both directions through the kernel and
// socat). The yardstick, in the same run: a bare echo over an identical pty pair, which is the
// floor any reply over this transport has. Prints figures and the machine's load; asserts
// nothing. Needs socat.

import Database from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCabinet } from '../src/app/cabinet-app';
import { parseConfig } from '../src/app/config';
import { decodeAftLockStatus } from '../src/devices/sas/aft-replies';
import { MemoryExceptionStore } from '../src/devices/sas/exception-queue';
import { aftTransferRequest } from '../src/devices/sas/host-aft';
import { FakeMachine } from '../src/devices/testing/fake-machine';
import { SasHost } from '../src/devices/sas/host';
import type { SasLink } from '../src/devices/sas/link';
import { SAS_BAUD_RATE, type SasPortEndpoint } from '../src/devices/sas/port';
import type { LongPollRequest } from '../src/devices/sas/requests';
import { createSimulatedSas } from '../src/devices/sas/simulated';
import { SerialEndpoint } from '../src/devices/shared/serial-endpoint';
import { SocatPair } from '../src/devices/shared/socat-pair';

const POLLS = Number(process.env.SAS_POLLS ?? 10_000);
const ADDRESS = 1;

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
function summary(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const over20 = s.filter((x) => x > 20).length;
  console.log(
    `${name.padEnd(48)} n=${s.length}  p50 ${q(0.5).toFixed(3)} ms  p99 ${q(0.99).toFixed(3)} ms  max ${s[s.length - 1]!.toFixed(3)} ms  over 20 ms: ${over20}`,
  );
}

async function echoYardstick(n: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sas-bench-echo-'));
  const pair = new SocatPair(join(dir, 'm'), join(dir, 'h'));
  await pair.start();
  const machine = new SerialEndpoint({ path: pair.host, baudRate: 19200 });
  const host = new SerialEndpoint({ path: pair.device, baudRate: 19200 });
  while (!machine.isOpen || !host.isOpen) await new Promise((r) => setTimeout(r, 5));
  machine.onData((b) => machine.write(b));
  const times: number[] = [];
  let got = 0;
  let wake: (() => void) | null = null;
  host.onData((b) => {
    got += b.length;
    wake?.();
  });
  const probe = Buffer.of(0xff, 0x00, 0x81, 0x1a, 0x00, 0x00);
  for (let i = 0; i < n; i++) {
    got = 0;
    const t0 = performance.now();
    host.write(probe);
    while (got < probe.length) await new Promise<void>((r) => (wake = r));
    times.push(performance.now() - t0);
  }
  await Promise.all([machine.close(), host.close()]);
  await pair.stop();
  await rm(dir, { recursive: true, force: true });
  return times;
}

/** Inside the machine: the data event that completed a poll → the reply written to the port. */
function timeInside(link: SasLink, port: SasPortEndpoint): number[] {
  const inside: number[] = [];
  let arrived = 0;
  const onData = port.onData.bind(port);
  link.detach();
  port.onData = (listener) =>
    onData((b) => {
      arrived = performance.now();
      listener(b);
    });
  const write = port.write.bind(port);
  port.write = (bytes) => {
    inside.push(performance.now() - arrived);
    write(bytes);
  };
  link.attach(port);
  return inside;
}

const MIX: (LongPollRequest | 'general')[] = [
  'general',
  { command: 0x1a },
  'general',
  { command: 0x2f, game: 0, meters: [0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x0b, 0x0c, 0x0d] },
  'general',
  { command: 0x1f },
  'general',
  { command: 0x4d, function: 0xff },
  'general',
  { command: 0x7e },
  'general',
  { command: 0x0f },
  // What a floor's accounting system reads as a matter of course (issue 27).
  'general',
  { command: 0xa0, game: 0 },
  'general',
  { command: 0x10 },
  'general',
  { command: 0x6f, game: 0, meters: [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x0b, 0x0c] },
  'general',
  { command: 0x50, validationType: 0x00 },
  'general',
  { command: 0x48 },
  'general',
  { command: 0x52, game: 1 },
  'general',
  { command: 0xa4, game: 0 },
];

/**
 * The cabinet's mix has AFT traffic besides (issue 42): a cashless account moving a credit in with
 * a transfer of its own ID (a commit), then reading it back by interrogation, and the lock status.
 */
let transfers = 0;
const AFT_MIX: ((asset: number) => LongPollRequest | 'general')[] = [
  () => 'general',
  (asset) => aftTransferRequest({ transactionId: `BENCH-${++transfers}`, assetNumber: asset, cashableCents: 1 }),
  () => 'general',
  () => ({ command: 0x72, kind: 'interrogate', statusOnly: true, transactionIndex: 0 }),
  () => 'general',
  () => ({ command: 0x74, lockCode: 0xff, conditions: 0, timeout: 0 }),
];

/** The polls, timed at the host; `raise` makes the machine queue an exception every 500 polls. */
async function poll(
  host: SasHost,
  raise: (i: number) => Promise<void> | void,
  mix: (i: number) => LongPollRequest | 'general' = (i) => MIX[i % MIX.length]!,
): Promise<{ roundTrip: number[]; unanswered: number; exceptions: number }> {
  const roundTrip: number[] = [];
  let unanswered = 0;
  let exceptions = 0;
  for (let i = 0; i < POLLS; i++) {
    if (i % 500 === 0) await raise(i);
    const p = mix(i);
    const t0 = performance.now();
    let ok: boolean;
    if (p === 'general') {
      const r = await host.generalPoll(ADDRESS);
      ok = r.kind !== 'none';
      if (r.kind === 'exception' && r.code !== 0) exceptions++;
    } else ok = (await host.request(ADDRESS, p)) !== null;
    roundTrip.push(performance.now() - t0);
    if (!ok) unanswered++;
  }
  return { roundTrip, unanswered, exceptions };
}

async function fakeMachine() {
  const store = new MemoryExceptionStore();
  const machine = new FakeMachine(store);
  for (const [code, v] of [
    [0x00, 1_234_567],
    [0x01, 1_100_000],
    [0x05, 54_321],
    [0x0c, 12_345],
    [0x0b, 300_000],
  ] as const)
    machine.setMeter(code, v);
  machine.setValidationId({ validationId: 4242, sequence: 0 });
  const sim = await createSimulatedSas({
    transport: 'pty',
    link: { address: ADDRESS, machine, exceptions: store, money: { accountingDenomination: 1, minorDigits: 2 } },
    host: { replyTimeoutMs: 500 },
  });
  const inside = timeInside(sim.link, sim.port);
  const run = await poll(sim.host, (i) => machine.raise(i % 1000 ? 0x7e : 0x7f));
  const status = sim.link.status();
  const repeats = sim.host.stats.repeats;
  await sim.close();
  return { inside, ...run, status, repeats };
}

/** Commits of the keyed chain: every state commit and every exception-queue commit. */
function keyedCommits(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM commits').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** The cabinet as it runs: the one assembly, its SAS link on a pty, its database on disk. */
async function realCabinet() {
  const dir = await mkdtemp(join(tmpdir(), 'sas-bench-cabinet-'));
  const pair = new SocatPair(join(dir, 'sas-machine'), join(dir, 'sas-host'));
  await pair.start();
  const config = parseConfig({
    devices: {
      acceptor: 'simulated',
      printer: 'simulated',
      deck: 'simulated',
      sas: { path: pair.host, address: ADDRESS },
    },
  });
  const app = await startCabinet({
    config,
    dataDir: join(dir, 'data'),
    devices: { kind: 'ledger', ledgerPath: null },
    dealing: { kind: 'seeded', seed: 'bench-sas', for: 'test' },
  });
  const hostEnd = new SerialEndpoint({ path: pair.device, baudRate: SAS_BAUD_RATE });
  const host = new SasHost(hostEnd, { replyTimeoutMs: 500 });
  try {
    const sim = app.devices.ledger!;
    sim.connect();
    await sim.settled();
    // Meters worth reading: a note and a few games; then validation set up by the host (4C).
    sim.insertNote(10_000);
    await sim.settled();
    for (let g = 0; g < 5; g++) {
      app.runner.wish({ type: 'deal', bet: 1 });
      app.runner.wish({ type: 'draw' });
      await sim.settled();
    }
    while (!(await host.request(ADDRESS, { command: 0x4c, validationId: 4242, sequence: 0 })));
    const sas = app.sas!;
    const inside = timeInside(sas.link, sas.endpoint);
    const db = join(dir, 'data', 'cabinet.db');
    const commitsBefore = keyedCommits(db);
    // The main door opened and closed: 11 and 12, each committed with its event, then taken by
    // a general poll and removed in a commit of its own.
    const asset = decodeAftLockStatus((await host.request(ADDRESS, AFT_MIX[5]!(0) as LongPollRequest))!).assetNumber;
    const cycle = MIX.length + AFT_MIX.length;
    const run = await poll(
      host,
      async (i) => {
        sim.door('main', i % 1000 === 0);
        await sim.settled();
      },
      (i) => (i % cycle < MIX.length ? MIX[i % cycle]! : AFT_MIX[(i % cycle) - MIX.length]!(asset)),
    );
    sim.door('main', false);
    await sim.settled();
    return {
      inside,
      ...run,
      status: sas.status(),
      repeats: host.stats.repeats,
      commits: keyedCommits(db) - commitsBefore,
      transfers: app.runner.state.meters.lifetime.aftCashableInCount ?? 0,
    };
  } finally {
    host.detach();
    await hostEnd.close();
    await app.close();
    await pair.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`SAS reply time, ${POLLS} polls over a socat pseudo-terminal; load average at start: ${load()}`);
  const fake = await fakeMachine();
  const real = await realCabinet();
  const echo = await echoYardstick(Math.min(POLLS, 5000));

  summary('fake machine: poll completed → reply written', fake.inside);
  summary('fake machine: poll written → whole reply read', fake.roundTrip);
  summary('cabinet: poll completed → reply written', real.inside);
  summary('cabinet: poll written → whole reply read', real.roundTrip);
  summary('yardstick: bare echo over the same kind of pty', echo);
  for (const [name, r] of [
    ['fake machine', fake],
    ['cabinet', real],
  ] as const) {
    console.log(
      `${name}: unanswered ${r.unanswered}; exceptions taken ${r.exceptions}; host repeats ${r.repeats}; link retransmissions ${r.status.retransmissions}, CRC errors ${r.status.crcErrors}`,
    );
  }
  console.log(
    `cabinet: ${real.commits} keyed commits during the polls (door events, ${real.transfers} AFT transfers in, and each exception taken removed in a commit of its own)`,
  );
  console.log(`load average at end: ${load()} (${process.env.SAS_POLLS ? 'SAS_POLLS set' : 'default run'})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
