import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db';
import { createPostgresDatabase, onPostgres } from './helpers';

/** `npm run operator:create` as a person runs it: a real process on a fresh, empty database. */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-opcreate-'));
  env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' };
  const base = loadConfig().database;
  if (base.kind === 'postgres') {
    const fresh = await createPostgresDatabase(base.url);
    env.DATABASE_URL = fresh.url;
    dropDatabase = fresh.drop;
  }
});
afterAll(async () => {
  await dropDatabase?.();
  fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
});

function create(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(tsx, ['src/cli/operator-create.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

describe('npm run operator:create', () => {
  it('migrates an empty database, creates the operator and prints a working otpauth:// URL', async () => {
    const run = await create(
      '--email',
      'Chefe@Aposta.test',
      '--password',
      'a long password 1',
      '--role',
      'admin',
    );
    expect(run.code, run.err).toBe(0);
    const url = /otpauth:\/\/totp\/\S+/.exec(run.out)?.[0];
    expect(url).toMatch(/issuer=Aposta/);
    expect(url).toMatch(/period=30/);

    const again = await create(
      '--email',
      'chefe@aposta.test',
      '--password',
      'a long password 1',
      '--role',
      'admin',
    );
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already exists/);
    const role = await create(
      '--email',
      'x@aposta.test',
      '--password',
      'a long password 1',
      '--role',
      'owner',
    );
    expect(role.code).toBe(1);
    expect(role.err).toMatch(/Unknown role[\s\S]*roles: admin, finance, risk, trader, support, marketing/);
    expect((await create('--email', 'x@aposta.test')).code).toBe(1);

    // The server on that database signs the operator in with a code from the printed secret.
    const config = loadConfig({ ...env, NODE_ENV: 'test' });
    const database = await openDatabase(config.database);
    const app = await buildApp(config, { database });
    try {
      const totp = (OTPAuth.URI.parse(url!) as OTPAuth.TOTP).generate();
      const res = await app.inject({
        method: 'POST',
        url: '/api/operator/auth/login',
        payload: { email: 'chefe@aposta.test', password: 'a long password 1', totp },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.operator).toMatchObject({ email: 'chefe@aposta.test', role: 'admin' });

      // With the embedded database, a running server holds the data directory: the command refuses it.
      if (!onPostgres) {
        const held = await create(
          '--email',
          'y@aposta.test',
          '--password',
          'a long password 1',
          '--role',
          'risk',
        );
        expect(held.code).toBe(2);
        expect(held.err).toMatch(/in use by process \d+/);
      }
    } finally {
      await app.close();
      await database.close();
    }
  }, 240_000);
});
