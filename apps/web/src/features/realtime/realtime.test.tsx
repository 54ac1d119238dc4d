import type { ServerEventPayloads } from '@aposta/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { useUi } from '../../lib/ui';
import { envelope, fakeFetch, renderWithApp } from '../../test/render';
import { createAnalytics } from './analytics';
import { useRealtimeWallet } from './bonus-store';
import { attachWalletHandlers, RECONNECT_BASE_MS } from './handlers';
import { RealtimeHost } from './RealtimeHost';
import { depositPaid } from '../../app/flows';
import { OverlayHost } from '../../app/OverlayHost';

function fakeSocket() {
  // Handlers are kept untyped: the tests fire each event with its contract payload.
  const handlers = new Map<string, (payload: never) => void>();
  return {
    connects: 0,
    on(event: string, fn: (payload: never) => void) {
      handlers.set(event, fn);
    },
    off(event: string, fn: (payload: never) => void) {
      if (handlers.get(event) === fn) handlers.delete(event);
    },
    connect() {
      this.connects += 1;
    },
    emit: vi.fn(),
    disconnect: vi.fn(),
    fire<K extends keyof ServerEventPayloads>(event: K, payload: ServerEventPayloads[K]) {
      handlers.get(event)!(payload as never);
    },
    drop(reason: string) {
      handlers.get('disconnect')!(reason as never);
    },
    up() {
      handlers.get('connect')!(undefined as never);
    },
  };
}

let navigations: string[];
beforeEach(() => {
  navigations = [];
  setNavigator((to) => navigations.push(to));
  useRealtimeWallet.setState({ bonusOffer: null, payTime: null });
  useSession.setState({ token: 't', user: { uId: 1, balance: 0 } as never });
  vi.stubGlobal('fetch', fakeFetch(() => ({ body: envelope({ uId: 1, balance: 100 }) })).fn);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (window as { fbq?: unknown }).fbq;
});

