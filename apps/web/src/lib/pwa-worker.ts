import { Workbox } from 'workbox-window';
import { env } from './env';
import { reloadPage } from './navigation';
import { usePwa } from './pwa';

/** How often an open app asks for a new version (besides each start). */
const UPDATE_CHECK_MS = 60 * 60_000;

let workbox: Workbox | null = null;

/**
 * Registers the service worker (production builds only). A new version's worker waits; the update toast
 * shows, and `applyUpdate` lets it take over and reloads the page.
 */
export function registerServiceWorker() {
  if (env.dev || !('serviceWorker' in navigator) || workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => usePwa.setState({ updateReady: true }));
  // Another tab applied the update: this one reloads too, so no page runs old code under the new worker.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) reloadPage();
  });
  void wb.register().catch(() => undefined);
  window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/** The player tapped "update": the waiting worker takes over, then the page reloads (controlling above). */
export function applyUpdate() {
  usePwa.setState({ updateReady: false });
  if (workbox) workbox.messageSkipWaiting();
  else reloadPage();
}
