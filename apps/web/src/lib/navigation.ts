import { onLayerEntry } from './back-button';

/** Lets non-React code (the request client, the realtime handlers) navigate through the router. */
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate) {
  navigate = fn;
}

/**
 * Navigates through the router. From an open layer's history entry (lib/back-button) the navigation takes that
 * entry's place, so going back from the new page lands on the page beneath the layer, not on a copy of it.
 */
export function go(to: string, options?: { replace?: boolean; state?: unknown }) {
  navigate(to, options?.replace === undefined && onLayerEntry() ? { ...options, replace: true } : options);
}

/** The history state a paid deposit lands on /paySuccess with (the page takes it off once read). */
export const PAID_DEPOSIT = { paid: true } as const;

/** Reloads the page: a new version of the app took over (see pwa-worker). */
export function reloadPage() {
  window.location.reload();
}

/** The screens of a game being played (the originals and the shared rounds). */
const GAME_PATHS = new Set([
  '/dice',
  '/limbo',
  '/mines',
  '/plinko',
  '/rowDouble',
  '/double',
  '/crash',
  '/luckyColor',
]);

export const isGameScreen = (pathname: string) => GAME_PATHS.has(pathname);
