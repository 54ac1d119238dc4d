import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * IS_APP (spec: the `IS_APP` storage key, sent as `isapp`): set when the app runs installed (the manifest's
 * standalone display) or is opened by the native app with `?isapp=1`; a browser tab leaves it unset. The module
 * reads this once when it loads, so each case loads it afresh. (The browser tests cannot show it: headless
 * Chromium under Playwright opens no standalone window.)
 */
function displayMode(mode: string | null) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mode !== null && query === `(display-mode: ${mode})`,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

async function freshState() {
  vi.resetModules();
  return (await import('./app-state')).useAppState.getState();
}

describe('IS_APP', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('is set when the installed app runs standalone', async () => {
    displayMode('standalone');
    expect((await freshState()).isApp).toBe(true);
    expect(localStorage.getItem('IS_APP')).toBe('1');
  });

  it('is set when opened full screen', async () => {
    displayMode('fullscreen');
    expect((await freshState()).isApp).toBe(true);
  });

  it('is set by the native app link (?isapp=1) and kept for the next starts in a tab', async () => {
    displayMode('browser');
    window.history.replaceState(null, '', '/home?isapp=1');
    expect((await freshState()).isApp).toBe(true);
    window.history.replaceState(null, '', '/home');
    expect((await freshState()).isApp).toBe(true);
  });

  it('stays unset in a browser tab', async () => {
    displayMode('browser');
    expect((await freshState()).isApp).toBe(false);
    expect(localStorage.getItem('IS_APP')).toBeNull();
  });
});
