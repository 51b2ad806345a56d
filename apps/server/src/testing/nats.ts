import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { contiguousFreePorts } from './free-ports';

/** Debian's nats-server (scripts/ensure-nats.mjs installs it), or NATS_SERVER_PATH. */
export const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';

export function natsServerInstalled(): boolean {
  return fs.existsSync(NATS_SERVER);
}

export interface RunningNats {
  url: string;
  port: number;
  /** Its JetStream directory (kept across restart). */
  storeDir: string;
  /** Stops it (SIGTERM, then SIGKILL) and, unless `keepStore`, removes its JetStream directory. */
  stop(opts?: { keepStore?: boolean }): Promise<void>;
  /** The same server again on the same port and store (a broker restart). */
  restart(): Promise<RunningNats>;
}

/**
 * A nats-server of the test's own, with JetStream on a store in a temporary directory, on a free
 * loopback port: tests never touch a shared NATS (decision 0066).
 */
export async function startNatsServer(opts: { port?: number; storeDir?: string } = {}): Promise<RunningNats> {
  const port = opts.port ?? (await contiguousFreePorts(1));
  const storeDir = opts.storeDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-nats-'));
  const child: ChildProcess = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let printed = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async ({ keepStore = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
    if (!keepStore) fs.rmSync(storeDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 10_000; !(await listening(port)); ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nats-server did not start on ${port}:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    stop,
    async restart() {
      await stop({ keepStore: true });
      return startNatsServer({ port, storeDir });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
