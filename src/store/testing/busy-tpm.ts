// A TPM that asks to be tried again, for the tests: a proxy in a thread of its own between the
// cabinet and swtpm on its data channel (raw command bytes, one command at a time), which answers
// the next `busy` NV_Increment commands itself with a warning (TPM_RC_NV_RATE by default), as a
// discrete TPM does when its NV memory's write rate limit is reached: the command never reaches
// the TPM. A thread, not the test's own event loop: the cabinet's transport waits for the
// answer with its thread blocked.

import { Worker } from 'node:worker_threads';
import type { Tcti } from '../anchor/transport';

export interface BusyTpm {
  readonly tcti: Tcti;
  /** The next `count` NV_Increment commands are answered with `rc` (TPM_RC_NV_RATE unless given). */
  busyFor(count: number, rc?: number): void;
  /** How many of them are still to come. */
  readonly pending: number;
  stop(): Promise<void>;
}

const PROXY = `
const { workerData, parentPort } = require('node:worker_threads');
const net = require('node:net');
const shared = new Int32Array(workerData.shared);
const server = net.createServer((client) => {
  const tpm = net.connect(workerData.port, '127.0.0.1');
  let buffered = Buffer.alloc(0);
  tpm.on('data', (d) => client.write(d));
  tpm.on('error', () => client.destroy());
  client.on('error', () => tpm.destroy());
  client.on('close', () => tpm.destroy());
  client.on('data', (d) => {
    buffered = Buffer.concat([buffered, d]);
    while (buffered.length >= 10 && buffered.length >= buffered.readUInt32BE(2)) {
      const size = buffered.readUInt32BE(2);
      const command = buffered.subarray(0, size);
      buffered = buffered.subarray(size);
      if (command.readUInt32BE(6) === 0x134 && Atomics.load(shared, 0) > 0) {
        Atomics.sub(shared, 0, 1);
        const answer = Buffer.alloc(10);
        answer.writeUInt16BE(0x8001, 0);
        answer.writeUInt32BE(10, 2);
        answer.writeUInt32BE(Atomics.load(shared, 1), 6);
        client.write(answer);
      } else tpm.write(command);
    }
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => process.exit(0)));
`;

/** A proxy in front of the swtpm data channel on `port`. */
export async function startBusyTpm(port: number): Promise<BusyTpm> {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(PROXY, { eval: true, workerData: { port, shared: shared.buffer } });
  const listening = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    tcti: { kind: 'swtpm', host: '127.0.0.1', port: listening },
    busyFor(count, rc = 0x920) {
      Atomics.store(shared, 1, rc);
      Atomics.store(shared, 0, count);
    },
    get pending() {
      return Atomics.load(shared, 0);
    },
    async stop() {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
