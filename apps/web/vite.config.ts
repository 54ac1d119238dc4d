import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The dev server proxies the API and the realtime gateway to a local server (PORT of the API, default 3000).
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** `i18n-<lang>` for a dictionary of a language other than pt_BR (lib/i18n/ui or a feature's i18n). */
function languageChunk(id: string): string | null {
  const lang = /[\\/](?:lib[\\/]i18n[\\/]ui|features[\\/][^\\/]+[\\/]i18n)[\\/](\w+)\.ts$/.exec(id)?.[1];
  return lang && lang !== 'pt_BR' ? `i18n-${lang}` : null;
}

export default defineConfig({
  // Brotli and gzip copies of every asset, served as they are by the server (no compression per request).
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  server: {
    port: 3300,
    proxy: {
      '/api': api,
      '/sandbox': api,
      '/gamecenter-siop': { target: api, ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Shared packages have no side effects: only what the app uses lands in a chunk.
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/') },
      // A language's dictionaries (the shared one and every feature's) travel as one chunk: choosing a
      // language is one request, not one per feature. Portuguese ships with the first load and is left alone.
      output: { codeSplitting: { groups: [{ debugName: 'languages', name: languageChunk }] } },
    },
  },
});
