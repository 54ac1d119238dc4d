import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/*.d.ts',
      'artifacts/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Import boundaries: a server module is reached only through its index; a web feature never imports
  // another feature (bulletproof-react's rule); packages import no app.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': [
        { type: 'server-platform', pattern: 'apps/server/src/platform' },
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
        { type: 'package', pattern: 'packages/*', capture: ['name'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        2,
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: '!server-module' } },
              disallow: { to: { element: { type: 'server-module', fileInternalPath: '!index.ts' } } },
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: {
                to: {
                  element: {
                    type: 'server-module',
                    captured: { name: '!{{from.captured.name}}' },
                    fileInternalPath: '!index.ts',
                  },
                },
              },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: { element: { type: 'web-feature', captured: { name: '!{{from.captured.name}}' } } },
              },
            },
            {
              from: { element: { type: 'server-platform' } },
              disallow: { to: { element: { type: 'server-module' } } },
            },
            {
              from: { element: { type: 'package' } },
              disallow: { to: { element: { types: { anyOf: ['server-module', 'web-feature'] } } } },
            },
          ],
        },
      ],
    },
  },
  // No import cycles in the server and the packages: a module that needs another declares it (defineModule)
  // and imports its index; the one it needs never imports it back. (The rule skips `import type`, which
  // leaves no trace at run time; Fastify's module dependencies refuse a cycle at boot as well.)
  {
    files: ['apps/server/**/*.ts', 'packages/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.js', '.mjs'],
      // Only our own files are read for the cycle check; packages are never parsed.
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.js', '.mjs'] } },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Config is read in one place: process.env only in the server's config.ts (and scripts/benchmarks).
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    // Tests may hand the environment to the processes they spawn.
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/server/test/**',
      'apps/server/src/config.ts',
      'apps/web/src/lib/env.ts',
      'apps/web/vite.config.ts',
      'apps/web/playwright.config.ts',
      'apps/backoffice/vite.config.ts',
      'apps/backoffice/playwright.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings through config.ts (server) or src/lib/env.ts (web).',
        },
        { object: 'import.meta', property: 'env', message: 'Read settings through src/lib/env.ts.' },
      ],
    },
  },
);
