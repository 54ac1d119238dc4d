import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusManager } from '@tanstack/react-query';
import { attachHandlers } from '../../../lib/realtime-socket';
import { useSession } from '../../../lib/session';
import { useUi } from '../../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../../test/render';
import { GIFT_CHECK_DELAY_MS, GiftCheck } from './GiftCheck';

let gift = 1;
let calls: { url: string }[];

beforeEach(() => {
  gift = 1;
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const f = fakeFetch(() => ({ body: envelope(gift) }));
  calls = f.calls;
  vi.stubGlobal('fetch', f.fn);
  useSession.setState({ token: 't', user: { uId: 1, kyc: 1 } as never });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function wait(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/** Lets the answer reach the component: a macrotask runs only after every pending microtask (the fetch chain). */
async function settled() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('gift popup', () => {
  it('asks 1 s after home loads and shows the popup when the answer is 1; its button opens the deposit', async () => {
    renderWithApp(<GiftCheck />, '/home');
    await wait(GIFT_CHECK_DELAY_MS - 10);
    expect(calls).toHaveLength(0);
    await wait(10);
    expect(calls[0]!.url).toContain('/api/app/main/userGift');
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(await screen.findByRole('button', { name: 'Depositar' }));
    expect(useUi.getState().overlay).toBe('deposit');
  });

  it('shows nothing when the answer is 0', async () => {
    gift = 0;
    renderWithApp(<GiftCheck />, '/home');
    await wait(GIFT_CHECK_DELAY_MS);
    await waitFor(() => expect(calls).toHaveLength(1));
    await settled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask off home', async () => {
    renderWithApp(<GiftCheck />, '/conta');
    await wait(GIFT_CHECK_DELAY_MS * 2);
    expect(calls).toHaveLength(0);
  });

  it('does not cover an open overlay', async () => {
    useUi.setState({ overlay: 'editBank' });
    renderWithApp(<GiftCheck />, '/home');
    await wait(GIFT_CHECK_DELAY_MS);
    await waitFor(() => expect(calls).toHaveLength(1));
    await settled();
    expect(screen.queryByRole('dialog', { name: 'Presente de depósito' })).not.toBeInTheDocument();
  });

  it('a paid deposit asks again while home shows; a return to the tab asks nothing', async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    attachHandlers({ on: (event: string, fn: (p: unknown) => void) => handlers.set(event, fn) } as never);
    gift = 0;
    renderWithApp(<GiftCheck />, '/home');
    await wait(GIFT_CHECK_DELAY_MS);
    await waitFor(() => expect(calls).toHaveLength(1));
    await settled();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await settled();
    expect(calls).toHaveLength(1);

    await act(async () => handlers.get('paySuccess')!({ czflag: 0, payTime: Date.now() }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await settled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
