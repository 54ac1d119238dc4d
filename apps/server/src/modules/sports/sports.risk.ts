import type { LiabilityAnswer, MarketStatus, MarketType, SportCode } from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor } from '@aposta/money';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { moneyParam } from '../../platform/i18n';
import type { Settings } from '../settings';
import { idList, iso } from './sports.catalogue';

/**
 * Risk: stake factors per player (a sharp player limited) and the operators' view of open liability (what the
 * open bets of markets and events would pay). The per-market limit and alert are checked in the database as
 * bets are placed (`sports_exposure`, migrations 0043 and 0044).
 */
const money = (minor: number | string) => toMajor(Number(minor), DEFAULT_CURRENCY);

/**
 * Refuses a stake over the player's largest: `sports.maxStake` × their factor (read with the bet's quote; null:
 * none set, 1). A factor above 1 raises it (a valued player), 0 refuses every bet. The factor is taken in
 * ten-thousandths, so the product is exact (R$ 1.000 × 0.29 is R$ 290,00, not the float's R$ 289,99).
 */
export function assertStake(factor: number | string | null, stake: number, s: Settings) {
  const f = factor === null ? 1 : Number(factor);
  if (f <= 0) throw conflict('sportsBetsLimited');
  const max = Math.floor((s['sports.maxStake'] * Math.round(f * 10_000)) / 10_000);
  if (stake > max) throw badRequest('sportsStakeAboveMax', { amount: moneyParam(max) });
}

export function createRisk({ database }: { database: Database }) {
  const { db } = database;

  async function setStakeFactor(userId: string, factor: number, note: string | undefined, actor: string) {
    return database.transaction(async (tx) => {
      const [user] = await queryRows<{ id: string }>(
        tx,
        sql`select id from users where id = ${userId}::bigint`,
      );
      if (!user) throw notFound('checkTheInput');
      const [before] = await queryRows<{ factor: number }>(
        tx,
        sql`select factor from sports_stake_factors where user_id = ${userId}::bigint for update`,
      );
      await tx.execute(
        sql`insert into sports_stake_factors (user_id, factor, note, updated_by, updated_at)
            values (${userId}::bigint, ${factor}, ${note ?? null}, ${actor}, now())
            on conflict (user_id) do update set factor = excluded.factor, note = excluded.note,
              updated_by = excluded.updated_by, updated_at = now()`,
      );
      return { before: before ? Number(before.factor) : 1, after: factor };
    });
  }

  /** GET /api/operator/sports/liability: open liability per event (one event, or the 50 largest). */
  async function liability(eventId?: string): Promise<LiabilityAnswer> {
    const selections = await queryRows<{
      event_id: string;
      market_id: string;
      selection_id: string;
      name: string;
      bets: string;
      stakes: string;
      potential: string;
    }>(
      db,
      sql`select l.event_id, l.market_id, l.selection_id, s.name, count(*) as bets, sum(b.stake) as stakes,
            sum(b.potential) as potential
          from sports_bet_legs l
          join sports_bets b on b.id = l.bet_id
          join sports_selections s on s.id = l.selection_id
          where b.status = 'open' ${eventId ? sql`and l.event_id = ${eventId}::bigint` : sql``}
          group by l.event_id, l.market_id, l.selection_id, s.name`,
    );
    const totals = await queryRows<{ event_id: string; bets: string; stakes: string; liability: string }>(
      db,
      sql`select x.event_id, count(*) as bets, sum(b.stake) as stakes, sum(b.potential) as liability
          from (select distinct event_id, bet_id from sports_bet_legs
                ${eventId ? sql`where event_id = ${eventId}::bigint` : sql``}) x
          join sports_bets b on b.id = x.bet_id
          where b.status = 'open'
          group by x.event_id order by sum(b.potential) desc limit 50`,
    );
    if (eventId && totals.length === 0) {
      const [e] = await queryRows(db, sql`select 1 from sports_events where id = ${eventId}::bigint`);
      if (!e) throw notFound('sportsUnknownEvent');
    }
    const ids = totals.map((t) => String(t.event_id));
    if (ids.length === 0) return { events: [] };
    const events = await queryRows<{
      id: string;
      sport: SportCode;
      home: string;
      away: string;
      starts_at: string | Date;
      clock: number;
    }>(
      db,
      sql`select id, sport, home, away, starts_at, clock from sports_events where id in (${idList(ids)})`,
    );
    const marketIds = [...new Set(selections.map((x) => String(x.market_id)))];
    const markets = marketIds.length
      ? await queryRows<{
          id: string;
          type: MarketType;
          period: number;
          line: number | null;
          status: MarketStatus;
          alert: boolean;
        }>(
          db,
          sql`select m.id, m.type, m.period, m.line, m.status, (a.market_id is not null) as alert
              from sports_markets m left join sports_liability_alerts a on a.market_id = m.id
              where m.id in (${idList(marketIds)})`,
        )
      : [];
    const eventBy = new Map(events.map((e) => [String(e.id), e]));
    const marketBy = new Map(markets.map((m) => [String(m.id), m]));
    return {
      events: totals.map((t) => {
        const e = eventBy.get(String(t.event_id))!;
        const mine = selections.filter((x) => String(x.event_id) === String(t.event_id));
        const ms = [...new Set(mine.map((x) => String(x.market_id)))].map((id) => {
          const m = marketBy.get(id)!;
          const sels = mine.filter((x) => String(x.market_id) === id);
          return {
            marketId: id,
            type: m.type,
            period: Number(m.period),
            line: m.line === null ? null : Number(m.line),
            status: m.status,
            stakes: money(sels.reduce((a, x) => a + Number(x.stakes), 0)),
            liability: money(Math.max(...sels.map((x) => Number(x.potential)))),
            alert: Boolean(m.alert),
            selections: sels.map((x) => ({
              selectionId: String(x.selection_id),
              name: x.name,
              bets: Number(x.bets),
              stakes: money(x.stakes),
              potential: money(x.potential),
            })),
          };
        });
        return {
          eventId: String(t.event_id),
          sport: e.sport,
          home: e.home,
          away: e.away,
          startsAt: iso(e.starts_at),
          clock: Number(e.clock),
          bets: Number(t.bets),
          stakes: money(t.stakes),
          liability: money(t.liability),
          markets: ms.sort((a, b) => b.liability - a.liability),
        };
      }),
    };
  }

  return { setStakeFactor, liability };
}
