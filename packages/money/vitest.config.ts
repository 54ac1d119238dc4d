import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'money', include: ['src/**/*.test.ts'] } });
