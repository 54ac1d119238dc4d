import { defineConfig } from 'vitest/config';

// One runner for the whole tree; each workspace names its own environment.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