describe('wallet realtime events', () => {
  it('paySuccess: records the pay time, closes the deposit and goes to /paySuccess; czflag 0 is a Purchase', () => {
    const socket = fakeSocket();
    const purchase = vi.fn();
    attachWalletHandlers(socket, { purchase }, depositPaid);
    useUi.setState({ overlay: 'deposit' });
    socket.fire('paySuccess', { czflag: 0, payTime: 1234 });
    expect(purchase).toHaveBeenCalledWith(1234);
    expect(useRealtimeWallet.getState().payTime).toBe(1234);
    expect(useUi.getState().overlay).toBeNull();
    expect(navigations).toEqual(['/paySuccess']);

    socket.fire('paySuccess', { czflag: 1, payTime: 5678 });
    expect(purchase).toHaveBeenCalledTimes(1);
    expect(navigations).toEqual(['/paySuccess']);
  });

  it('paySuccess during a game deposit: the overlay closes, the alert says so, the player stays', async () => {
    const socket = fakeSocket();
    attachWalletHandlers(socket, { purchase: vi.fn() }, depositPaid);
    useUi.setState({ overlay: 'gameDeposit' });
    socket.fire('paySuccess', { czflag: 1, payTime: 1 });
    expect(useUi.getState().overlay).toBeNull();
    expect(useUi.getState().alerts[0]?.message).toBe('Recarga bem-sucedida, continue fazendo apostas');
    expect(navigations).toEqual([]);
  });

  it('reopens a connection the server closed, with a growing delay, and not one the client closed', () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    attachWalletHandlers(socket, { purchase: vi.fn() }, depositPaid);
    socket.drop('io client disconnect');
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toBe(0);

    socket.drop('io server disconnect');
    vi.advanceTimersByTime(RECONNECT_BASE_MS - 1);
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(1);
    socket.drop('io server disconnect');
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(socket.connects).toBe(2);
    // A successful connection starts the delays again.
    socket.up();
    socket.drop('io server disconnect');
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(socket.connects).toBe(3);
  });

  it('the analytics adapter does nothing unless a pixel is configured', () => {
    const fbq = vi.fn();
    (window as { fbq?: unknown }).fbq = fbq;
    createAnalytics(undefined).purchase(1);
    expect(fbq).not.toHaveBeenCalled();
    createAnalytics('123456').purchase(7);
    expect(fbq).toHaveBeenCalledWith('track', 'Purchase', { currency: 'BRL', payTime: 7 });
  });

  it('RealtimeHost attaches to the session connection and shows the increase-bonus popup (userBetAmount)', async () => {
    const socket = fakeSocket();
    useSession.setState({ realtime: socket });
    renderWithApp(
      <>
        <RealtimeHost onPaid={depositPaid} />
        <OverlayHost />
      </>,
    );
    act(() => socket.fire('userBetAmount', { bouns: 3, amount: 50 }));
    const popup = await screen.findByRole('dialog', { name: 'Aumente seu bônus' });
    expect(popup.textContent!.replace(/\u00a0/g, ' ')).toContain(
      'Aposte R$ 50,00 e multiplique seu bônus por 3.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Depositar agora' }));
    expect(useRealtimeWallet.getState().bonusOffer).toBeNull();
    // No KYC yet: depositing goes through editBank first (the gate is an effect of the overlay host).
    await waitFor(() => expect(useUi.getState()).toMatchObject({ overlay: 'editBank', afterKyc: 'deposit' }));
  });

  it('says the multiple is unlocked when no more betting is needed (amount 0), in the locale', async () => {
    const socket = fakeSocket();
    useSession.setState({ realtime: socket });
    renderWithApp(<RealtimeHost onPaid={depositPaid} />);
    act(() => socket.fire('userBetAmount', { bouns: 1.5, amount: 0 }));
    const popup = await screen.findByRole('dialog', { name: 'Aumente seu bônus' });
    expect(popup).toHaveTextContent('Você desbloqueou 1,5x');
    expect(popup).toHaveTextContent('1,5x');
  });

  it('keeps the increase-bonus popup off a game being played, and shows it once the player leaves', async () => {
    const socket = fakeSocket();
    useSession.setState({ realtime: socket });
    const { router } = renderWithApp(<RealtimeHost onPaid={depositPaid} />, '/crash');
    act(() => socket.fire('userBetAmount', { bouns: 2, amount: 400 }));
    expect(useRealtimeWallet.getState().bonusOffer).toEqual({ bouns: 2, amount: 400 });
    expect(screen.queryByRole('dialog', { name: 'Aumente seu bônus' })).toBeNull();
    await act(() => router.navigate('/home'));
    expect(await screen.findByRole('dialog', { name: 'Aumente seu bônus' })).toBeInTheDocument();
  });

  it('toasts an automatic sports cash-out wherever the player is, and not a mere value update', () => {
    const socket = fakeSocket();
    useSession.setState({ realtime: socket });
    useUi.setState({ toasts: [] });
    const { unmount } = renderWithApp(<RealtimeHost onPaid={depositPaid} />);
    act(() => socket.fire('sportsCashout', { betId: '7', value: 12.5, available: true }));
    expect(useUi.getState().toasts).toEqual([]);
    act(() => socket.fire('sportsCashout', { betId: '7', value: 12.5, available: false, paid: 12.5 }));
    expect(useUi.getState().toasts.map((t) => t.message.replace(/\u00a0/g, ' '))).toEqual([
      'Cash out automático: sua aposta pagou R$ 12,50.',
    ]);
    unmount();
    expect(() => socket.fire('sportsCashout', { betId: '7', value: 1, available: false, paid: 1 })).toThrow();
  });

  it('toasts a bonus released to the balance, with the amount that reached it', () => {
    const socket = fakeSocket();
    useSession.setState({ realtime: socket });
    useUi.setState({ toasts: [] });
    const { unmount } = renderWithApp(<RealtimeHost onPaid={depositPaid} />);
    act(() => socket.fire('bonusReleased', { amount: 20.5 }));
    expect(useUi.getState().toasts.map((t) => t.message.replace(/\u00a0/g, ' '))).toEqual([
      'Bônus liberado: R$ 20,50 foram para o seu saldo.',
    ]);
    unmount();
    expect(() => socket.fire('bonusReleased', { amount: 1 })).toThrow();
  });
});
