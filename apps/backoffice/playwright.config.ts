import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunch, freePortOnce } from '../../scripts/e2e.mjs';

// Back-office browser tests: its production build served by the real server (at /backoffice) on a fresh
// embedded database, in Debian's Chromium, on a desktop screen.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// A port the OS says is free (never a fixed one: two runs on one machine would meet on it).
const port = freePortOnce('BACKOFFICE_E2E_PORT');
// One run directory for the whole run (the workers load this file again): the support chat's two-process test
// serves the same builds from its own servers.
process.env.BACKOFFICE_E2E_RUN ??= fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-backoffice-e2e-'));
const runDir = process.env.BACKOFFICE_E2E_RUN;
const dist = path.join(runDir, 'dist');
// The player app too: the support chat's visitors and players talk to the console from it.
const webDist = path.join(runDir, 'web-dist');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(repoRoot, 'test-results/backoffice-e2e'),
  fullyParallel: false,
  workers: 1,
  // One retry for a loaded machine's hiccup; scripts/test.mjs names every test that needed it ("FLAKY …").
  retries: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  // For support.cluster.spec.ts, which starts two server processes of its own on PostgreSQL and Redis (CI's
  // addresses unless DATABASE_URL and REDIS_URL say otherwise) serving this run's builds.
  metadata: {
    webDist,
    backofficeDist: dist,
    databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The back office then turns its animations off (App.tsx): no click lands on a modal still moving.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  webServer: {
    command:
      `npm run build -w @aposta/web -- --outDir ${webDist} --emptyOutDir --logLevel warn && ` +
      `npm run build -w @aposta/backoffice -- --outDir ${dist} --emptyOutDir --logLevel warn && ` +
      'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 420_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(runDir, 'data'),
      WEB_DIST: webDist,
      BACKOFFICE_DIST: dist,
      TEST_CAPTCHA_CODE: 'TEST42',
      OPERATOR_KEY: 'operator-key-for-tests-only',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    },
  },
});
