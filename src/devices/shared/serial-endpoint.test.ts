// The simulator's end of a pseudo-terminal line when the line under it is replaced. Whether the
// kernel tells an idle reading end that socat died is a race (a read in flight gets EIO, a later
// one reads nothing, forever), so the endpoint watches the link it opened; the second case swaps
// the link under a live terminal, where no error can ever come, to show the watch alone does it.

import { mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SerialEndpoint } from './serial-endpoint';
import { SocatPair } from './socat-pair';
import { until } from '../testing/event-log';

const dir = mkdtempSync(join(tmpdir(), 'cabinet-endpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SerialEndpoint over a socat pair', () => {
  it('reopens an idle end when the line is replaced, and hears the far end again', async () => {
    const pair = new SocatPair(join(dir, 'a'), join(dir, 'b'));
    await pair.start();
    const device = new SerialEndpoint({ path: pair.device, baudRate: 9600 });
    const host = new SerialEndpoint({ path: pair.host, baudRate: 9600 });
    const heard: number[] = [];
    device.onData((bytes) => heard.push(...bytes));
    try {
      await until('both ends open', () => device.isOpen && host.isOpen);
      host.write(Uint8Array.of(1, 2));
      await until('the first bytes', () => heard.length === 2);

      // The cable out and in again: a new pair of terminals under the same names. The device end
      // writes nothing meanwhile, so no write error can tell it.
      await pair.stop();
      await pair.start();
      await until('the host end on the new line', () => host.isOpen);
      for (let i = 0; i < 100 && heard.length < 4; i++) {
        host.write(Uint8Array.of(3, 4));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(heard.slice(0, 2)).toEqual([1, 2]);
      expect(heard.slice(2, 4)).toEqual([3, 4]);
    } finally {
      await device.close();
      await host.close();
      await pair.stop();
    }
  });

  it('follows its link to another terminal although the old one is still alive', async () => {
    const first = new SocatPair(join(dir, 'first-host'), join(dir, 'first-device'));
    const second = new SocatPair(join(dir, 'second-host'), join(dir, 'second-device'));
    await first.start();
    await second.start();
    const link = join(dir, 'acceptor');
    symlinkSync(realpathSync(first.device), link);
    const device = new SerialEndpoint({ path: link, baudRate: 9600 });
    const oldHost = new SerialEndpoint({ path: first.host, baudRate: 9600 });
    const newHost = new SerialEndpoint({ path: second.host, baudRate: 9600 });
    const heard: number[] = [];
    device.onData((bytes) => heard.push(...bytes));
    try {
      await until('the ends open', () => device.isOpen && oldHost.isOpen && newHost.isOpen);
      oldHost.write(Uint8Array.of(7));
      await until('the old line heard', () => heard.length === 1);
      // The name now leads to the second pair; the first terminal stays open and silent.
      symlinkSync(realpathSync(second.device), `${link}.new`);
      renameSync(`${link}.new`, link);
      for (let i = 0; i < 100 && heard.length < 2; i++) {
        newHost.write(Uint8Array.of(8));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(heard.slice(0, 2)).toEqual([7, 8]);
    } finally {
      await device.close();
      await oldHost.close();
      await newHost.close();
      await first.stop();
      await second.stop();
    }
  });
});
