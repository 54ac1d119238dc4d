import type { ServerEventPayloads } from '@aposta/contracts';
import { describe, expect, it } from 'vitest';
import { attachHandlers } from './realtime-socket';
import { useSession } from './session';
import { useUi } from './ui';

function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  return {
    on: (event: string, fn: (payload: unknown) => void) => handlers.set(event, fn),
    fire<K extends keyof ServerEventPayloads>(event: K, payload: ServerEventPayloads[K]) {
      handlers.get(event)!(payload);
    },
  };
}

describe('realtime events', () => {
  it('applies notice, balances and the low-balance overlays', () => {
    const socket = fakeSocket();
    attachHandlers(socket as never);
    useSession.setState({ user: { uId: 1, balance: 50, freeBalance: 5 } as never });

    socket.fire('notice', { text: '<b>Aviso</b>' });
    expect(useUi.getState().notice).toBe('<b>Aviso</b>');

    socket.fire('insBalance', { balance: 12 });
    expect(useUi.getState().overlay).toBeNull();
    socket.fire('insBalance', { balance: 9.99 });
    expect(useUi.getState().overlay).toBe('gameDeposit');
    expect(useSession.getState().user?.balance).toBe(9.99);

    socket.fire('freeBalance', { freeBalance: 0.5 });
    expect(useUi.getState().overlay).toBe('deposit');

    socket.fire('updateUserInfo', { balance: 80, discount: { discount: 0.1, expiredTime: 99 } } as never);
    expect(useSession.getState().user).toMatchObject({
      balance: 80,
      payDiscount: { discount: 0.1, expiredTime: 99 },
    });
  });
});
