import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './helpers';

/** The server as `npm start` runs it: a real process on a real port with the embedded database. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];

function startServer(dataDir: string, port: number) {
  // node with tsx's loader, not the tsx CLI: the CLI relays signals to a child of its own and, on a loaded
  // machine, kills it itself when the child is slow to confirm a handler (exit 143 instead of a clean 0).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitReady(port: number, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => (done = true));
  // Up to two minutes: on a shared CI machine a cold tsx start alone can take more than 30 s.
  for (let i = 0; i < 1200 && !done; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('server process on the embedded database', () => {
  it('refuses a second process on the same data directory, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-proc-'));
    const [port, port2, port3] = [await freePort(), await freePort(), await freePort()];
    const first = startServer(dataDir, port);
    await waitReady(port, first.exited);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const second = startServer(dataDir, port2);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // The data survives a restart.
    const third = startServer(dataDir, port3);
    await waitReady(port3, third.exited);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 360_000);
});
