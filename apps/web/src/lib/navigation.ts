/** Lets non-React code (the request client, the realtime handlers) navigate through the router. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate) {
  navigate = fn;
}

export function go(to: string, options?: { replace?: boolean }) {
  navigate(to, options);
}

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
