import {
  DEPOSIT_STATUS,
  ErrorCode,
  OrderStatus,
  RecordType,
  RG_KINDS,
  RG_PERIODS,
  type OperatorDeposit,
  type WithdrawalRisk,
} from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import { containing, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { playerStakesSince } from '../ledger';
import { activeBonuses } from '../wagering';
import { maskKey } from './orders';
import type { PaymentsDeps } from './payments.deps';

export interface DepositsQuery {
  status: keyof typeof DEPOSIT_STATUS | 'all';
  q?: string;
  flagged?: 'true' | 'false';
  from?: string;
  to?: string;
  sort: 'createdAt' | 'amount' | 'paidAt';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/**
 * What the back office reads of payments: the deposits list with the provider's state and chargeback flags,
 * and the risk summary shown beside a withdrawal. Players' e-mails, names, KYC and sessions are read from the
 * accounts' `users` and `sessions` rows (as the sportsbook's risk view and the players module do), not copied.
 */
export function createPaymentsBackoffice(deps: Pick<PaymentsDeps, 'database' | 'rg' | 'now'>) {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  return {
    async deposits(q: DepositsQuery): Promise<{ list: OperatorDeposit[]; total: number }> {
      const filters: SQL[] = [sql`o.type = ${RecordType.DEPOSIT}`];
      if (q.status !== 'all') filters.push(sql`o.status = ${DEPOSIT_STATUS[q.status]}`);
      if (q.flagged === 'true') filters.push(sql`o.flag is not null`);
      if (q.flagged === 'false') filters.push(sql`o.flag is null`);
      if (q.from) filters.push(sql`o.created_at >= ${q.from}::timestamptz`);
      if (q.to) filters.push(sql`o.created_at < ${q.to}::timestamptz`);
      if (q.q) {
        const text = q.q;
        // Digits alone are a user id (or an order or charge id), not part of an e-mail.
        const loose = /^\d{1,9}$/.test(text)
          ? sql`o.user_id = ${Number(text)}`
          : sql`u.username ilike ${containing(text.toLowerCase())}`;
        filters.push(sql`(o.order_id = ${text} or o.provider_ref = ${text} or ${loose})`);
      }
      const where = sql.join(filters, sql` and `);
      const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
      const column = { createdAt: sql`o.id`, amount: sql`o.amount`, paidAt: sql`paid_at` }[q.sort];
      const from = sql`from payment_orders o left join users u on u.id = o.user_id where ${where}`;
      const [list, [total]] = await Promise.all([
        rows<Record<string, unknown>>(
          db,
          sql`select o.id, o.order_id, o.user_id, coalesce(u.username, '') as email, o.amount, o.gift, o.status,
                o.provider, o.provider_ref, o.flag, o.created_at,
                (select e.event from payment_order_events e where e.order_id = o.order_id
                  order by e.id desc limit 1) as last_event,
                (select min(e.at) from payment_order_events e where e.order_id = o.order_id and e.event = 'paid')
                  as paid_at,
                (select min(e.at) from payment_order_events e where e.order_id = o.order_id
                  and e.event = 'chargedBack') as charged_back_at
              ${from}
              order by ${column} ${direction} nulls last, o.id ${direction}
              limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
        ),
        rows<{ n: number }>(db, sql`select count(*)::int as n ${from}`),
      ]);
      return {
        total: Number(total?.n ?? 0),
        list: list.map((r) => {
          const flag = (r.flag as string | null) ?? null;
          return {
            id: Number(r.id),
            orderNo: String(r.order_id),
            userId: Number(r.user_id),
            email: String(r.email),
            amount: toMajor(Number(r.amount)),
            gift: toMajor(Number(r.gift)),
            status: String(r.status),
            provider: (r.provider as string | null) ?? null,
            providerRef: (r.provider_ref as string | null) ?? null,
            providerState: (r.last_event as string | null) ?? 'created',
            chargeback: {
              flagged: flag === 'chargedBack',
              reason: flag === 'chargedBack' ? 'chargedBack' : null,
              at: iso(r.charged_back_at),
            },
            flag,
            createdAt: iso(r.created_at)!,
            paidAt: iso(r.paid_at),
          };
        }),
      };
    },

    /** The player's risk summary beside a withdrawal order (by the order's row id). */
    async withdrawalRisk(withdrawalId: number): Promise<WithdrawalRisk> {
      const [order] = await rows<{ user_id: number }>(
        db,
        sql`select user_id from payment_orders where id = ${withdrawalId} and type = ${RecordType.WITHDRAWAL}`,
      );
      if (!order) throw new AppError(ErrorCode.NOT_FOUND, 'orderNotFound');
      const userId = Number(order.user_id);
      const at = now();
      const [[user], [totals], [shared], bets, bonuses, limits] = await Promise.all([
        rows<{
          username: string;
          name: string;
          card_no: string;
          kyc: number;
          created_at: string | Date;
          blocked_at: string | Date | null;
          block_reason: string | null;
        }>(
          db,
          sql`select u.username, u.name, u.card_no, u.kyc, u.created_at, f.blocked_at, f.block_reason
              from users u left join player_flags f on f.user_id = u.id where u.id = ${userId}`,
        ),
        rows<Record<string, string>>(
          db,
          sql`select
                coalesce(sum(amount) filter (where type = ${RecordType.DEPOSIT}), 0)::bigint as deposits,
                count(*) filter (where type = ${RecordType.DEPOSIT})::int as deposits_count,
                coalesce(sum(amount) filter (where type = ${RecordType.WITHDRAWAL}), 0)::bigint as withdrawals,
                count(*) filter (where type = ${RecordType.WITHDRAWAL})::int as withdrawals_count,
                coalesce(sum(amount) filter (where type = ${RecordType.DEPOSIT} and flag = 'chargedBack'), 0)::bigint
                  as chargebacks,
                count(*) filter (where type = ${RecordType.DEPOSIT} and flag = 'chargedBack')::int
                  as chargebacks_count
              from payment_orders where user_id = ${userId} and status = ${OrderStatus.PAID}`,
        ),
        // Other players who signed in from one of this player's IP addresses or browsers (User-Agent).
        rows<{ same_ip: number; same_device: number }>(
          db,
          sql`select
                (select count(distinct o.user_id)::int from sessions o where o.user_id <> ${userId}
                  and o.ip in (select ip from sessions where user_id = ${userId} and ip is not null)) as same_ip,
                (select count(distinct o.user_id)::int from sessions o where o.user_id <> ${userId}
                  and o.device in (select device from sessions where user_id = ${userId} and device is not null))
                  as same_device`,
        ),
        playerStakesSince(db, userId, new Date(at.getTime() - 30 * DAY_MS)),
        activeBonuses(db, userId),
        deps.rg?.limits(userId) ?? Promise.resolve(null),
      ]);
      if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'orderNotFound');
      const deposits = Number(totals!.deposits);
      const withdrawals = Number(totals!.withdrawals);
      const createdAt = new Date(user.created_at);
      const limitsSet = limits
        ? RG_KINDS.reduce((n, kind) => n + RG_PERIODS.filter((p) => limits[kind][p].value !== null).length, 0)
        : 0;
      return {
        withdrawalId,
        userId,
        email: user.username,
        deposits: { total: toMajor(deposits), count: Number(totals!.deposits_count) },
        withdrawals: { total: toMajor(withdrawals), count: Number(totals!.withdrawals_count) },
        chargebacks: {
          total: toMajor(Number(totals!.chargebacks)),
          count: Number(totals!.chargebacks_count),
        },
        net: toMajor(deposits - withdrawals),
        bets30d: { count: bets.count, turnover: toMajor(bets.turnover) },
        bonus: {
          active: bonuses.length > 0,
          count: bonuses.length,
          amount: toMajor(bonuses.reduce((s, b) => s + b.amount, 0)),
          wagerDue: toMajor(bonuses.reduce((s, b) => s + b.remaining, 0)),
        },
        accountCreatedAt: createdAt.toISOString(),
        accountAgeDays: Math.max(0, Math.floor((at.getTime() - createdAt.getTime()) / DAY_MS)),
        sameIpAccounts: Number(shared!.same_ip),
        sameDeviceAccounts: Number(shared!.same_device),
        kyc: { verified: Number(user.kyc) === 1, name: user.name, cpfMasked: maskKey(user.card_no) ?? '' },
        blocked: user.blocked_at
          ? { at: new Date(user.blocked_at).toISOString(), reason: user.block_reason ?? '' }
          : null,
        rg: {
          exclusion: limits?.exclusion
            ? { kind: limits.exclusion.kind, endsAt: limits.exclusion.endsAt }
            : null,
          limitsSet,
        },
      };
    },
  };
}

export type PaymentsBackoffice = ReturnType<typeof createPaymentsBackoffice>;
