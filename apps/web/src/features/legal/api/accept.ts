import { ACCEPT_TERMS_PATH, TERMS_VERSION } from '@aposta/contracts';
import { request } from '../../../lib/api';
import { queryClient } from '../../../lib/query';
import { patchUser, useSession } from '../../../lib/session';
import { userInfoQuery } from '../../../lib/user-info';

/**
 * The signed-in player accepts the current terms (POST `ACCEPT_TERMS_PATH`); the user info then holds the version,
 * in the session store and the user-info query alike, so the sheet asking for it closes at once.
 */
export async function acceptTerms(): Promise<void> {
  const { token } = useSession.getState();
  await request<null>(ACCEPT_TERMS_PATH, { json: { termsVersion: TERMS_VERSION } });
  patchUser({ termsVersion: TERMS_VERSION });
  if (token)
    queryClient.setQueryData(userInfoQuery(token).queryKey, (old) =>
      old ? { ...old, termsVersion: TERMS_VERSION } : old,
    );
}
