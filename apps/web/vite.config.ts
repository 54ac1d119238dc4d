import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// The dev server proxies the API and the realtime gateway to a local server (PORT of the API, default 3000).
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** `i18n-<lang>` for a dictionary of a language other than pt_BR (lib/i18n/ui or a feature's i18n). */
function languageChunk(id: string): string | null {
  const lang = /[\\/](?:lib[\\/]i18n[\\/]ui|features[\\/][^\\/]+[\\/]i18n)[\\/](\w+)\.ts$/.exec(id)?.[1];
  return lang && lang !== 'pt_BR' ? `i18n-${lang}` : null;
}

/**
 * The installable app: the web app manifest and the service worker (sw/sw.ts, built into dist/sw.js with the
 * precache list injected). The app registers the worker itself (src/lib/pwa.ts) and asks a waiting one to
 * take over when the player taps "update".
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  manifest: {
    id: '/',
    name: 'Aposta — Esportes e cassino',
    short_name: 'Aposta',
    description: 'Apostas esportivas, jogos originais e cassino. Apenas para maiores de 18 anos.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0f1329',
    background_color: '#0f1329',
    categories: ['entertainment', 'sports'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The app's code and styles, the offline page and the icons. Pages (index.html) always come from the
    // network; the compressed copies, avatars and sandbox game art are fetched when needed.
    globPatterns: [
      'assets/**/*.{js,css}',
      'offline.html',
      'offline.js',
      'favicon.svg',
      'hero.svg',
      'icons/*.png',
    ],
    globIgnores: ['**/*.br', '**/*.gz', 'index.html'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  // Brotli and gzip copies of every asset, served as they are by the server (no compression per request).
  plugins: [
    react(),
    tailwindcss(),
    pwa,
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
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
    rolldownOptions: {
      treeshake: {
        // Shared packages have no side effects: only what the app uses lands in a chunk.
        moduleSideEffects: (id) => !id.includes('/packages/'),
        // Building a zod schema changes nothing else (no contract sets zod's global config): an unused one goes.
        manualPureFunctions: ['z'],
      },
      // A language's dictionaries (the shared one and every feature's) travel as one chunk: choosing a
      // language is one request, not one per feature. Portuguese ships with the first load and is left alone.
      output: { codeSplitting: { groups: [{ debugName: 'languages', name: languageChunk }] } },
    },
  },
});
