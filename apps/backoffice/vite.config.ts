import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The dev server proxies the API (and the realtime gateway) to a local server (PORT of the API, default 3000).
const api = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/** The back office, served by the server under /backoffice/ (apps/server/src/platform/http.ts). */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  // The realtime gateway too: the payout alerts' socket (`components/payoutAlerts.tsx`).
  server: { port: 3400, proxy: { '/api': api, '/gamecenter-siop': { target: api, ws: true } } },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/') },
    },
  },
});
