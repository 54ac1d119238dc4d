import { defineConfig } from 'vitest/config';

// One runner for the whole tree; each workspace names its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // PGlite instances and browsers are heavy; two workers suit the 2-core machines.
    maxWorkers: 2,
    // One retry absorbs a shared machine's timing hiccup in the multi-process tests; a real bug still fails
    // twice. scripts/test.mjs prints every test that needed the retry ("FLAKY …") so none goes unnoticed.
    retry: 1,
  },
});
