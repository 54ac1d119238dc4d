import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The dev server proxies the API and the realtime gateway to a local server (PORT of the API, default 3000).
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

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
    },
  },
});
