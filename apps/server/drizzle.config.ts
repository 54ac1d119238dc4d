import { defineConfig } from 'drizzle-kit';

// Every module owns its tables in <module>.tables.ts; one migration history serves PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/*.tables.ts', './src/platform/*.tables.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
