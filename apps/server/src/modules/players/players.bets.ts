import type { BetProduct, PlayerBet } from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * A player's bets of every product, read straight from the products' own tables (read-only, for the back
 * office): `originals_bets`, `round_bets`, `sports_bets` and the casino's `casino_transactions` of kind
 * `bet` (its payout is the ledger hold's). Each part needs only the columns named here; a product that
 * renames one must change this file too (the back-office tests read every product). Every part names its
 * columns, since a product may be asked for alone.
 */
const PARTS: Record<BetProduct, (userId: number) => SQL> = {
  originals: (u) => sql`
    select id::text as id, 'originals' as product, game, null::text as round, amount as stake,
      case when state = 'open' then null else payout end as payout, state as status, created_at
    from originals_bets where user_id = ${u}`,
  rounds: (u) => sql`
    select id::text as id, 'rounds' as product, game, round_id::text as round, amount as stake,
      case when state in ('open', 'settling') then null else payout end as payout, state as status, created_at
    from round_bets where user_id = ${u}`,
  sports: (u) => sql`
    select id::text as id, 'sports' as product, kind as game, null::text as round, stake,
      case when status = 'open' then nullif(cashed_out, 0) when status = 'cashedOut' then payout
        else payout + cashed_out end as payout, status, placed_at as created_at
    from sports_bets where user_id = ${u}`,
  casino: (u) => sql`
    select c.provider_code || ':' || c.transaction_uuid as id, 'casino' as product,
      coalesce(c.game_code, '') as game, c.provider_code || ':' || c.round as round, c.amount as stake,
      case when c.state = 'open' then null else coalesce(h.paid, 0) end as payout, c.state as status,
      c.created_at
    from casino_transactions c left join ledger_holds h on h.tx_id = c.hold_id
    where c.user_id = ${u} and c.kind = 'bet' and c.state <> 'refused'`,
};

export async function playerBets(
  exec: Executor,
  q: { userId: number; product?: BetProduct; limit: number; offset: number; order: 'asc' | 'desc' },
): Promise<{ list: PlayerBet[]; total: number }> {
  const products = q.product ? [q.product] : (Object.keys(PARTS) as BetProduct[]);
  const union = sql.join(
    products.map((p) => PARTS[p](q.userId)),
    sql` union all `,
  );
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const [page, counted] = await Promise.all([
    exec.execute(
      sql`select * from (${union}) b order by b.created_at ${direction}, b.id ${direction}
          limit ${q.limit} offset ${q.offset}`,
    ),
    exec.execute(sql`select count(*)::int as n from (${union}) b`),
  ]);
  const rows = (page as unknown as { rows: Record<string, unknown>[] }).rows;
  const [total] = (counted as unknown as { rows: { n: number }[] }).rows;
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      product: r.product as BetProduct,
      game: String(r.game),
      round: r.round === null ? null : String(r.round),
      stake: toMajor(Number(r.stake)),
      payout: r.payout === null ? null : toMajor(Number(r.payout)),
      status: String(r.status),
      createdAt: new Date(r.created_at as string).toISOString(),
    })),
    total: Number(total?.n ?? 0),
  };
}
