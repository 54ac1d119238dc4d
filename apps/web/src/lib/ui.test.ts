import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertMessage, dismissAlert, openOverlay, setPanel, toast, TOAST_MS, useUi } from './ui';

afterEach(() => vi.useRealTimers());

describe('ui state', () => {
  it('opening any overlay closes the side menus', () => {
    setPanel('menuOpen', true);
    setPanel('accountOpen', true);
    openOverlay('deposit');
    expect(useUi.getState()).toMatchObject({ overlay: 'deposit', menuOpen: false, accountOpen: false });
  });

  it('toasts last 1500 ms', () => {
    vi.useFakeTimers();
    toast('ok');
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(useUi.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useUi.getState().toasts).toHaveLength(0);
  });

  it('an alert resolves when the player confirms it', async () => {
    let done = false;
    const p = alertMessage('x').then(() => (done = true));
    expect(done).toBe(false);
    dismissAlert(useUi.getState().alerts[0]!.id);
    await p;
    expect(done).toBe(true);
  });
});
