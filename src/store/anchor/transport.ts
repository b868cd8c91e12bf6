// How the anchor's command bytes reach a TPM, named by a TCTI string as tpm2-tools names it:
// `device:/dev/tpmrm0` (the kernel's resource manager on a cabinet's PC: one write of the
// command, one read of the response) or `swtpm:host=H,port=P` / `swtpm:path=SOCKET` (the
// software TPM of the tests and CI, whose data channel carries the same raw bytes).
//
// The journal commits synchronously (C-13: nothing shows or moves before the commit and the
// counter's advance), so the transport is synchronous too. A character device is written and
// read synchronously as it stands; Node has no synchronous socket, so the socket lives in a
// worker thread that the calling thread waits on (Atomics.wait on shared memory), with a time
// limit: a TPM that does not answer is an error, never a hang.

import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { responseLength } from './tpm-wire';

export type Tcti =
  { kind: 'device'; path: string } | { kind: 'swtpm'; host: string; port: number } | { kind: 'swtpm'; path: string };

/** The TCTIs the anchor speaks, as a config file's error message names them. */
export const TCTI_FORMS = '"device:/dev/tpmrm0", "swtpm:host=127.0.0.1,port=2321" or "swtpm:path=/run/swtpm.sock"';

/** A TCTI string as tpm2-tools takes it (TPM2TOOLS_TCTI, --tcti); null when it is not one we speak. */
export function parseTcti(text: string): Tcti | null {
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  const conf = colon < 0 ? '' : text.slice(colon + 1);
  if (name === 'device') {
    const path = conf === '' ? '/dev/tpmrm0' : conf;
    return path.startsWith('/') && !path.includes('\0') ? { kind: 'device', path } : null;
  }
  if (name !== 'swtpm') return null;
  const fields = new Map<string, string>();
  for (const part of conf === '' ? [] : conf.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  if ([...fields.keys()].some((k) => k !== 'host' && k !== 'port' && k !== 'path')) return null;
  const path = fields.get('path');
  if (path !== undefined) return fields.size === 1 && path.startsWith('/') ? { kind: 'swtpm', path } : null;
  const port = Number(fields.get('port') ?? '2321');
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  const host = fields.get('host') ?? 'localhost';
  return host === '' ? null : { kind: 'swtpm', host, port };
}

export function describeTcti(t: Tcti): string {
  if (t.kind === 'device') return `device:${t.path}`;
  return 'path' in t ? `swtpm:path=${t.path}` : `swtpm:host=${t.host},port=${t.port}`;
}

/** The TPM did not answer: not there, not reachable, or too slow. */
export class TpmUnreachable extends Error {}

export interface TpmTransport {
  /** One command's bytes out, its response's bytes back; throws TpmUnreachable. */
  send(command: Buffer): Buffer;
  /**
   * The same in two halves, so the caller can work while the TPM does: the command goes out
   * now, and collect() waits for its response. One command at a time.
   */
  post(command: Buffer): void;
  collect(): Buffer;
  /**
   * Calls `done` from the event loop once the command posted has its response (or can have none
   * in its time), so that collect() then returns without waiting: the caller goes on meanwhile.
   */
  onceAnswered(done: () => void): void;
  close(): void;
}

/** send() as post() then collect(). */
abstract class TwoHalves implements TpmTransport {
  send(command: Buffer): Buffer {
    this.post(command);
    return this.collect();
  }
  abstract post(command: Buffer): void;
  abstract collect(): Buffer;
  abstract onceAnswered(done: () => void): void;
  abstract close(): void;
}

/** Long enough for a TPM's slowest NV write, short enough that a hung one is seen as hung. */
export const DEFAULT_TIMEOUT_MS = 5000;

export function openTransport(t: Tcti, timeoutMs = DEFAULT_TIMEOUT_MS): TpmTransport {
  return t.kind === 'device' ? new DeviceTransport(t.path) : new SocketTransport(t, timeoutMs);
}

const MAX_RESPONSE = 4096;

/** A socket with no command for this long is closed (swtpm serves one connection at a time). */
export const SOCKET_IDLE_MS = 200;

/**
 * The kernel's TPM device: a write hands the command to the TPM, and the read that follows
 * waits for its response; the driver keeps its own time limits on every command.
 */
class DeviceTransport extends TwoHalves {
  private fd: number | null = null;
  private readonly buffer = Buffer.alloc(MAX_RESPONSE);
  private failed: string | null = null;

  constructor(private readonly path: string) {
    super();
  }

  post(command: Buffer): void {
    try {
      this.fd ??= openSync(this.path, 'r+');
      writeSync(this.fd, command);
      this.failed = null;
    } catch (e) {
      this.close();
      this.failed = (e as Error).message;
    }
  }

  collect(): Buffer {
    try {
      if (this.failed !== null || this.fd === null) throw new Error(this.failed ?? 'no command was sent');
      const n = readSync(this.fd, this.buffer, 0, MAX_RESPONSE, null);
      return Buffer.from(this.buffer.subarray(0, n));
    } catch (e) {
      this.close();
      throw new TpmUnreachable(`${this.path}: ${(e as Error).message}`);
    }
  }

  /** The kernel's device tells no one: the next turn of the loop reads, waiting for what is left. */
  onceAnswered(done: () => void): void {
    setImmediate(done);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

// The shared words between the caller and its socket worker.
const STATE = 0;
const LENGTH = 1;
const IDLE = 0;
const REQUEST = 1;
const ANSWER = 2;
const FAILED = 3;

/**
 * The worker's whole program, run from its source text (so it needs no file of its own, under
 * tsx, vitest or a bundle alike): it waits for a request in the shared memory, writes it to its
 * socket (connecting first if it has none), and puts the response, or why there is none, back.
 */
function socketWorker(): void {
  const { workerData } = process.getBuiltinModule('node:worker_threads');
  const net = process.getBuiltinModule('node:net');
  const {
    ctl: ctlBuffer,
    data: dataBuffer,
    target,
    words,
  } = workerData as {
    ctl: SharedArrayBuffer;
    data: SharedArrayBuffer;
    target: { host: string; port: number } | { path: string };
    words: { STATE: number; LENGTH: number; IDLE: number; REQUEST: number; ANSWER: number; FAILED: number };
  };
  const ctl = new Int32Array(ctlBuffer);
  const data = new Uint8Array(dataBuffer);
  let socket: import('node:net').Socket | null = null;
  let received: Buffer = Buffer.alloc(0);
  let waiting = false;
  const answer = (state: number, bytes: Buffer): void => {
    data.set(bytes.subarray(0, data.length), 0);
    Atomics.store(ctl, words.LENGTH, Math.min(bytes.length, data.length));
    Atomics.store(ctl, words.STATE, state);
    Atomics.notify(ctl, words.STATE);
  };
  const fail = (why: string): void => {
    socket?.destroy();
    socket = null;
    received = Buffer.alloc(0);
    if (waiting) {
      waiting = false;
      answer(words.FAILED, Buffer.from(why));
      next();
    }
  };
  const connect = (): import('node:net').Socket => {
    const s = 'path' in target ? net.connect(target.path) : net.connect(target.port, target.host);
    s.setNoDelay(true);
    s.on('data', (chunk: Buffer) => {
      if (socket !== s) return;
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      const size = received.length >= 6 ? received.readUInt32BE(2) : Infinity;
      if (received.length < size || !waiting) return;
      const response = received.subarray(0, size);
      received = Buffer.alloc(0);
      waiting = false;
      answer(words.ANSWER, response);
      next();
    });
    // Only the connection in use speaks for the TPM; one let go may still report its end.
    s.on('error', (e: Error) => {
      if (socket === s) fail(e.message);
    });
    s.on('close', () => {
      if (socket === s) fail('the TPM closed the connection');
    });
    return s;
  };
  const serve = (): void => {
    const command = Buffer.from(data.subarray(0, Atomics.load(ctl, words.LENGTH)));
    waiting = true;
    received = Buffer.alloc(0);
    socket ??= connect();
    socket.write(command);
  };
  // Waits for the caller's next request, blocked on the shared word: a futex wake reaches a
  // blocked thread at once, where a wait through this thread's event loop (Atomics.waitAsync)
  // let the caller's commit wait for the loop's next turn, most of an advance's cost on a busy
  // machine. No socket event is due while no command is out. swtpm serves one connection at a
  // time, so one idle this long is let go (its descriptor closes at once), and the loop is given
  // a turn to finish it off before the thread blocks again.
  const next = (): void => {
    for (;;) {
      const state = Atomics.load(ctl, words.STATE);
      if (state === words.REQUEST) {
        serve();
        return;
      }
      if (socket === null) {
        Atomics.wait(ctl, words.STATE, state);
        continue;
      }
      if (Atomics.wait(ctl, words.STATE, state, workerData.idleMs as number) === 'timed-out') {
        const s = socket;
        socket = null;
        s.destroy();
        setImmediate(next);
        return;
      }
    }
  };
  // With no socket open the thread's event loop would have nothing to keep it alive between
  // turns; the caller's handle on it is unref'd instead.
  setInterval(() => {}, 1 << 30);
  next();
}

/** swtpm's data channel, through a worker thread the calling thread waits on. */
class SocketTransport extends TwoHalves {
  private worker: Worker | null = null;
  private readonly ctl = new Int32Array(new SharedArrayBuffer(8));
  private readonly data = new Uint8Array(new SharedArrayBuffer(MAX_RESPONSE));

  constructor(
    private readonly tcti: Extract<Tcti, { kind: 'swtpm' }>,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  private start(): void {
    const target = 'path' in this.tcti ? { path: this.tcti.path } : { host: this.tcti.host, port: this.tcti.port };
    // A transpiler that keeps function names wraps them in its own __name(): the worker's text
    // has no such helper, so it gets one that changes nothing.
    this.worker = new Worker(`const __name = (f) => f; (${socketWorker.toString()})()`, {
      eval: true,
      workerData: {
        ctl: this.ctl.buffer,
        data: this.data.buffer,
        target,
        words: { STATE, LENGTH, IDLE, REQUEST, ANSWER, FAILED },
        idleMs: SOCKET_IDLE_MS,
      },
    });
    // It must never keep the process alive, nor outlive a close() by much.
    this.worker.unref();
    this.worker.on('error', () => this.stop());
  }

  private deadline = 0;

  post(command: Buffer): void {
    if (command.length > this.data.length) throw new Error(`a TPM command of ${command.length} bytes`);
    if (!this.worker) this.start();
    this.data.set(command, 0);
    Atomics.store(this.ctl, LENGTH, command.length);
    Atomics.store(this.ctl, STATE, REQUEST);
    Atomics.notify(this.ctl, STATE);
    this.deadline = performance.now() + this.timeoutMs;
  }

  collect(): Buffer {
    const deadline = this.deadline;
    for (;;) {
      const state = Atomics.load(this.ctl, STATE);
      if (state === ANSWER || state === FAILED) break;
      const left = deadline - performance.now();
      if (left <= 0 || Atomics.wait(this.ctl, STATE, state, left) === 'timed-out') {
        // Whatever it was doing, a fresh worker and connection serve the next command.
        this.stop();
        throw new TpmUnreachable(`${describeTcti(this.tcti)}: no answer within ${this.timeoutMs} ms`);
      }
    }
    const failed = Atomics.load(this.ctl, STATE) === FAILED;
    const bytes = Buffer.from(this.data.subarray(0, Atomics.load(this.ctl, LENGTH)));
    Atomics.store(this.ctl, STATE, IDLE);
    if (failed) throw new TpmUnreachable(`${describeTcti(this.tcti)}: ${bytes.toString()}`);
    if (responseLength(bytes) !== bytes.length)
      throw new TpmUnreachable(`${describeTcti(this.tcti)}: a response longer than ${MAX_RESPONSE} bytes`);
    return bytes;
  }

  /** The worker's notify on the shared word reaches this thread's event loop (Atomics.waitAsync). */
  onceAnswered(done: () => void): void {
    const left = Math.max(0, this.deadline - performance.now());
    const waited = Atomics.waitAsync(this.ctl, STATE, REQUEST, left);
    if (waited.async) void waited.value.then(() => done());
    else setImmediate(done);
  }

  private stop(): void {
    const w = this.worker;
    this.worker = null;
    Atomics.store(this.ctl, STATE, IDLE);
    // A caller waiting on the loop for the answer is told there is none coming.
    Atomics.notify(this.ctl, STATE);
    if (w) void w.terminate();
  }

  close(): void {
    this.stop();
  }
}
