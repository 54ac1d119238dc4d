import type { FastifyRequest } from 'fastify';
import { defineModule } from '../../platform/module';
import { accountsRoutes } from './accounts.routes';
import { createAccountsService, sessionInvalid, type AccountsDeps, type AuthUser } from './accounts.service';
import { createSandboxIdentityBureau, identitySandboxRoutes } from './identity.sandbox';
import { createSerproIdentityBureau } from './identity.serpro';

declare module 'fastify' {
  interface FastifyInstance {
    /** Players, sessions and sign-in: the accounts module's service. */
    accounts: Accounts;
  }
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

/** The accounts service with the two ways other modules check a session: a route hook and a bare token. */
export function createAccounts(deps: AccountsDeps) {
  const service = createAccountsService(deps);
  return {
    ...service,
    /**
     * Sets `req.user`, or answers HTTP 401 with body status 40101. Use it as `onRequest` so that a caller
     * without a session gets 401 before body validation can answer 400 (as a preHandler it runs after it).
     */
    async authenticate(req: FastifyRequest): Promise<void> {
      const token = tokenOf(req);
      if (!token) throw sessionInvalid('pleaseLogin');
      const user = await service.resolveToken(token);
      if (!user) throw sessionInvalid();
      req.user = user;
    },
    /** The session behind a token (for the realtime gateway), or null. */
    async verifyToken(token: string): Promise<{ userId: number; sessionId: string } | null> {
      const user = await service.resolveToken(token);
      return user ? { userId: user.id, sessionId: user.sessionId } : null;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

/**
 * Captcha, registration with the referral chain, sign-in, sessions, password reset, avatar, KYC, test
 * accounts and one-time login links. Knows no money: the wallet composes a player's profile with figures.
 */
export const accountsModule = defineModule('accounts', ['mail'], async (app) => {
  const { database, config, bus, mail } = app;
  const sandboxBureau = config.identityBureau === 'sandbox' ? createSandboxIdentityBureau() : null;
  // config.ts refuses IDENTITY_BUREAU=serpro without both credentials.
  const identity =
    sandboxBureau ??
    (config.identityBureau === 'serpro' && config.serpro
      ? createSerproIdentityBureau({ ...config.serpro, log: app.log })
      : null);
  if (config.jurisdiction === 'br' && !identity)
    app.log.warn('JURISDICTION=br without an identity bureau (IDENTITY_BUREAU=none): KYC is self-declared');
  app.decorate('accounts', createAccounts({ database, config, bus, mail, identity }));
  await app.register(accountsRoutes);
  if (sandboxBureau && config.sandbox) await app.register(identitySandboxRoutes, { bureau: sandboxBureau });
});
