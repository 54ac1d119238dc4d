import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';

// The installable app (issue item 4): manifest and icons, Chrome's own installability check (what Lighthouse's
// PWA category reported before Lighthouse 12 dropped it), the service worker taking control, an offline start
// on the offline page rather than a browser error, and an install through Chrome's own PWA calls.

test('the manifest names the app, opens standalone and its icons load', async ({ page, request }) => {
  await page.goto('/home');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('manifest+json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Aposta — Esportes e cassino',
    short_name: 'Aposta',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'pt-BR',
    theme_color: '#0f1329',
    background_color: '#0f1329',
  });
  const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const src of [...manifest.icons.map((i: { src: string }) => i.src), '/icons/apple-touch-icon.png']) {
    const icon = await request.get(src);
    expect(icon.ok(), src).toBe(true);
    expect(icon.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  // The worker is never served stale, and the CSP lets it register (same origin).
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('Chrome finds the app installable, the worker controls it, offline it opens the offline page, and it installs', async ({
  baseURL,
}, testInfo) => {
  // A profile on disk: Playwright's usual contexts are incognito, where Chrome never offers to install.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-pwa-'));
  const { launchOptions, viewport } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport,
    locale: 'pt-BR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await offlineStart(page, context);
    // Installed as Chrome installs it (the Download line's prompt ends here): Chrome then knows the app by
    // its manifest id. Uninstalled again, so the machine keeps no shortcut of the test's.
    const manifestId = new URL('/', baseURL).href;
    const cdp = await context.newCDPSession(page);
    await cdp.send('PWA.install', { manifestId });
    await cdp.send('PWA.getOsAppState', { manifestId });
    await cdp.send('PWA.uninstall', { manifestId });
    await expect(cdp.send('PWA.getOsAppState', { manifestId })).rejects.toThrow(/Unknown web-app/);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

async function offlineStart(page: Page, context: BrowserContext) {
  await page.goto('/home');
  // The first worker takes control of the open page (clientsClaim) once it has precached the app.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
  await page.evaluate(() => navigator.serviceWorker.ready);

  // Chrome's own installability check (what Lighthouse's PWA category used to report): no errors.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);

  // API answers are never cached by the worker.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.some((u) => u.startsWith('/api/'))).toBe(false);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('[data-offline-page]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Você está sem conexão' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    // In the player's language (localStorage LANG), without any app bundle.
    await page.evaluate(() => localStorage.setItem('LANG', 'en'));
    await page.goto('/vip');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await page.evaluate(() => localStorage.removeItem('LANG'));
  await page.goto('/home');
  await expect(page.locator('[data-offline-page]')).toHaveCount(0);
}
