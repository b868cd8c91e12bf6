import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLink } from '../shared/memory-link';
import { SocatPair } from '../shared/socat-pair';
import { until } from '../testing/event-log';
import {
  SAS_STTY_FLAGS,
  SasLineError,
  SasPortEndpoint,
  isPseudoTerminal,
  runStty,
  setUpSasLine,
  type RunStty,
} from './port';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function pty() {
  const dir = await mkdtemp(join(tmpdir(), 'sas-port-'));
  const pair = new SocatPair(join(dir, 'a'), join(dir, 'b'));
  await pair.start();
  cleanups.push(async () => {
    await pair.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return pair;
}

/** A stty that records its calls and answers `-a` with the given flags. */
function fakeStty(readBack: string, setCode = 0) {
  const calls: string[][] = [];
  const run: RunStty = async (args) => {
    calls.push([...args]);
    if (args.includes('-a')) return { code: 0, stdout: `speed 19200 baud; line = 0;\n${readBack}\n`, stderr: '' };
    return { code: setCode, stdout: '', stderr: setCode ? 'stty: unable to perform all requested operations' : '' };
  };
  return { run, calls };
}
const ALL_FLAGS =
  'parenb -parodd cmspar cs8 -hupcl -cstopb cread clocal -crtscts\nignbrk -brkint -ignpar parmrk inpck -istrip -inlcr';

describe('SAS line setup', () => {
  it('knows a pseudo-terminal from anything else', async () => {
    const pair = await pty();
    expect(isPseudoTerminal(pair.host)).toBe(true);
    expect(isPseudoTerminal('/dev/null')).toBe(false);
    expect(isPseudoTerminal('/dev/no-such-port')).toBe(false);
  });

  it('leaves a pseudo-terminal alone: it cannot carry parity, the host writes the encoding itself', async () => {
    const pair = await pty();
    const { run, calls } = fakeStty(ALL_FLAGS);
    expect(await setUpSasLine(pair.host, run)).toBe('pseudo');
    expect(calls).toEqual([]);
    // The kernel agrees: stty cannot set parity on a pseudo-terminal.
    expect((await runStty(['-F', pair.host, 'parenb', 'cmspar'])).code).not.toBe(0);
  });

  it('sets a UART to space parity with marked parity errors, and reads the flags back', async () => {
    const { run, calls } = fakeStty(ALL_FLAGS);
    expect(await setUpSasLine('/dev/null', run)).toBe('uart');
    expect(calls).toEqual([
      ['-F', '/dev/null', 'parenb', 'cmspar', '-parodd', 'inpck', 'parmrk', '-ignpar', '-istrip', 'ignbrk', '-brkint'],
      ['-F', '/dev/null', '-a'],
    ]);
    expect(SAS_STTY_FLAGS).toHaveLength(9);
  });

  it('reports a UART that refused the settings or did not keep one, naming it', async () => {
    await expect(setUpSasLine('/dev/null', fakeStty(ALL_FLAGS, 1).run)).rejects.toThrow(
      /could not set SAS parity.*unable to perform/,
    );
    await expect(setUpSasLine('/dev/null', fakeStty(ALL_FLAGS.replace(' cmspar', ' -cmspar')).run)).rejects.toThrow(
      /missing cmspar/,
    );
    // And with the real stty, on something that is no tty at all.
    await expect(setUpSasLine('/dev/null')).rejects.toBeInstanceOf(SasLineError);
  });
});

describe('SAS port endpoint', () => {
  it('reports a line it cannot set up as a fault once, tries again on a fresh open, and clears it', async () => {
    const line = new MemoryLink('sas');
    let tries = 0;
    const port = new SasPortEndpoint({
      path: line.path,
      binding: line.binding,
      reconnectMs: 10,
      settleMs: 5,
      setUp: async () => {
        if (++tries < 3) throw new SasLineError('stty could not set SAS parity');
        return 'uart';
      },
    });
    cleanups.push(() => port.close());
    const events: string[] = [];
    port.on('fault', (m) => events.push(`fault: ${m}`));
    port.on('faultCleared', () => events.push('cleared'));
    port.on('ready', (k) => events.push(`ready ${k}`));
    const got: Buffer[] = [];
    port.onData((b) => got.push(b));
    line.device.write(Buffer.of(0x01)); // before the line is set up: dropped
    await until('ready', () => port.isReady, 5000);
    expect(events).toEqual(['fault: stty could not set SAS parity', 'cleared', 'ready uart']);
    line.device.write(Buffer.of(0xff, 0x00, 0x81));
    await until('data', () => got.length > 0, 5000);
    expect(Buffer.concat(got)).toEqual(Buffer.of(0xff, 0x00, 0x81));
  });
});
