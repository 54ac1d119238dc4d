import { startTransition } from 'react';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in steps, each in its own task (React DOM, then the app), and renders in a transition so the
 * first render is sliced too: no single long task keeps a slow phone from answering a tap.
 */
async function start() {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const { App, prepareLanguage } = await import('./app/App');
  await prepareLanguage();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App />));
  // The service worker (offline page, installable app, updates, push) once the app is on screen.
  await nextTask();
  const { registerServiceWorker } = await import('./lib/pwa-worker');
  registerServiceWorker();
}

void start();
