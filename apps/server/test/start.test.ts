import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createPostgresDatabase } from './helpers';

/**
 * `npm start` as a cluster starts it: three processes at once from one checkout, with neither build present.
 * Each must come up (one builds, the others wait for its lock and reuse the result) and serve the player app
 * and the back office. The builds go to a temporary folder (SERVER_DIST, WEB_DIST, BACKOFFICE_DIST) so the
 * checkout's own dist is left alone.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const base = loadConfig().database;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<unknown> | void)[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const clean of cleanups) await clean();
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      // Three nodes shutting down at once on a loaded machine can take past the 10 s default; this test is
      // about building once (process.test holds a clean SIGTERM to its own limit).
      SHUTDOWN_GRACE_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** The URL from the start banner (PORT=0: the OS picks the port). */
  const url = async () => {
    for (let exitedYet = false; !exitedYet;) {
      const banner = output.split('\n').find((line) => line.includes('"banner"'));
      if (banner) return (JSON.parse(banner) as { banner: { url: string } }).banner.url;
      exitedYet = await Promise.race([
        exited.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 100)),
      ]);
    }
    throw new Error(`start exited before listening:\n${output}`);
  };
  return { child, exited, url, output: () => output };
}

describe('npm start', () => {
  it('three processes started at once from one checkout all build-or-wait and answer', async () => {
    // Inside apps/server: the bundle finds node_modules and apps/server/package.json by walking up.
    const tmp = fs.mkdtempSync(path.join(repoRoot, 'apps/server/.start-test-'));
    cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
    const shared = {
      SERVER_DIST: path.join(tmp, 'server-dist'),
      WEB_DIST: path.join(tmp, 'web-dist'),
      BACKOFFICE_DIST: path.join(tmp, 'backoffice-dist'),
    };
    let database: (i: number) => Record<string, string>;
    if (base.kind === 'postgres') {
      const fresh = await createPostgresDatabase(base.url);
      cleanups.push(() => fresh.drop());
      database = () => ({ DATABASE_URL: fresh.url });
    } else {
      database = (i) => ({ DATABASE_URL: '', DATA_DIR: path.join(tmp, `data-${i}`) });
    }

    const nodes = [0, 1, 2].map((i) => start({ ...shared, ...database(i) }));
    const urls = await Promise.all(nodes.map((n) => n.url()));
    expect(new Set(urls).size).toBe(3);
    let asset = '';
    for (const url of urls) {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      // The back office, under /backoffice/ (any path of it answers its page; its assets are its own).
      const backoffice = await fetch(`${url}/backoffice/players/1`);
      expect(backoffice.status).toBe(200);
      const html = await backoffice.text();
      expect(html).toContain('/backoffice/assets/');
      asset = /src="(\/backoffice\/assets\/[^"]+\.js)"/.exec(html)![1]!;
      const script = await fetch(`${url}${asset}`);
      expect(script.status).toBe(200);
      // Read to the end: a body left unread holds its connection open (and the server's close) indefinitely.
      expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // Each build ran once in all; the others found it fresh after the lock.
    const logs = nodes.map((n) => n.output()).join('\n');
    expect(logs.match(/building server/g)).toHaveLength(1);
    expect(logs.match(/building web/g)).toHaveLength(1);
    expect(logs.match(/building backoffice/g)).toHaveLength(1);
    expect(fs.readdirSync(tmp).sort()).toEqual(
      base.kind === 'postgres'
        ? ['backoffice-dist', 'server-dist', 'web-dist']
        : ['backoffice-dist', 'data-0', 'data-1', 'data-2', 'server-dist', 'web-dist'],
    );

    // A client stuck mid-request (here its headers never end) must not hold a node's shutdown past its grace:
    // the node drops it halfway through and still closes its database and exits 0.
    const stuck = net.connect(Number(new URL(urls[0]!).port), '127.0.0.1');
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.write('GET /readyz HTTP/1.1\r\nHost: x\r\n');
    stuck.on('error', () => undefined);

    // A restart finds both builds fresh and builds nothing.
    for (const n of nodes) n.child.kill('SIGTERM');
    const codes = await Promise.all(nodes.map((n) => n.exited));
    expect(codes, nodes.map((n) => n.output().slice(-2_000)).join('\n----\n')).toEqual([0, 0, 0]);
    const again = start({ ...shared, ...database(0) });
    await again.url();
    expect(again.output()).not.toMatch(/building/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 300_000);
});
