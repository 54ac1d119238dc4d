// The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js, served at the root scope).
// - Precache: the built scripts, styles, icons and the offline page (index.html is not precached: pages
//   always come from the network, so a deploy is seen on the next load, as before the worker).
// - Pages: from the network; when that fails (offline), the self-contained offline page.
// - The API, the realtime gateway and the sandbox are never routed here: the browser fetches them as usual,
//   and nothing of theirs is ever cached.
// - Updates: a new worker waits until the app asks it to take over (the "new version" toast), then the
//   app reloads. The very first worker takes control of the open page at once.
// - Push: shows the notification the server sent (title and body already in the player's language) and
//   opens or focuses the app when it is tapped.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const OFFLINE_PAGE = '/offline.html';
/** Paths that are never the app's pages (same list as the server's single-page fallback). */
const NOT_PAGES = [/^\/api\//, /^\/sandbox\//, /^\/gamecenter-siop/];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(new NavigationRoute(new NetworkOnly({ networkTimeoutSeconds: 10 }), { denylist: NOT_PAGES }));

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface PushMessage {
  title?: string;
  body?: string;
  /** A path of the app to open when the notification is tapped. */
  url?: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() as PushMessage | undefined) ?? {};
  } catch {
    message = { body: event.data?.text() };
  }
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Aposta', {
      body: message.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: message.tag,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (url !== '/') await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
