import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService, sessionInvalid, type AccountsDeps, type AuthUser } from './accounts.service';

export type { AuthUser } from './accounts.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on calls that need a signed-in player. */
    user?: AuthUser;
  }
}

/** The bearer token of a request: `Authorization: Bearer <token>` (a bare token is accepted too). */
function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/**
 * The accounts module: captcha, registration with the referral chain, sign-in, sessions, password reset,
 * avatar, KYC, test accounts and one-time login links.
 */
export function createAccounts(deps: AccountsDeps) {
  const service = createAccountsService(deps);

  /**
   * Sets `req.user`, or answers HTTP 401 with body status 40101. Use it as `onRequest` so that a caller
   * without a session gets 401 before body validation can answer 400 (as a preHandler it runs after it).
   */
  async function authenticate(req: FastifyRequest): Promise<void> {
    const token = tokenOf(req);
    if (!token) throw sessionInvalid('pleaseLogin');
    const user = await service.resolveToken(token);
    if (!user) throw sessionInvalid();
    req.user = user;
  }

  return {
    routes: async (app: FastifyInstance) =>
      accountsRoutes(app, { accounts: service, authenticate, config: deps.config }),
    authenticate,
    /** The session behind a token (for the realtime gateway), or null. */
    async verifyToken(token: string): Promise<{ userId: number; sessionId: string } | null> {
      const user = await service.resolveToken(token);
      return user ? { userId: user.id, sessionId: user.sessionId } : null;
    },
    createTestUser: service.createTestUser,
    findUserByUsername: service.findUserByUsername,
    /** A player's user info (payments reads kyc, cardNo, name, lx and testFlag from it). */
    userInfo: service.userInfo,
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
