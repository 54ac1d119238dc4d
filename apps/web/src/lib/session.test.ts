import { afterEach, describe, expect, it } from 'vitest';
import { signOut, useSession } from './session';
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
