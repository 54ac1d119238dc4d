import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The Brazilian licence profile in the browser: the same build and server as playwright.config.ts, started with
 * JURISDICTION=br, running only `e2e/*.br.spec.ts` (`npx playwright test --config apps/web/playwright.br.config.ts`).
 */
const server = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;

export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: /\.br\.spec\.ts$/,
  webServer: { ...server, env: { ...server.env, JURISDICTION: 'br' } },
});
