import type { UserInfo } from '@aposta/contracts';
import { request } from './api';
import { go } from './navigation';
import { patchUser, setToken, setUser, signOut, useSession } from './session';
import { closeOverlay, openOverlay, useUi, type DepositMode } from './ui';

/** Fetches user info; a failure resets it to defaults (spec section 4). */
export async function fetchUserInfo(loading: boolean): Promise<UserInfo | null> {
  try {
    const { data } = await request<UserInfo>('/api/app/user/userInfo', { loading, quiet: true });
    setUser(data);
    return data;
  } catch {
    setUser(null);
    return null;
  }
}

export function refreshUserInfo(options: { loading?: boolean } = {}): Promise<UserInfo | null> {
  return fetchUserInfo(options.loading !== false);
}

export async function refreshBalance() {
  const { data } = await request<{ balance: number; freeBalance: number }>('/api/app/user/getBalance');
  patchUser(data);
}

/**
 * Logged out becomes logged in (spec section 4): store the token, fetch user info, close the overlay, show the
 * start mask. After registration the first-deposit flag is set and the deposit overlay opens in
 * 'secondDeposit' mode (through KYC when it is missing); the start mask shows once it closes. A test
 * account's credentials popup shows once per sign-in.
 */
export async function signInWithToken(token: string, after: { firstDeposit?: boolean } = {}) {
  setToken(token);
  const user = await refreshUserInfo();
  closeOverlay();
  useUi.setState({
    startMask: true,
    firstDeposit: Boolean(after.firstDeposit),
    testPopup: user?.testFlag === '1',
  });
  if (after.firstDeposit) openDeposit('secondDeposit');
}

/** 'Sair': revoke the session on the server, clear this device, go home (where the login overlay opens). */
export async function logout() {
  await request('/api/auth/user/logout', { method: 'POST', json: {}, quiet: true }).catch(() => undefined);
  go('/home');
  signOut();
}

/** Opening deposit without KYC diverts to the editBank overlay, which continues to deposit (spec section 4). */
export function openDeposit(depositMode: DepositMode = 'normal') {
  if (useSession.getState().user?.kyc !== 1) openOverlay('editBank', { afterKyc: 'deposit', depositMode });
  else openOverlay('deposit', { depositMode });
}
