import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunch, freePortOnce } from '../../scripts/e2e.mjs';

// Browser tests: the production build served by the real server, on a fresh embedded database.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// A port the OS says is free (never a fixed one: two runs on one machine would meet on it).
const port = freePortOnce('WEB_E2E_PORT');
// One run directory for the whole run (the workers load this file again): the shared rounds' two-process test
// serves the same build from its own servers.
process.env.WEB_E2E_RUN ??= fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-web-e2e-'));
const runDir = process.env.WEB_E2E_RUN;
// Each run builds into its own directory, so a parallel build of apps/web/dist cannot pull files from under it.
const webDist = path.join(runDir, 'dist');

export default defineConfig({
  testDir: './e2e',
  // The Brazilian profile's specs run against their own server: playwright.br.config.ts.
  testIgnore: /\.br\.spec\.ts$/,
  outputDir: path.join(repoRoot, 'test-results/web-e2e'),
  fullyParallel: false,
  workers: 1,
  // One retry for a loaded machine's hiccup; scripts/test.mjs names every test that needed it ("FLAKY …").
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  // For rounds.cluster.spec.ts, which starts two server processes of its own on PostgreSQL and Redis (CI's
  // addresses unless DATABASE_URL and REDIS_URL say otherwise) serving this run's build.
  metadata: {
    webDist,
    databaseUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 393, height: 852 },
    deviceScaleFactor: 1,
    hasTouch: true,
    isMobile: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  webServer: {
    command: `npm run build -w @aposta/web -- --outDir ${webDist} --emptyOutDir && npx tsx apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(runDir, 'data'),
      WEB_DIST: webDist,
      TEST_CAPTCHA_CODE: 'TEST42',
      OPERATOR_KEY: 'operator-key-for-tests-only',
      // Every simulated player comes from 127.0.0.1: the per-IP limit would otherwise throttle the whole suite.
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      // Shared rounds four times faster than in production, so a browser test sees several in a minute.
      ROUNDS_TIME_SCALE: '0.25',
      // The sandbox sports feed 30 times faster (a football match in 3½ minutes, a kick-off every 70 s), so the
      // in-play test finds a match soon; stepped every 10 s instead of 5, so its live matches (about three per
      // sport, as at any speed) cost the server half as much.
      SPORTS_FEED_SPEED: '30',
      SPORTS_FEED_SECONDS: '10',
    },
  },
});
