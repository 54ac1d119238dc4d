import { afterEach, describe, expect, it } from 'vitest';
import { patchUser, setUser, signOut, storedSession, useSession } from './session';
import { useUi } from './ui';

afterEach(() => {
  localStorage.clear();
  useUi.setState({ overlay: null });
});

describe('sign-out on this device', () => {
  it('leaves none of the session’s keys behind (the game codes’ APIKEY included) and opens the login', () => {
    useSession.setState({ token: 'tok', user: { uId: 1, balance: 5 } as never, gameCodes: { dice: 'g-1' } });
    expect(localStorage.getItem('APIKEY')).toBe('{"dice":"g-1"}');
    signOut();
    expect(['TOKEN_B', 'USERINFO', 'APIKEY'].map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
    expect(useUi.getState().overlay).toBe('login');
  });
});

describe('the balance a previous visit stored', () => {
  it('is stale until an answer or a push carries the balance; the avatar or the bonus alone do not', () => {
    localStorage.setItem('TOKEN_B', 'tok');
    localStorage.setItem('USERINFO', JSON.stringify({ uId: 1, balance: 15, freeBalance: 0, header: 0 }));
    useSession.setState(storedSession());
    expect(useSession.getState()).toMatchObject({ token: 'tok', balanceStale: true });
    expect(useSession.getState().user?.balance).toBe(15);
    patchUser({ header: 3 });
    patchUser({ freeBalance: 2 });
    expect(useSession.getState().balanceStale).toBe(true);
    patchUser({ balance: 16 });
    expect(useSession.getState().balanceStale).toBe(false);

    useSession.setState(storedSession());
    expect(useSession.getState().balanceStale).toBe(true);
    setUser({ uId: 1, balance: 16, freeBalance: 0 } as never);
    expect(useSession.getState().balanceStale).toBe(false);
  });

  it('is nothing to refresh without a stored copy, nor after sign-out', () => {
    expect(storedSession()).toMatchObject({ user: null, balanceStale: false });
    useSession.setState({ token: 'tok', user: { uId: 1, balance: 5 } as never, balanceStale: true });
    signOut();
    expect(useSession.getState().balanceStale).toBe(false);
  });
});
