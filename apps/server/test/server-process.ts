import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, TEST_CAPTCHA, TEST_OPERATOR_KEY } from './process-env';

/** The real server (src/main.ts through tsx) as a child process, for tests that kill and restart nodes. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { freePort };

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  exited: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines (pino) so far. */
  logs(): Record<string, unknown>[];
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts a server with the black-box test settings plus `env` (the engine: DATA_DIR or DATABASE_URL) and
 * waits until it answers /readyz.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // node with tsx's loader, not the tsx CLI: the CLI runs the server in a child of its own, which a SIGKILL
  // of the CLI would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      TEST_CAPTCHA_CODE: TEST_CAPTCHA,
      OPERATOR_KEY: TEST_OPERATOR_KEY,
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(serverDir, 'no-web-app'),
      // Where it really is: a browser's calls come from this origin (CORS and the links the server makes).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    port,
    base,
    exited,
    output: () => output,
    logs: () =>
      output.split('\n').flatMap((line) => {
        if (!line.startsWith('{')) return [];
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  let done = false;
  void exited.then(() => (done = true));
  for (let i = 0; i < 600 && !done; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${output.slice(-3_000)}`);
}
