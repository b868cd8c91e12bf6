// A software TPM 2.0 for the tests, the soak and the crash test: Debian's swtpm on two free TCP
// ports of its own (the data channel and the control channel) with its state in a folder of its
// own, so that several runs on one machine never share one. swtpm missing is a failure, never a
// skip (.ci/run installs it).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { connect, createServer } from 'node:net';
import type { Tcti } from '../anchor/transport';

export interface Swtpm {
  /** As the config file's store.anchor.tcti takes it. */
  readonly tctiText: string;
  readonly tcti: Tcti;
  readonly port: number;
  readonly stateDir: string;
  /** The running swtpm's process id (a test stops or kills it to hold back or lose a command). */
  readonly pid: number | null;
  /** Stops it (its state stays in the folder). */
  stop(): Promise<void>;
  /** Starts it again on the same ports and state. */
  restart(): Promise<void>;
  /** Runs a tpm2-tools command against it; its stdout. Throws with its stderr when it fails. */
  tools(command: string, args: readonly string[]): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const answers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

function launch(port: number, stateDir: string, pidFile: string): ChildProcess {
  // setpriv (util-linux, on every Debian) has the kernel kill it when this process dies, however
  // it dies: a test worker killed leaves no software TPM behind. It execs swtpm: the same pid.
  return spawn(
    'setpriv',
    [
      '--pdeathsig',
      'KILL',
      '--',
      'swtpm',
      'socket',
      '--tpm2',
      '--server',
      `type=tcp,port=${port},bindaddr=127.0.0.1`,
      '--ctrl',
      `type=tcp,port=${port + 1},bindaddr=127.0.0.1`,
      '--tpmstate',
      `dir=${stateDir}`,
      '--pid',
      `file=${pidFile}`,
      '--flags',
      'not-need-init,startup-clear',
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
}

/** The pid the file holds, or null while it is not written. */
function pidIn(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * swtpm on `port` (and the control channel on the one above), once it answers; null if it
 * exits first. swtpm writes its pid file only once both ports are bound (a port taken makes it
 * exit without one), so the file naming this child proves the ports are its own, not another
 * run's that took them a moment before: only then does an answer on the port count.
 */
async function launchAnswering(port: number, stateDir: string): Promise<ChildProcess | null> {
  const pidFile = join(stateDir, 'swtpm.pid');
  rmSync(pidFile, { force: true });
  const child = launch(port, stateDir, pidFile);
  let exited = false;
  child.on('exit', () => (exited = true));
  child.on('error', () => (exited = true));
  // Generous: a loaded machine can take seconds to start a process; a port taken ends it at once.
  const deadline = performance.now() + 30_000;
  while (!exited && performance.now() < deadline) {
    if (pidIn(pidFile) === child.pid && (await answers(port))) return child;
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  return null;
}

/** Starts swtpm with its state in `stateDir` (made if missing); throws when swtpm is not installed. */
export async function startSwtpm(stateDir: string): Promise<Swtpm> {
  if (spawnSync('swtpm', ['--version']).error)
    throw new Error('swtpm is not installed: apt-get install swtpm swtpm-tools tpm2-tools (.ci/run does)');
  mkdirSync(stateDir, { recursive: true });
  let child: ChildProcess | null = null;
  let port = 0;
  // Two neighbouring free ports: the data channel and, one above it, the control channel.
  for (let attempt = 0; attempt < 10 && !child; attempt++) {
    port = await freePort();
    if (port < 65535) child = await launchAnswering(port, stateDir);
  }
  if (!child) throw new Error('swtpm could not be started on a free port');
  const down = async (): Promise<void> => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };
  process.once('exit', () => child?.kill('SIGKILL'));
  const tctiText = `swtpm:host=127.0.0.1,port=${port}`;
  return {
    tctiText,
    tcti: { kind: 'swtpm', host: '127.0.0.1', port },
    port,
    stateDir,
    get pid() {
      return child?.pid ?? null;
    },
    stop: down,
    async restart() {
      await down();
      // The same ports, so that the configuration naming them still holds (freed a moment ago).
      for (let attempt = 0; attempt < 20 && !child; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, 100));
        child = await launchAnswering(port, stateDir);
      }
      if (!child) throw new Error(`swtpm could not be started again on port ${port}`);
    },
    tools(command, args) {
      const r = spawnSync(command, [...args], { env: { ...process.env, TPM2TOOLS_TCTI: tctiText }, encoding: 'utf8' });
      if (r.error) throw new Error(`${command}: ${r.error.message} (tpm2-tools installed?)`);
      if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${r.stderr.trim()}`);
      return r.stdout;
    },
  };
}
