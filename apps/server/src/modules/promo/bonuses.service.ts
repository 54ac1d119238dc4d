import { type OperatorBonus, type OperatorBonusGrant } from '@aposta/contracts';
import type { Database, Executor } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { keyUsed } from '../ledger';
import type { Settings } from '../settings';
import { creditBonus, forfeitGrant, playerGrants, type BonusGrant } from '../wagering';

export interface OperatorBonusDeps {
  database: Database;
  settings: { all(): Promise<Settings> };
  /** Whether the player exists (uplines answers one row per existing player). */
  accounts: { uplines(exec: Executor, ids: number[]): Promise<{ id: number }[]> };
  /** Off under JURISDICTION=br and for excluded players. */
  rg: { promotionsAllowed(userId: number, exec?: Executor): Promise<boolean> };
}

const view = (g: BonusGrant): OperatorBonus => ({
  ...g,
  expiresAt: g.expiresAt.toISOString(),
  createdAt: g.createdAt.toISOString(),
  closedAt: g.closedAt?.toISOString() ?? null,
});

/**
 * Operators' bonuses (Promotions issue, item 8): grant one to a player, list a player's, forfeit one. A grant
 * is bonus money from the promotions account keyed `operator-bonus:<Idempotency-Key>` (the key names one
 * operation, whoever it is for: a retry under it answers the first grant, another body under it, another
 * player included, is 409), made a grant of the bonus engine with the call's own wagering multiple and expiry.
 */
export function createOperatorBonuses({ database, settings, accounts, rg }: OperatorBonusDeps) {
  async function grant(input: OperatorBonusGrant, key: string): Promise<OperatorBonus> {
    const [player] = await accounts.uplines(database.db, [input.userId]);
    if (!player) throw notFound();
    const s = await settings.all();
    const idempotencyKey = `operator-bonus:${key}`;
    const txId = await database.transaction(async (tx) => {
      // Asked in the grant's transaction: an exclusion committed since the call began refuses it. A key used
      // already is the ledger's to answer (the first grant, or 409 for another body): nothing is paid again.
      if (!(await keyUsed(tx, idempotencyKey)) && !(await rg.promotionsAllowed(input.userId, tx)))
        throw forbidden('promoUnavailable');
      const posted = await creditBonus(
        tx,
        {
          userId: input.userId,
          amount: input.amount,
          idempotencyKey,
          ref: 'operator-bonus',
          // The whole call in the request's hash: the same key with another multiple or expiry is 409.
          memo: {
            promo: 'operator',
            reason: input.reason,
            wageringMultiple: input.wageringMultiple,
            expiresInDays: input.expiresInDays,
          },
          multiple: input.wageringMultiple,
          expiryDays: input.expiresInDays,
        },
        s,
      );
      return posted.txId;
    });
    const [made] = await playerGrants(database.db, { txId });
    if (!made) throw notFound();
    return view(made);
  }

  async function list(userId: number): Promise<OperatorBonus[]> {
    return (await playerGrants(database.db, { userId })).map(view);
  }

  /**
   * Forfeits an active grant at once (as at expiry); 409 when it is closed already, also by a conversion that
   * committed while this call waited (`forfeitGrant` decides under the grant's lock).
   */
  async function forfeit(id: number): Promise<{ before: OperatorBonus; after: OperatorBonus }> {
    const [before] = await playerGrants(database.db, { id });
    if (!before) throw notFound();
    await database.transaction(async (tx) => {
      if (!(await forfeitGrant(tx, id))) throw conflict('promoBonusClosed');
    });
    const [after] = await playerGrants(database.db, { id });
    return { before: view(before), after: view(after!) };
  }

  return { grant, list, forfeit };
}

export type OperatorBonuses = ReturnType<typeof createOperatorBonuses>;
