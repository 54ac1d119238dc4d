import { create } from 'zustand';

/** Chrome's install event (not in the DOM typings): kept, and replayed when the player taps Download. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** The kept install prompt (Android and desktop Chrome, Edge, Samsung Internet). */
  installEvent: BeforeInstallPromptEvent | null;
  /** Running from the home screen, or installed during this visit. */
  installed: boolean;
  /** A new version's service worker is installed and waits for the player's go. */
  updateReady: boolean;
}

/** Opened from the home screen: the manifest's standalone display, or iOS Safari's own flag. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const display = (mode: string) => window.matchMedia?.(`(display-mode: ${mode})`).matches ?? false;
  return (
    display('standalone') ||
    display('fullscreen') ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone, iPod or iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isIos(userAgent = navigator.userAgent, touchPoints = navigator.maxTouchPoints ?? 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

export const usePwa = create<PwaState>()(() => ({
  installEvent: null,
  installed: isStandalone(),
  updateReady: false,
}));

/** How the Download line installs the app here. */
export type InstallWay = 'installed' | 'prompt' | 'ios' | 'manual';

export function installWay(state: Pick<PwaState, 'installEvent' | 'installed'>, ios = isIos()): InstallWay {
  if (state.installed) return 'installed';
  if (state.installEvent) return 'prompt';
  return ios ? 'ios' : 'manual';
}

/** Shows the browser's install dialog (kept event); answers the player's choice. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = usePwa.getState().installEvent;
  if (!event) return 'unavailable';
  // An install event can be shown once.
  usePwa.setState({ installEvent: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') usePwa.setState({ installed: true });
  return outcome;
}

/** Listens for the install events from the first frame (boot.ts): the browser may offer them early. */
export function listenForInstall() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    usePwa.setState({ installEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => usePwa.setState({ installed: true, installEvent: null }));
}
