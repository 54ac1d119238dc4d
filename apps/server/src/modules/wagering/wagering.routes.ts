import { bonusesAnswer, envelope, PROMO_BONUSES_PATH } from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor, type Currency } from '@aposta/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http';
import type { AuthUser } from '../accounts';
import { playerAccounts } from '../ledger';

/** The player's active bonuses with their wagering progress. */
export async function wageringRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { wagering, settings, database } = app;
  const user = (req: FastifyRequest) => req.user as AuthUser;

  r.get(
    PROMO_BONUSES_PATH,
    {
      onRequest: app.accounts.authenticate,
      schema: { tags: ['promo'], security: [{ bearer: [] }], response: { 200: envelope(bonusesAnswer) } },
    },
    async (req) => {
      const userId = user(req).id;
      const [list, accounts, s] = await Promise.all([
        wagering.activeBonuses(database.db, userId),
        playerAccounts(database.db, userId),
        settings.all(),
      ]);
      const bonus = accounts.find((a) => a.kind === 'bonus' && a.currency === DEFAULT_CURRENCY);
      return ok(req, {
        list: list.map((b) => {
          const currency = b.currency as Currency;
          const wagered = b.required - b.remaining;
          return {
            id: b.id,
            currency,
            amount: toMajor(b.amount, currency),
            required: toMajor(b.required, currency),
            wagered: toMajor(wagered, currency),
            remaining: toMajor(b.remaining, currency),
            progress: b.required > 0 ? Math.min(1, wagered / b.required) : 1,
            maxConversion: b.maxConversion == null ? null : toMajor(b.maxConversion, currency),
            expiresAt: b.expiresAt.toISOString(),
            createdAt: b.createdAt.toISOString(),
          };
        }),
        bonusBalance: toMajor(Math.max(0, bonus?.available ?? 0)),
        weights: s['bonus.weights'],
        sportsMinPrice: s['bonus.sportsMinPrice'] / 100,
      });
    },
  );
}
