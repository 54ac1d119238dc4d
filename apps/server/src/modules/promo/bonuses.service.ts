import { type OperatorBonus, type OperatorBonusGrant, type OperatorBonusList } from '@aposta/contracts';
import type { Database, Executor } from '../../platform/db';
import { sql } from 'drizzle-orm';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { moneyParam } from '../../platform/i18n';
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

const OPERATOR_BONUS_REF = 'operator-bonus';

const view = (g: BonusGrant): OperatorBonus => ({
  ...g,
  expiresAt: g.expiresAt.toISOString(),
  createdAt: g.createdAt.toISOString(),
  closedAt: g.closedAt?.toISOString() ?? null,
});

/** What operators granted the player in the last 24 hours (minor units). */
async function grantedToday(exec: Executor, userId: number): Promise<number> {
  const result = (await exec.execute(
    sql`select coalesce(sum(g.amount), 0)::bigint as granted
          from bonus_grants g join ledger_transactions t on t.id = g.tx_id
         where g.user_id = ${userId} and t.ref = ${OPERATOR_BONUS_REF}
           and g.created_at > now() - interval '24 hours'`,
  )) as unknown as { rows: { granted: string }[] };
  return Number(result.rows[0]?.granted ?? 0);
}

/**
 * One operator grants a bonus alone (an adjustment of cash needs a second to approve it), and bonus money wagered
 * once on a low-edge game is nearly cash: so what operators grant one player in 24 hours stays within a setting.
 * The player's row is locked first, so two grants at once are counted one after the other.
 */
async function withinDailyMax(tx: Executor, input: OperatorBonusGrant, max: number) {
  await tx.execute(sql`select 1 from users where id = ${input.userId} for no key update`);
  if ((await grantedToday(tx, input.userId)) + input.amount > max)
    throw badRequest('promoGrantOverDailyMax', { amount: moneyParam(max) });
}

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
      if (!(await keyUsed(tx, idempotencyKey))) {
        if (!(await rg.promotionsAllowed(input.userId, tx))) throw forbidden('promoUnavailable');
        await withinDailyMax(tx, input, s['bonus.operatorDailyMax']);
      }
      const posted = await creditBonus(
        tx,
        {
          userId: input.userId,
          amount: input.amount,
          idempotencyKey,
          ref: OPERATOR_BONUS_REF,
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

  /** The player's grants, and what the grant form starts from: the usual multiple and the room left today. */
  async function list(userId: number): Promise<OperatorBonusList> {
    const [grants, granted, s] = await Promise.all([
      playerGrants(database.db, { userId }),
      grantedToday(database.db, userId),
      settings.all(),
    ]);
    return {
      list: grants.map(view),
      // A grant's multiple is a whole number of at least 1 (the contract); the setting may be 1.5 or 0.
      wageringMultiple: Math.max(1, Math.ceil(s['wagering.bonusMultiplier'])),
      dailyMax: s['bonus.operatorDailyMax'],
      grantableToday: Math.max(0, s['bonus.operatorDailyMax'] - granted),
    };
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
