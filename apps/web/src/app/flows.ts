import type { RgExclusion } from '@aposta/contracts';
import { i18n } from '../lib/i18n';
import { request } from '../lib/api';
import { useAppState } from '../lib/app-state';
import { displayDateTime } from '../lib/format';
import { go, PAID_DEPOSIT } from '../lib/navigation';
import { setToken, signOut } from '../lib/session';
import { alertMessage, closeOverlay, openOverlay, useUi } from '../lib/ui';

/**
 * Flows that span features, composed here so no feature needs another (bulletproof-react's rule). Features
 * get them as props from the app's hosts and routes. The query library stays out of this file's imports
 * (the router imports it in the first load): user info is reached through a dynamic import.
 */
const userInfo = () => import('../lib/user-info');

export interface SignInOptions {
  /** After registration: the deposit overlay opens in 'secondDeposit' mode (through KYC when it is missing). */
  firstDeposit?: boolean;
}

/**
 * Logged out becomes logged in (spec section 4): store the token, fetch user info, close the overlay, show
 * the start mask. A test account's credentials popup shows once per sign-in.
 */
export async function signInWithToken(token: string, after: SignInOptions = {}) {
  setToken(token);
  const user = await (await userInfo()).loadUserInfo(token);
  closeOverlay();
  useUi.setState({
    startMask: true,
    firstDeposit: Boolean(after.firstDeposit),
    testPopup: user?.testFlag === '1',
  });
  if (after.firstDeposit) openOverlay('deposit', { depositMode: 'secondDeposit' });
}

/** 'Sair': revoke the session on the server, clear this device, go home (where the login overlay opens). */
export async function logout() {
  await request('/api/auth/user/logout', { method: 'POST', json: {}, quiet: true }).catch(() => undefined);
  go('/home');
  signOut();
}

/**
 * A cool-off or self-exclusion began: the server revoked every session. Say until when (once home, the login
 * form alone would leave the player unsure it worked), then clear this device and go home.
 */
export async function excluded(exclusion: RgExclusion) {
  const time = exclusion.endsAt ? displayDateTime(exclusion.endsAt, useAppState.getState().lang) : '';
  const key = !exclusion.endsAt ? 'doneForever' : exclusion.kind === 'cooloff' ? 'doneCooloff' : 'doneSelf';
  await alertMessage(i18n.t(key, { ns: 'rg', time }));
  go('/home');
  signOut();
}

/** KYC was saved: continue to the deposit when that is where the player was going (deposit after KYC). */
export function kycSaved() {
  const { afterKyc, depositMode, depositFor } = useUi.getState();
  if (afterKyc) openOverlay(afterKyc, { afterKyc: null, depositMode, depositFor });
  else closeOverlay();
}

/**
 * A deposit was paid (the realtime paySuccess event or the order status '10'): the deposit overlay closes and
 * user info is asked again; a game deposit says 'Recarga bem-sucedida, continue fazendo apostas' and the
 * player stays in the game, a page deposit goes to /paySuccess.
 */
export function depositPaid() {
  const { overlay } = useUi.getState();
  if (overlay !== 'deposit' && overlay !== 'gameDeposit') return;
  // The page deposit holds the start mask in the same update (see maskHeld), until the player leaves the page.
  useUi.setState(overlay === 'deposit' ? { overlay: null, maskHeld: true } : { overlay: null });
  void userInfo().then((m) => m.refreshUserInfo());
  if (overlay === 'gameDeposit') void alertMessage(i18n.t('deposit.success', { ns: 'wallet' }));
  else go('/paySuccess', { state: PAID_DEPOSIT });
}
