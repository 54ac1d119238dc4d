import { operatorProfile, type OperatorPermission, type OperatorProfile } from '@aposta/contracts';
import type { AuthProvider } from '@refinedev/core';
import { api, ApiError, operatorToken, setOperatorToken } from './http';

/** The signed-in operator, asked once per page load (and after sign-in); null when signed out. */
let profile: Promise<OperatorProfile | null> | null = null;

export function currentOperator(): Promise<OperatorProfile | null> {
  if (!operatorToken()) return Promise.resolve(null);
  profile ??= api('get', '/api/operator/auth/me')
    .then((data) => operatorProfile.parse(data))
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.statusCode === 401) setOperatorToken('');
      profile = null;
      return null;
    });
  return profile;
}

export interface LoginForm {
  email: string;
  password: string;
  totp: string;
}

/** Sign-in with both factors (POST /api/operator/auth/login); the server never says which one was wrong. */
export const authProvider: AuthProvider = {
  async login({ email, password, totp }: LoginForm) {
    try {
      const answer = await api<{ access_token: string; operator: OperatorProfile }>(
        'post',
        '/api/operator/auth/login',
        { body: { email, password, totp } },
      );
      setOperatorToken(answer.access_token);
      profile = Promise.resolve(operatorProfile.parse(answer.operator));
      return { success: true, redirectTo: '/' };
    } catch (err) {
      return { success: false, error: { name: 'login', message: (err as Error).message } };
    }
  },

  async logout() {
    if (operatorToken()) await api('post', '/api/operator/auth/logout').catch(() => undefined);
    setOperatorToken('');
    profile = null;
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    return (await currentOperator())
      ? { authenticated: true }
      : { authenticated: false, logout: true, redirectTo: '/login' };
  },

  async onError(error: unknown) {
    // 401: the session ended (expired, revoked, signed out elsewhere). 403 is a refusal shown where it happened.
    if ((error as { statusCode?: number })?.statusCode === 401) {
      setOperatorToken('');
      profile = null;
      return { logout: true, redirectTo: '/login' };
    }
    return {};
  },

  async getPermissions(): Promise<readonly OperatorPermission[]> {
    return (await currentOperator())?.permissions ?? [];
  },

  async getIdentity() {
    return await currentOperator();
  },
};
