import {
  ErrorCode,
  languageEntry,
  MAX_WITHDRAW_MAJOR,
  normalizeCnpj,
  normalizeCpf,
  OrderStatus,
  PAY_CARD_BANKS,
  RecordType,
  TxType,
  type CardInfoEntry,
  type ExclusionBalance,
  type GetWithdrawAnswer,
  type LanguageKey,
  type OperatorWithdrawal,
  type OperatorWithdrawalRow,
  type WithdrawalStatusFilter,
  type PayCardBank,
  type WithdrawRequest,
  PAYOUT_DEADLINE_MINUTES,
  type PayoutTimes,
  type PayoutTimesQuery,
} from '@aposta/contracts';
import { formatAmount, MoneyError, mulDiv, parseMoney, toMajor, toMinor } from '@aposta/money';
import { and, asc, count, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { containing, idList, pgCode, queryRows, type Executor, type Tx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import { dayBounds, hold, lockPlayerAccount, requestHash, settle, voidHold } from '../ledger';
import { withdrawable } from '../wallet';
import { activeBonuses } from '../wagering';
import {
  createOrder,
  eventsOf,
  listOrders,
  newOrderId,
  orderByKey,
  repeated,
  toRecord,
  transition,
  type OrderEventRow,
  type OrderRow,
} from './orders';
import { logOf, unavailable, type PaymentsDeps, type PlayerProfile } from './payments.deps';
import { paymentOrders, paymentWithdrawCounters } from './payments.tables';
import type { Outbox } from '../../platform/outbox';
import type { PayoutRail, PayoutState } from './providers/provider';
import { normalizeTronAddress } from './tron';

/**
 * A self-excluded player's payout (`payOutExcluded`): its request hash (a player's is a hex digest) and the note
 * of its first event, a code the back office names.
 */
const EXCLUSION_MARK = 'selfExclusion';

/** The queue's status filter by name. */
const STATUS_OF: Record<WithdrawalStatusFilter, OrderStatus | null> = {
  pending: OrderStatus.PENDING,
  paying: OrderStatus.PAYING,
  paid: OrderStatus.PAID,
  failed: OrderStatus.FAILED,
  rejected: OrderStatus.CANCELLED,
  all: null,
};

/** The operator queue's filters (contract `operatorWithdrawalsQuery`); amounts in reais. */
export interface WithdrawalsFilter {
  status: WithdrawalStatusFilter;
  /** Part of the player's e-mail; digits alone the player's id; or the order number. */
  q?: string;
  minAmount?: number;
  maxAmount?: number;
  from?: string;
  to?: string;
}

export interface WithdrawalsPageQuery extends WithdrawalsFilter {
  page: number;
  pageSize: number;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
}

function filterOf(f: WithdrawalsFilter): SQL | undefined {
  const status = STATUS_OF[f.status];
  const text = f.q;
  return and(
    eq(paymentOrders.type, RecordType.WITHDRAWAL),
    status ? eq(paymentOrders.status, status) : undefined,
    f.minAmount === undefined ? undefined : gte(paymentOrders.amount, toMinor(f.minAmount)),
    f.maxAmount === undefined ? undefined : lte(paymentOrders.amount, toMinor(f.maxAmount)),
    f.from ? gte(paymentOrders.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(paymentOrders.createdAt, new Date(f.to)) : undefined,
    text
      ? or(
          eq(paymentOrders.orderId, text),
          // Digits alone are a player's id (an integer column: at most 9 digits), not part of an e-mail.
          /^\d{1,9}$/.test(text)
            ? eq(paymentOrders.userId, Number(text))
            : sql`${paymentOrders.userId} in (select id from users where username ilike ${containing(text)})`,
        )
      : undefined,
  );
}

const refuse = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.UNPROCESSABLE, key, params);
/** A rail call still in flight may yet pay: 'none' releases a hold only after this long in PAYING. */
const PAYOUT_GRACE_MS = 10 * 60_000;
/**
 * How long approval waits for the rail before it aborts the call (its signal) and leaves the order PAYING for
 * reconciliation: well inside PAYOUT_GRACE_MS, so no call is still in flight when a hold is released.
 */
const PAYOUT_CALL_MS = 60_000;

/** The calendar day of the players (Brazil): the daily withdrawal count resets at midnight there. */
export function saoPauloDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
}

/**
 * The amount typed, in centavos, or null when empty or not above zero (rule 4 then answers). A string is read as a
 * Brazilian types it ("1.000,00", "R$ 100,00", "50,5"; "1000.50" too); anything else that is not an amount is
 * refused as such ('invalidAmount', 400), not with rule 4's minimum. One too large for the money library is
 * still more than the balance, which caps it (spec), as it caps any other.
 */
function amountOf(value: WithdrawRequest['amount']): number | null {
  if (value === undefined || value === '') return null;
  try {
    const minor = typeof value === 'string' ? parseMoney(value) : toMinor(value);
    return minor > 0 ? minor : null;
  } catch (err) {
    if (!(err instanceof MoneyError)) throw err;
    if (err.reason === 'tooLarge') return Number.MAX_SAFE_INTEGER;
    throw badRequest('invalidAmount');
  }
}

interface Payout {
  payCardBank: PayCardBank;
  payCardNo: string;
  ifsc: string;
  name: string;
  whatsapp: string;
}

/** The profile's `lx` that enables USDT withdrawals. */
const USDT_LX = '20';

/** Rule 6 and the payout key checks: type, account number, holder, WhatsApp; CPF/CNPJ/TRON validity. */
function payoutOf(body: WithdrawRequest, profile: PlayerProfile, usdtRate: number): Payout {
  const bank = body.payCardBank?.trim().toUpperCase() ?? '';
  const cardNo = body.payCardNo?.trim() ?? '';
  const name = body.name?.trim() ?? '';
  const whatsapp = body.whatsapp?.trim() ?? '';
  if (!bank || !cardNo || !whatsapp) throw badRequest('payoutInfoRequired');
  if (!(PAY_CARD_BANKS as readonly string[]).includes(bank)) throw badRequest('payoutTypeInvalid');
  if (bank === 'USDT') {
    if (profile.lx !== USDT_LX) throw new AppError(ErrorCode.FORBIDDEN, 'usdtNotAllowed');
    const address = normalizeTronAddress(cardNo);
    if (!address) throw badRequest('usdtAddressInvalid');
    return { payCardBank: 'USDT', payCardNo: address, ifsc: String(toMajor(usdtRate)), name, whatsapp };
  }
  if (!name) throw badRequest('payoutInfoRequired');
  if (bank === 'CPF') {
    const cpf = normalizeCpf(cardNo);
    if (!cpf) throw badRequest('cpfInvalid');
    return { payCardBank: 'CPF', payCardNo: cpf, ifsc: cpf, name, whatsapp };
  }
  const cnpj = normalizeCnpj(cardNo);
  if (!cnpj) throw badRequest('cnpjInvalid');
  return { payCardBank: 'CNPJ', payCardNo: cnpj, ifsc: cnpj, name, whatsapp };
}

/**
 * Who may be paid and to which key, asked when a withdrawal is requested and again when it is approved (the
 * profile may have been switched on, or the player's data changed, in between): the refusal's key, or null.
 */
function payeeRule(
  profile: PlayerProfile,
  payCardBank: string,
  payCardNo: string,
  jurisdiction: PaymentsDeps['config']['jurisdiction'],
): MessageKey | null {
  const bank = payCardBank.trim().toUpperCase();
  if (profile.testFlag === '1') return 'testAccountNoMoney';
  // Whatever the profile: money leaves only to a player whose name and CPF are on file.
  if (profile.kyc !== 1) return 'withdrawKycRequired';
  if (jurisdiction !== 'br') return null;
  // The Brazilian profile pays prizes only to the player's own account by PIX: never in USDT ...
  if (bank === 'USDT') return 'brUsdtOff';
  // ... and only to a PIX key in the player's own CPF (the one verified by KYC).
  if (bank !== 'CPF' || normalizeCpf(payCardNo) !== normalizeCpf(profile.cardNo)) return 'brPayoutOwnCpf';
  return null;
}

/** The player's block (an operator's, for fraud say), if any: a blocked player is not paid. */
async function blockOf(exec: Executor, userId: number) {
  const [blocked] = await queryRows<{ reason: string | null }>(
    exec,
    sql`select block_reason as reason from player_flags where user_id = ${userId} and blocked_at is not null`,
  );
  return blocked;
}

/** The CPF a payout may go to: the player's own, verified by KYC (none for a play-money test account). */
const payoutCpf = (profile: PlayerProfile | null) =>
  profile?.kyc === 1 && profile.testFlag !== '1' ? normalizeCpf(profile.cardNo) : null;

/**
 * Where a self-excluded player's payout stands, but for the CPF, in one read: `blocked` (the player's block),
 * `stopped` (an exclusion payout rejected or failed since `since`, the exclusion's start), `ordered` (a
 * withdrawal open: what came in since waits for it), or `due`; and the open withdrawal's order id.
 */
async function exclusionHold(exec: Executor, userId: number, since: string) {
  const [row] = await queryRows<{ open: string | null; stopped: boolean; blocked: boolean }>(
    exec,
    sql`select max(order_id) filter (where status in (${OrderStatus.PENDING}, ${OrderStatus.PAYING}, ${OrderStatus.PAYING_ALT})) as open,
          coalesce(bool_or(status in (${OrderStatus.CANCELLED}, ${OrderStatus.FAILED})
            and request_hash = ${EXCLUSION_MARK} and created_at >= ${since}::timestamptz), false) as stopped,
          exists (select 1 from player_flags where user_id = ${userId} and blocked_at is not null) as blocked
        from payment_orders where user_id = ${userId} and type = ${RecordType.WITHDRAWAL}`,
  );
  const state = row?.blocked ? 'blocked' : row?.stopped ? 'stopped' : row?.open ? 'ordered' : 'due';
  return { state, orderId: row?.open ?? null } as const;
}

/** Of these players, the ones whose real-money cash account has something free (one read for them all). */
async function withFreeCash<T extends { userId: number }>(exec: Executor, accounts: T[]): Promise<T[]> {
  if (!accounts.length) return [];
  const found = await queryRows<{ user_id: string | number }>(
    exec,
    sql`select user_id from ledger_accounts
        where user_id in (${idList(accounts.map((a) => a.userId))}) and kind = 'cash' and book = 'real'
          and currency = 'BRL' and balance > held`,
  );
  const ids = new Set(found.map((r) => Number(r.user_id)));
  return accounts.filter((a) => ids.has(a.userId));
}

/** A repeat of the request's key found under the lock: the transaction rolls back, the first is answered. */
class Repeat {
  constructor(readonly row: OrderRow) {}
}

/**
 * Withdrawals, walked route -> this service -> the ledger -> SQL: each state change is one database
 * transaction holding the order's change, its event and the one ledger call it needs (request: `hold`;
 * approval and reconciliation: `settle` or `voidHold`; rejection: `voidHold`); approval's PENDING -> PAYING
 * and a rail's unknown outcome are single statements. The other modules are read, never called back:
 * accounts for the profile, settings, the wallet's `withdrawable` (cash, requirement and VIP level in one
 * read).
 */
export function createWithdrawalsService(
  deps: PaymentsDeps & {
    payouts: PayoutRail | null;
    outbox: Pick<Outbox, 'emit'>;
    /** Tests: a shorter PAYOUT_CALL_MS. */
    payoutCallMs?: number;
  },
) {
  const { database, settings, bus, payouts, outbox } = deps;
  const now = deps.now ?? (() => new Date());
  /** The last order the reconciliation job asked about (see `reconcileDue`). */
  let reconcileAfter = 0;
  const lockedOf = deps.lockedOf ?? (async () => false);
  const log = logOf(deps);

  const vipRow = (s: Awaited<ReturnType<typeof settings.all>>, level: number) =>
    s['vip.table'][Math.min(Math.max(level, 0), s['vip.table'].length - 1)]!;

  async function usedToday(exec: Executor, userId: number): Promise<number> {
    const [row] = await exec
      .select({ count: paymentWithdrawCounters.count })
      .from(paymentWithdrawCounters)
      .where(
        and(eq(paymentWithdrawCounters.userId, userId), eq(paymentWithdrawCounters.day, saoPauloDay(now()))),
      );
    return row?.count ?? 0;
  }

  async function cardInfo(userId: number, profile: PlayerProfile): Promise<GetWithdrawAnswer['cardInfo']> {
    const last = await database.db
      .selectDistinctOn([paymentOrders.payCardBank])
      .from(paymentOrders)
      .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.type, RecordType.WITHDRAWAL)))
      .orderBy(paymentOrders.payCardBank, desc(paymentOrders.id));
    const info: GetWithdrawAnswer['cardInfo'] = {};
    if (profile.kyc === 1 && profile.cardNo) {
      info.CPF = { ifsc: profile.cardNo, payCardNo: profile.cardNo, name: profile.name, whatsapp: '' };
    }
    for (const o of last) {
      const entry: CardInfoEntry = {
        ifsc: o.ifsc ?? '',
        payCardNo: o.payCardNo ?? '',
        name: o.holderName ?? '',
        whatsapp: o.whatsapp ?? '',
      };
      if (o.payCardBank === 'CPF' || o.payCardBank === 'CNPJ') info[o.payCardBank] = entry;
      if (o.payCardBank === 'USDT' && profile.lx === USDT_LX) info.USDT = entry;
    }
    return info;
  }

  const target = (id: number) => ({ id, type: RecordType.WITHDRAWAL });

  /** A PENDING withdrawal order with its hold on the player's cash and its event, in the caller's `tx`. */
  async function openWithdrawal(
    tx: Tx,
    order: Omit<typeof paymentOrders.$inferInsert, 'type' | 'status' | 'holdId'> & {
      userId: number;
      amount: number;
    },
    note = '',
  ) {
    const { orderId, userId, amount } = order;
    const held = await hold(tx, {
      type: TxType.WITHDRAWAL,
      userId,
      amount,
      product: 'withdrawal',
      reference: orderId,
      idempotencyKey: `withdraw:${orderId}`,
    });
    await outbox.emit(tx, 'withdrawal.requested', { userId, orderId, amount });
    const values = {
      ...order,
      type: RecordType.WITHDRAWAL,
      status: OrderStatus.PENDING,
      holdId: String(held.txId),
    };
    return createOrder(tx, values, 'requested', note);
  }

  async function byId(exec: Executor, id: number) {
    const [row] = await exec
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.type, RecordType.WITHDRAWAL)));
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'orderNotFound');
    return row;
  }

  /** Why a transition from PENDING found nothing: no such withdrawal (404), or it is no longer pending. */
  async function notPending(exec: Executor, id: number): Promise<never> {
    await byId(exec, id);
    throw new AppError(ErrorCode.CONFLICT, 'withdrawalNotPending');
  }

  /** The operator's view of an order: the row just changed and its events, or both read afresh. */
  async function operatorView(id: number, row?: OrderRow): Promise<OperatorWithdrawal> {
    if (row) return toOperator(row, await eventsOf(database.db, row.orderId));
    const [item] = await listOrders(database.db, eq(paymentOrders.id, id), 1);
    return toOperator(item!.row, item!.events);
  }

  function toOperator(row: OrderRow, events: OrderEventRow[]): OperatorWithdrawal {
    return {
      ...toRecord(row, events, 'operator'),
      payCardNo: row.payCardNo,
      id: row.id,
      userId: row.userId,
      name: row.holderName ?? '',
      whatsapp: row.whatsapp ?? '',
      ifsc: row.ifsc ?? '',
    };
  }

  const byKey = (userId: number, key: string) => orderByKey(database.db, userId, RecordType.WITHDRAWAL, key);

  const repeat = (row: OrderRow, hash: string) =>
    repeated(row, hash, async (r) => {
      const [item] = await listOrders(database.db, eq(paymentOrders.id, r.id), 1);
      return toRecord(item!.row, item!.events);
    });

  const railOf = (): PayoutRail => {
    if (!payouts) throw unavailable();
    return payouts;
  };

  /**
   * A withdrawal that will not be paid: its hold back to the player, and the fact for their figures' push. One
   * the rail failed also gives its day's count back (the player did not withdraw; a rejected one keeps it).
   * Runs once per order: the caller's transition from PAYING or PENDING proves it.
   */
  async function release(tx: Tx, row: OrderRow, holdId: number, reason: 'failed' | 'rejected') {
    await voidHold(tx, { holdId, idempotencyKey: `withdraw-release:${row.orderId}`, ref: row.orderId });
    // A self-exclusion payout took none of the day's withdrawals.
    if (reason === 'failed' && row.requestHash !== EXCLUSION_MARK)
      await tx
        .update(paymentWithdrawCounters)
        .set({ count: sql`${paymentWithdrawCounters.count} - 1` })
        .where(
          and(
            eq(paymentWithdrawCounters.userId, row.userId),
            eq(paymentWithdrawCounters.day, saoPauloDay(row.createdAt)),
            sql`${paymentWithdrawCounters.count} > 0`,
          ),
        );
    await outbox.emit(tx, 'withdrawal.released', {
      userId: row.userId,
      orderId: row.orderId,
      amount: row.amount,
      reason,
    });
  }

  /**
   * Applies the rail's answer to a PAYING order, in one transaction: the order's change (which also proves it
   * is still PAYING and locks it) and the ledger call. Paid settles the hold, failed releases it, none (the
   * rail never received it) releases it once the approval is older than PAYOUT_GRACE_MS (a call still in
   * flight could yet pay), processing only keeps the reference. Idempotent. Answers the changed row.
   */
  async function applyPayout(order: OrderRow, state: PayoutState): Promise<OrderRow | undefined> {
    const ref = state.reference ? { providerRef: state.reference } : {};
    const holdId = Number(order.holdId);
    const paying = [OrderStatus.PAYING];
    let changed: OrderRow | undefined;
    if (state.status === 'paid') {
      changed = await database.transaction(async (tx) => {
        const row = await transition(tx, order, paying, OrderStatus.PAID, 'paid', ref, state.reference);
        if (!row) return undefined;
        const to: { kind: 'payment_clearing' | 'fees'; amount: number }[] = [
          { kind: 'payment_clearing', amount: row.amount - row.fee },
        ];
        if (row.fee > 0) to.push({ kind: 'fees', amount: row.fee });
        await settle(tx, {
          holdId,
          capture: row.amount,
          to,
          idempotencyKey: `withdraw-paid:${row.orderId}`,
          ref: row.orderId,
        });
        // Written with the payment: the player's notification follows its delivery (push module).
        await outbox.emit(tx, 'withdrawal.paid', {
          userId: row.userId,
          orderId: row.orderId,
          amount: row.amount,
          fee: row.fee,
        });
        return row;
      });
    } else if (state.status === 'failed' || state.status === 'none') {
      // Players see the order's notes: a fixed reason code here, the rail's own words in the server log.
      const note = state.status === 'none' ? 'payout_not_found' : 'payout_failed';
      if (state.status === 'failed')
        log.warn({ orderId: order.orderId, reason: state.reason }, 'payout refused by the rail');
      // 'none' only once the approval (the order's last change) is older than the grace period.
      const stale =
        state.status === 'none'
          ? lte(paymentOrders.updatedAt, new Date(now().getTime() - PAYOUT_GRACE_MS))
          : undefined;
      changed = await database.transaction(async (tx) => {
        const row = await transition(tx, order, paying, OrderStatus.FAILED, 'payoutFailed', ref, note, stale);
        if (!row) return undefined;
        await release(tx, row, holdId, 'failed');
        return row;
      });
    }
    // The player's figures follow the delivery of `withdrawal.paid` or `withdrawal.released`.
    if (changed) return changed;
    if (state.reference) {
      await database.db
        .update(paymentOrders)
        .set(ref)
        .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.status, OrderStatus.PAYING)));
    }
    return undefined;
  }

  /**
   * What a withdrawal does to active bonuses, for the confirm step: it takes cash only, so bonus money is kept
   * (not withdrawable, not forfeited) with its wagering still due.
   */
  async function bonusOutcome(userId: number): Promise<GetWithdrawAnswer['bonus']> {
    const list = await activeBonuses(database.db, userId);
    if (!list.length) return null;
    return {
      outcome: 'kept',
      amount: toMajor(list.reduce((a, b) => a + b.amount, 0)),
      wagerDue: toMajor(list.reduce((a, b) => a + b.remaining, 0)),
      count: list.length,
    };
  }

  return {
    async limits(userId: number): Promise<GetWithdrawAnswer> {
      const s = await settings.all();
      const profile = await deps.profileOf(userId);
      if (!profile) throw notFound();
      const { wdAmount, wagerDue, level } = await withdrawable(database.db, userId, s);
      const vip = vipRow(s, level);
      return {
        limitAmount: toMajor(s['withdraw.minAmount']),
        number: Math.max(0, vip.withdrawalsPerDay - (await usedToday(database.db, userId))),
        lock: await lockedOf(userId),
        wdAmount: toMajor(wdAmount),
        wagerDue: toMajor(wagerDue),
        usdtRate: toMajor(s['withdraw.usdtRate']),
        serviceAmount: vip.withdrawFeeBp / 10_000,
        maxAmount: Math.min(MAX_WITHDRAW_MAJOR, toMajor(s['withdraw.maxAmount'])),
        bonus: await bonusOutcome(userId),
        cardInfo: await cardInfo(userId, profile),
      };
    },

    /**
     * The spec's six checks in order, then the payout key, in one transaction under the player's cash-account
     * lock: the count (an upsert that refuses past the VIP limit), the withdrawable amount and the VIP level
     * (one read), the hold and the order with its event. Concurrent requests can neither overdraw the
     * withdrawable amount nor pass the daily count; a refusal rolls the count back.
     */
    async request(userId: number, body: WithdrawRequest, idempotencyKey: string, lang: LanguageKey) {
      const hash = requestHash('withdraw', body);
      const existing = await byKey(userId, idempotencyKey);
      if (existing) return repeat(existing, hash);

      const profile = await deps.profileOf(userId);
      if (!profile) throw notFound();
      const rule = payeeRule(profile, body.payCardBank ?? '', body.payCardNo ?? '', deps.config.jurisdiction);
      if (rule) throw new AppError(ErrorCode.FORBIDDEN, rule);
      const s = await settings.all();
      const { locale } = languageEntry(lang);
      const shown = (minor: number) => formatAmount(minor, 'BRL', locale);

      if (await lockedOf(userId)) throw refuse('withdrawLocked');
      const orderId = newOrderId('W', now());
      let created: { row: OrderRow; event: OrderEventRow };
      try {
        created = await database.transaction(async (tx) => {
          await lockPlayerAccount(tx, userId, 'cash', 'BRL');
          // The same key sent twice at once: the second waited for the lock and answers the first.
          const first = await orderByKey(tx, userId, RecordType.WITHDRAWAL, idempotencyKey);
          if (first) throw new Repeat(first);
          const { balance, wdAmount, level } = await withdrawable(tx, userId, s);
          const vip = vipRow(s, level);
          // Rule 2: counted first (a later refusal rolls the count back); no row means the day's are used.
          const counted =
            vip.withdrawalsPerDay < 1
              ? []
              : await tx
                  .insert(paymentWithdrawCounters)
                  .values({ userId, day: saoPauloDay(now()), count: 1 })
                  .onConflictDoUpdate({
                    target: [paymentWithdrawCounters.userId, paymentWithdrawCounters.day],
                    set: { count: sql`${paymentWithdrawCounters.count} + 1` },
                    setWhere: sql`${paymentWithdrawCounters.count} < ${vip.withdrawalsPerDay}`,
                  })
                  .returning({ count: paymentWithdrawCounters.count });
          if (!counted.length) throw refuse('withdrawNoneLeft');
          if (wdAmount <= 0) throw refuse('withdrawNothing');
          const typed = amountOf(body.amount);
          const amount = typed === null ? null : Math.min(typed, balance);
          const min = s['withdraw.minAmount'];
          if (amount === null || amount < min) throw refuse('withdrawMinimum', { amount: shown(min) });
          const max = Math.min(wdAmount, s['withdraw.maxAmount'], MAX_WITHDRAW_MAJOR * 100);
          if (amount > max) throw refuse('withdrawMaximum', { amount: shown(max) });
          const payout = payoutOf(body, profile, s['withdraw.usdtRate']);

          const fee = mulDiv(amount, vip.withdrawFeeBp, 10_000, 'down');
          // A fee that takes it all (a 100% setting) leaves nothing to pay out: no rail pays R$ 0, nor could
          // the hold be settled, so the order would stay PAYING with the player's money held for ever.
          if (amount - fee <= 0) throw refuse('withdrawMinimum', { amount: shown(min) });
          // The app shows USDT as amount / rate - 1 (a 1 USDT network fee), on what the player receives.
          const usdtMicro =
            payout.payCardBank === 'USDT'
              ? mulDiv(amount - fee, 1_000_000, s['withdraw.usdtRate'], 'down') - 1_000_000
              : null;
          if (usdtMicro !== null && usdtMicro <= 0) throw refuse('withdrawMinimum', { amount: shown(min) });

          return openWithdrawal(tx, {
            orderId,
            userId,
            amount,
            fee,
            payCardBank: payout.payCardBank,
            payCardNo: payout.payCardNo,
            ifsc: payout.ifsc,
            holderName: payout.name,
            whatsapp: payout.whatsapp,
            usdtRate: payout.payCardBank === 'USDT' ? s['withdraw.usdtRate'] : null,
            usdtMicro,
            idempotencyKey,
            requestHash: hash,
          });
        });
      } catch (err) {
        if (err instanceof Repeat) return repeat(err.row, hash);
        if (pgCode(err) === '23505') {
          const first = await byKey(userId, idempotencyKey);
          if (first) return repeat(first, hash);
        }
        throw err;
      }
      // The player's figures follow the delivery of `withdrawal.requested`. The answer is built from what the transaction wrote: a repeat reads the same row and event.
      return repeated(created.row, hash, (row) => toRecord(row, [created.event]));
    },

    /**
     * A self-excluded player may not sign in for 180 days or more, so cannot withdraw: their cash is sent to
     * them instead, as a withdrawal to the PIX key of their own verified CPF. It waits for the operators'
     * review like any other (the AML look, the 120-minute payout alert) but without the rules a player's
     * request meets: no daily count, minimum or fee, and the deposits' wagering requirement waived (their
     * own money goes back to their own account). One open order per player, capped at the largest payout;
     * what comes in later (a bet settled after the exclusion) goes on a later run. Left to the operators: a
     * player whose exclusion payout was rejected or failed since `since` (the exclusion's start), a blocked
     * one, one without a verified CPF. One player's error is logged and the run goes on. Answers the orders
     * made.
     */
    async payOutExcluded(accounts: { userId: number; since: string }[]): Promise<string[]> {
      const s = await settings.all();
      const made: string[] = [];
      // Most excluded players have nothing left: one read without a lock leaves them out.
      for (const { userId, since } of await withFreeCash(database.db, accounts)) {
        try {
          const profile = await deps.profileOf(userId);
          const cpf = payoutCpf(profile);
          if (!profile || !cpf) continue;
          const orderId = newOrderId('W', now());
          const ordered = await database.transaction(async (tx) => {
            await lockPlayerAccount(tx, userId, 'cash', 'BRL');
            if ((await exclusionHold(tx, userId, since)).state !== 'due') return false;
            const amount = Math.min(
              (await withdrawable(tx, userId, s)).balance,
              s['withdraw.maxAmount'],
              MAX_WITHDRAW_MAJOR * 100,
            );
            if (amount <= 0) return false;
            await openWithdrawal(
              tx,
              {
                orderId,
                userId,
                amount,
                fee: 0,
                payCardBank: 'CPF',
                payCardNo: cpf,
                ifsc: cpf,
                holderName: profile.name,
                whatsapp: '',
                // A key no player can send (theirs match ^[\w.:-]+$), and a mark only the server writes.
                idempotencyKey: `self-exclusion/${orderId}`,
                requestHash: EXCLUSION_MARK,
              },
              EXCLUSION_MARK,
            );
            return true;
          });
          if (ordered) made.push(orderId);
        } catch (err) {
          log.error({ err, userId }, 'self-exclusion payout failed');
        }
      }
      return made;
    },

    /**
     * The self-excluded accounts (`rg.selfExcludedAccounts()`) still holding cash, each with where its payout
     * stands (`EXCLUSION_BALANCE_STATES`): the ones left to the operators first, then by player.
     */
    async exclusionBalances(accounts: { userId: number; since: string }[]): Promise<ExclusionBalance[]> {
      const s = await settings.all();
      const list: ExclusionBalance[] = [];
      for (const { userId, since } of await withFreeCash(database.db, accounts)) {
        const cash = (await withdrawable(database.db, userId, s)).balance;
        if (cash <= 0) continue;
        const profile = await deps.profileOf(userId);
        const hold = await exclusionHold(database.db, userId, since);
        // A block or a stopped payout first: the job pays none of them, with or without a CPF.
        const state =
          hold.state === 'blocked' || hold.state === 'stopped' || payoutCpf(profile)
            ? hold.state
            : 'noVerifiedCpf';
        list.push({
          userId,
          username: profile?.username ?? '',
          since,
          cash: toMajor(cash),
          state,
          orderId: hold.orderId,
        });
      }
      const waiting = (b: ExclusionBalance) => (b.state === 'due' || b.state === 'ordered' ? 1 : 0);
      return list.sort((a, b) => waiting(a) - waiting(b) || a.userId - b.userId);
    },

    /**
     * Withdrawals requested over the last `days` (default 7) or on the São Paulo days `from`..`to`, by how
     * long they took from request to paid, against the 120-minute payout deadline, and the unpaid ones waiting
     * `withdraw.payoutAlertMinutes` (90) or more (oldest first).
     */
    async payoutTimes(period: PayoutTimesQuery): Promise<PayoutTimes> {
      const deadline = PAYOUT_DEADLINE_MINUTES;
      const alertAt = await settings.get('withdraw.payoutAlertMinutes');
      let requested: SQL;
      if (period.from !== undefined && period.to !== undefined) {
        const { start, end } = dayBounds({ from: period.from, to: period.to });
        requested = sql`o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz`;
      } else {
        requested = sql`o.created_at >= now() - make_interval(days => ${period.days ?? 7})`;
      }
      const result = (await database.db.execute(
        sql`with w as (
              select o.order_id, o.status, o.created_at,
                (select min(e.at) from payment_order_events e where e.order_id = o.order_id and e.event = 'paid') as paid_at
              from payment_orders o
              where o.type = ${RecordType.WITHDRAWAL} and ${requested}
            )
            select order_id, status,
              floor(extract(epoch from coalesce(paid_at, now()) - created_at) / 60)::int as minutes,
              paid_at is not null as paid
            from w where paid_at is not null or status in (${OrderStatus.PENDING}, ${OrderStatus.PAYING}, ${OrderStatus.PAYING_ALT})
            order by created_at`,
      )) as unknown as { rows: { order_id: string; minutes: number; paid: boolean }[] };
      const paid = result.rows.filter((r) => r.paid).map((r) => Number(r.minutes));
      return {
        deadlineMinutes: deadline,
        enforced: deps.config.jurisdiction === 'br',
        alertMinutes: alertAt,
        paid: {
          within30: paid.filter((m) => m <= 30).length,
          within60: paid.filter((m) => m > 30 && m <= 60).length,
          within120: paid.filter((m) => m > 60 && m <= deadline).length,
          late: paid.filter((m) => m > deadline).length,
          slowestMinutes: paid.length ? Math.max(...paid) : null,
        },
        open: result.rows
          .filter((r) => !r.paid && Number(r.minutes) >= alertAt)
          .map((r) => ({
            orderId: r.order_id,
            minutesWaiting: Number(r.minutes),
            late: Number(r.minutes) > deadline,
          })),
      };
    },

    /**
     * Under the Brazilian profile (prizes paid within 120 minutes): flags each withdrawal still unpaid
     * `withdraw.payoutAlertMinutes` after its request, once (the order's `flag`, set by one statement, so two nodes
     * never alert twice), and alerts the operators on duty (their sockets) and the log. Answers how many.
     */
    async alertOverdue(): Promise<number> {
      if (deps.config.jurisdiction !== 'br') return 0;
      const minutes = await settings.get('withdraw.payoutAlertMinutes');
      const result = (await database.db.execute(
        sql`update payment_orders set flag = 'payoutOverdue', updated_at = now()
            where type = ${RecordType.WITHDRAWAL} and flag is null
              and status in (${OrderStatus.PENDING}, ${OrderStatus.PAYING}, ${OrderStatus.PAYING_ALT})
              and created_at <= now() - make_interval(mins => ${minutes})
            returning order_id, user_id, floor(extract(epoch from now() - created_at) / 60)::int as minutes`,
      )) as unknown as { rows: { order_id: string; user_id: number; minutes: number }[] };
      for (const r of result.rows) {
        const alert = {
          kind: 'payoutOverdue' as const,
          orderId: r.order_id,
          userId: Number(r.user_id),
          minutesWaiting: Number(r.minutes),
          deadlineMinutes: PAYOUT_DEADLINE_MINUTES,
        };
        log.warn(alert, 'withdrawal nearing its 120-minute payout deadline');
        await bus.publish('operator.alert', alert);
      }
      return result.rows.length;
    },

    /** The newest `limit` withdrawals that match, newest first (the queue's older, unpaged form). */
    async list(filter: WithdrawalsFilter, limit = 200): Promise<OperatorWithdrawal[]> {
      return (await listOrders(database.db, filterOf(filter), limit)).map(({ row, events }) =>
        toOperator(row, events),
      );
    },

    /** A page of the withdrawals that match, sorted, with how many match in all and each player's e-mail. */
    async page(q: WithdrawalsPageQuery): Promise<{ list: OperatorWithdrawalRow[]; total: number }> {
      const where = filterOf(q);
      const dir = q.order === 'asc' ? asc : desc;
      const column = q.sort === 'amount' ? paymentOrders.amount : paymentOrders.createdAt;
      const order = [dir(column), dir(paymentOrders.id)];
      const [items, [total]] = await Promise.all([
        listOrders(database.db, where, q.pageSize, (q.page - 1) * q.pageSize, order),
        database.db.select({ n: count() }).from(paymentOrders).where(where),
      ]);
      const players = [...new Set(items.map(({ row }) => row.userId))];
      const emails = new Map(
        players.length
          ? (
              await queryRows<{ id: number; username: string }>(
                database.db,
                sql`select id, username from users where id in (${idList(players)})`,
              )
            ).map((u) => [Number(u.id), u.username] as const)
          : [],
      );
      return {
        total: Number(total?.n ?? 0),
        list: items.map(({ row, events }) => ({
          ...toOperator(row, events),
          email: emails.get(row.userId) ?? '',
        })),
      };
    },

    /**
     * Approves a pending withdrawal and pays it through the payout rail; a refusal releases the hold. The
     * order is PAYING (one statement, committed) before the rail is called, and the rail is idempotent by
     * order id, so a throw or a crash leaves a PAYING order with its hold open that reconciliation settles.
     */
    async approve(id: number): Promise<OperatorWithdrawal> {
      const rail = railOf();
      // The payee rules again, as they stand now: a refusal rolls the approval back, the order stays PENDING
      // with its hold, for the operator to reject (which gives the money back) or to approve once it passes.
      const order = await database.transaction(async (tx) => {
        const row =
          (await transition(tx, target(id), [OrderStatus.PENDING], OrderStatus.PAYING, 'approved')) ??
          (await notPending(tx, id));
        const profile = await deps.profileOf(row.userId, tx);
        const rule = profile
          ? (payeeRule(profile, row.payCardBank ?? '', row.payCardNo ?? '', deps.config.jurisdiction) ??
            (row.payCardBank === 'USDT' && profile.lx !== USDT_LX ? 'usdtNotAllowed' : null))
          : 'withdrawKycRequired';
        if (rule) throw new AppError(ErrorCode.CONFLICT, 'withdrawalPayeeRefused', {}, { data: { rule } });
        // A player blocked (for fraud, say) is not paid: unblocking first is a decision of its own, audited.
        const blocked = await blockOf(tx, row.userId);
        if (blocked)
          throw new AppError(
            ErrorCode.CONFLICT,
            'withdrawalAccountBlocked',
            { reason: blocked.reason ?? '—' },
            { data: { rule: 'accountBlocked' } },
          );
        return row;
      });
      let result: PayoutState;
      // A call that outlives PAYOUT_CALL_MS is aborted and treated as a throw: its late answer is never
      // applied, and reconciliation (not before PAYOUT_GRACE_MS) settles the order by the rail's word.
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      try {
        result = await Promise.race([
          rail.createPayout(
            {
              orderId: order.orderId,
              amount: order.amount - order.fee,
              method: order.payCardBank as PayCardBank,
              key: order.payCardNo ?? '',
              name: order.holderName ?? '',
              ...(order.usdtMicro !== null ? { usdtMicro: order.usdtMicro } : {}),
            },
            abort.signal,
          ),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              abort.abort();
              reject(new Error('payout call timed out'));
            }, deps.payoutCallMs ?? PAYOUT_CALL_MS);
          }),
        ]);
      } catch (err) {
        // The rail may have paid: the order stays PAYING with its hold; only the rail's answer settles it.
        log.error({ err, orderId: order.orderId }, 'payout outcome unknown');
        const paying = [OrderStatus.PAYING];
        await transition(
          database.db,
          order,
          paying,
          OrderStatus.PAYING,
          'payoutError',
          {},
          'payout_outcome_unknown',
        );
        throw unavailable();
      } finally {
        clearTimeout(timer);
      }
      return operatorView(id, await applyPayout(order, result));
    },

    /** Asks the rail about one PAYING withdrawal and settles or releases its hold by the answer. */
    async reconcile(id: number): Promise<OperatorWithdrawal> {
      const rail = railOf();
      const order = await byId(database.db, id);
      if (order.status !== OrderStatus.PAYING) throw new AppError(ErrorCode.CONFLICT, 'withdrawalNotPending');
      let state: PayoutState;
      try {
        state = await rail.queryPayout(order.orderId);
      } catch (err) {
        log.error({ err, orderId: order.orderId }, 'payout query failed');
        throw unavailable();
      }
      return operatorView(id, await applyPayout(order, state));
    },

    /**
     * Reconciles the PAYING withdrawals (a periodic job), `limit` a run, round the queue: each run starts after
     * the last order the previous one asked about, so payouts the rail keeps "processing" cannot hold the newer
     * ones back for ever. Returns how many were asked about.
     */
    async reconcileDue(limit = 100): Promise<number> {
      if (!payouts) return 0;
      const due = await database.db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.type, RecordType.WITHDRAWAL),
            eq(paymentOrders.status, OrderStatus.PAYING),
            gt(paymentOrders.id, reconcileAfter),
          ),
        )
        .orderBy(paymentOrders.id)
        .limit(limit);
      // A full page: the next run goes on from here; a short one reached the end, the next starts over.
      reconcileAfter = due.length === limit ? due.at(-1)!.id : 0;
      for (const o of due) {
        const state = await payouts.queryPayout(o.orderId).catch((err: unknown) => {
          log.error({ err, orderId: o.orderId }, 'payout query failed');
          return null;
        });
        if (state) await applyPayout(o, state);
      }
      return due.length;
    },

    /** Rejects a pending withdrawal: the hold goes back to the player (one transaction). */
    async reject(id: number, reason = ''): Promise<OperatorWithdrawal> {
      const order = await database.transaction(async (tx) => {
        const row =
          (await transition(
            tx,
            target(id),
            [OrderStatus.PENDING],
            OrderStatus.CANCELLED,
            'rejected',
            {},
            reason,
          )) ?? (await notPending(tx, id));
        await release(tx, row, Number(row.holdId), 'rejected');
        return row;
      });
      return operatorView(id, order);
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
