import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Limits for a hang, not speed checks: a shared 2-core machine under load can take a minute to start an app
    // on a fresh embedded database (migrations included).
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
