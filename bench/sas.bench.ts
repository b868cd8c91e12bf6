// SAS reply time over a socat pseudo-terminal pair, against a fake machine: 10,000 polls (a mix
// of general polls and long polls, as a casino system sends them) from the host simulator to the
// link, measured two ways — inside the machine, from the data event that completed the poll to
// the reply handed to the port (what the standard's 20 ms is about, less the UART), and at the
// host, from writing the poll to holding the whole reply (both directions through the kernel and
// socat). The yardstick, in the same run: a bare echo over an identical pty pair, which is the
// floor any reply over this transport has. Prints figures and the machine's load; asserts
// nothing. Needs socat.

import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MemoryExceptionStore } from '../src/devices/sas/exception-queue';
import { FakeMachine } from '../src/devices/sas/fake-machine';
import type { LongPollRequest } from '../src/devices/sas/requests';
import { createSimulatedSas } from '../src/devices/sas/simulated';
import { SerialEndpoint } from '../src/devices/shared/serial-endpoint';
import { SocatPair } from '../src/devices/shared/socat-pair';

const POLLS = Number(process.env.SAS_POLLS ?? 10_000);
const ADDRESS = 1;

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
function summary(name: string, ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  const over20 = s.filter((x) => x > 20).length;
  console.log(`${name.padEnd(48)} n=${s.length}  p50 ${q(0.5).toFixed(3)} ms  p99 ${q(0.99).toFixed(3)} ms  max ${s[s.length - 1].toFixed(3)} ms  over 20 ms: ${over20}`);
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

async function main() {
  console.log(`SAS reply time, ${POLLS} polls over a socat pseudo-terminal; load average at start: ${load()}`);
  const store = new MemoryExceptionStore();
  const machine = new FakeMachine(store);
  for (const [code, v] of [[0x00, 1_234_567], [0x01, 1_100_000], [0x05, 54_321], [0x0c, 12_345], [0x0b, 300_000]] as const) machine.setMeter(code, v);
  machine.setValidationId({ validationId: 4242, sequence: 0 });
  const sim = await createSimulatedSas({ transport: 'pty', link: { address: ADDRESS, machine, exceptions: store, money: { accountingDenomination: 1, minorDigits: 2 } }, host: { replyTimeoutMs: 500 } });

  // Inside the machine: the data event that completed a poll → the reply written to the port.
  const inside: number[] = [];
  let arrived = 0;
  const onData = sim.port.onData.bind(sim.port);
  sim.link.detach();
  sim.port.onData = (listener) => onData((b) => {
    arrived = performance.now();
    listener(b);
  });
  const write = sim.port.write.bind(sim.port);
  sim.port.write = (bytes) => {
    inside.push(performance.now() - arrived);
    write(bytes);
  };
  sim.link.attach(sim.port);

  const mix: (LongPollRequest | 'general')[] = [
    'general', { command: 0x1a }, 'general', { command: 0x2f, game: 0, meters: [0x00, 0x01, 0x02, 0x03, 0x05, 0x06, 0x07, 0x0b, 0x0c, 0x0d] },
    'general', { command: 0x1f }, 'general', { command: 0x4d, function: 0xff }, 'general', { command: 0x7e }, 'general', { command: 0x0f },
  ];
  const roundTrip: number[] = [];
  let unanswered = 0;
  for (let i = 0; i < POLLS; i++) {
    if (i % 500 === 0) machine.raise(i % 1000 ? 0x7e : 0x7f);
    const p = mix[i % mix.length];
    const t0 = performance.now();
    const ok = p === 'general' ? (await sim.host.generalPoll(ADDRESS)).kind !== 'none' : (await sim.host.request(ADDRESS, p)) !== null;
    roundTrip.push(performance.now() - t0);
    if (!ok) unanswered++;
  }
  const status = sim.link.status();
  await sim.close();
  const echo = await echoYardstick(Math.min(POLLS, 5000));

  summary('machine: poll completed → reply written', inside);
  summary('host: poll written → whole reply read', roundTrip);
  summary('yardstick: bare echo over the same kind of pty', echo);
  console.log(`unanswered: ${unanswered}; host repeats: ${sim.host.stats.repeats}; link retransmissions: ${status.retransmissions}, CRC errors: ${status.crcErrors}`);
  console.log(`load average at end: ${load()} (${process.env.SAS_POLLS ? 'SAS_POLLS set' : 'default run'})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
