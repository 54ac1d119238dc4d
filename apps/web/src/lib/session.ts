import type { SupportEventName, UserInfo } from '@aposta/contracts';
import { toMinor, type Currency } from '@aposta/money';
import { create } from 'zustand';
import { clearSessionStorageKeys, LocalKey, readJson, readText, writeJson, writeText } from './storage';
import { openOverlay, useUi } from './ui';

/** What the app needs of the realtime connection; socket.io's client satisfies it. */
export interface RealtimeConnection {
  emit: (event: 'offGame', payload: { gameCode: string }) => unknown;
  disconnect: () => unknown;
  /** Listening to more events (the support chat's, and each connection); socket.io's `on`/`off`. */
  on?(event: SupportEventName | 'connect', listener: never): unknown;
  off?(event: SupportEventName | 'connect', listener: never): unknown;
}

interface SessionState {
  token: string;
  user: UserInfo | null;
  /** Per-game code map (spec: user state), persisted under APIKEY. */
  gameCodes: Record<string, string>;
  realtime: RealtimeConnection | null;
  /**
   * `user`'s balance is the copy a previous visit stored (USERINFO), not yet answered by the server: the app shows
   * it as not known (the header's placeholder), never as a figure the player could take for the balance. The
   * first answer or push that carries the balance clears it (`setUser`, `patchUser` with a balance).
   */
  balanceStale: boolean;
}

/** The session as a previous visit left it in storage: its user info paints at once, its balance does not. */
export function storedSession(): Omit<SessionState, 'realtime'> {
  const user = readJson<UserInfo>('local', LocalKey.USERINFO) ?? null;
  return {
    token: readText('local', LocalKey.TOKEN),
    user,
    gameCodes: readJson<Record<string, string>>('local', LocalKey.APIKEY) ?? {},
    balanceStale: user !== null,
  };
}

/** User state (spec section 3): token, user info, per-game code map, realtime connection. */
export const useSession = create<SessionState>()(() => ({ ...storedSession(), realtime: null }));

useSession.subscribe((s, prev) => {
  if (s.token !== prev.token) writeText('local', LocalKey.TOKEN, s.token);
  if (s.user !== prev.user) writeJson('local', LocalKey.USERINFO, s.user);
  // No codes (signed out): no key left behind, as the spec's sign-out clears it.
  if (s.gameCodes !== prev.gameCodes)
    writeJson('local', LocalKey.APIKEY, Object.keys(s.gameCodes).length ? s.gameCodes : undefined);
});

export function setToken(token: string) {
  useSession.setState({ token });
}

/** The server's user info (an answer): its balance is known from now on. */
export function setUser(user: UserInfo | null) {
  useSession.setState({ user, balanceStale: false });
}

/**
 * The cash balance as the server last answered it; null signed out, or while only a previous visit's stored copy
 * is known (`balanceStale`): screens show "R$ —" then, never that copy. A selector: `useSession(knownBalance)`.
 */
export function knownBalance(s: Pick<SessionState, 'user' | 'balanceStale'>): number | null {
  return s.user && !s.balanceStale ? s.user.balance : null;
}

/**
 * What a stake can draw on, in minor units: cash, then bonus, as the ledger takes them (a refusal's "saldo" is
 * their sum); 0 when signed out. A selector: `useSession((s) => playableMinor(s))`.
 */
export function playableMinor(s: Pick<SessionState, 'user'>, currency?: Currency): number {
  return s.user ? toMinor(s.user.balance ?? 0, currency) + toMinor(s.user.freeBalance ?? 0, currency) : 0;
}

export function patchUser(patch: Partial<UserInfo>) {
  const user = useSession.getState().user;
  // A patch with the balance is an answer or a push of it; one without (the avatar, the bonus) leaves it as it was.
  if (user)
    useSession.setState({
      user: { ...user, ...patch },
      ...('balance' in patch ? { balanceStale: false } : {}),
    });
}

/**
 * Ends the session on this device (spec section 4): clears storage, empties the token, closes panels and opens
 * the login overlay. The server-side revocation is the caller's business (see lib/account.ts).
 */
export function signOut() {
  clearSessionStorageKeys();
  useSession.setState({ token: '', user: null, gameCodes: {}, balanceStale: false });
  useUi.setState({ startMask: false, testPopup: false, firstDeposit: false, notice: '' });
  openOverlay('login');
}
