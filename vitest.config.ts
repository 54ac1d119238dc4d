import { defineConfig } from 'vitest/config';

// One runner for the whole tree; each workspace names its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // PGlite instances and browsers are heavy; two workers suit the 2-core machines.
    maxWorkers: 2,
  },
});
