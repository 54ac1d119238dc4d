import {
  ErrorCode,
  LANGUAGES,
  MAX_WITHDRAW_MAJOR,
  normalizeCnpj,
  normalizeCpf,
  OrderStatus,
  PAY_CARD_BANKS,
  RecordType,
  TxType,
  type CardInfoEntry,
  type GetWithdrawAnswer,
  type LanguageKey,
  type OperatorWithdrawal,
  type PayCardBank,
  type WithdrawRequest,
} from '@aposta/contracts';
import { formatAmount, MoneyError, mulDiv, toMajor, toMinor } from '@aposta/money';
import { and, desc, eq, sql } from 'drizzle-orm';
import { pgCode, type Executor } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import { hold, lockPlayerAccount, requestHash, settle, voidHold } from '../ledger';
import type { Settings } from '../settings';
import { withdrawable } from '../wallet';
import {
  listOrders,
  newOrderId,
  orderByKey,
  record,
  repeated,
  toRecord,
  transition,
  type OrderRow,
} from './orders';
import { logOf, unavailable, type PaymentsDeps, type PlayerProfile } from './payments.deps';
import { paymentOrders, paymentWithdrawCounters } from './payments.tables';
import type { PayoutRail, PayoutState } from './providers/provider';
import { normalizeTronAddress } from './tron';

const refuse = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(ErrorCode.UNPROCESSABLE, key, params);
/** A rail call still in flight may yet pay: 'none' releases a hold only after this long in PAYING. */
const PAYOUT_GRACE_MS = 10 * 60_000;

/** The calendar day of the players (Brazil): the daily withdrawal count resets at midnight there. */
export function saoPauloDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
}

/** The amount typed, in centavos, or null when empty or not an amount (rule 4 then answers). */
function amountOf(value: WithdrawRequest['amount']): number | null {
  if (value === undefined || value === '') return null;
  try {
    const minor = toMinor(typeof value === 'string' ? value.replace(',', '.') : value);
    return minor > 0 ? minor : null;
  } catch (err) {
    if (err instanceof MoneyError) return null;
    throw err;
  }
}

interface Payout {
  payCardBank: PayCardBank;
  payCardNo: string;
  ifsc: string;
  name: string;
  whatsapp: string;
}

/** Rule 6 and the payout key checks: type, account number, holder, WhatsApp; CPF/CNPJ/TRON validity. */
function payoutOf(body: WithdrawRequest, profile: PlayerProfile, usdtRate: number): Payout {
  const bank = body.payCardBank?.trim().toUpperCase() ?? '';
  const cardNo = body.payCardNo?.trim() ?? '';
  const name = body.name?.trim() ?? '';
  const whatsapp = body.whatsapp?.trim() ?? '';
  if (!bank || !cardNo || !whatsapp) throw badRequest('payoutInfoRequired');
  if (!(PAY_CARD_BANKS as readonly string[]).includes(bank)) throw badRequest('payoutTypeInvalid');
  if (bank === 'USDT') {
    if (profile.lx !== '20') throw new AppError(ErrorCode.FORBIDDEN, 'usdtNotAllowed');
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

export function createWithdrawalsService(deps: PaymentsDeps & { payouts: PayoutRail | null }) {
  const { database, settings, bus, payouts } = deps;
  const now = deps.now ?? (() => new Date());
  const lockedOf = deps.lockedOf ?? (async () => false);
  const log = logOf(deps);

  const vipOf = async (userId: number, s: Settings) => {
    const level = Math.min(Math.max(await deps.levelOf(userId), 0), s['vip.table'].length - 1);
    return s['vip.table'][level]!;
  };

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
      if (o.payCardBank === 'USDT' && profile.lx === '20') info.USDT = entry;
    }
    return info;
  }

  async function byId(exec: Executor, id: number, lock = false) {
    const q = exec
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, id), eq(paymentOrders.type, RecordType.WITHDRAWAL)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'orderNotFound');
    return row;
  }

  async function operatorView(id: number): Promise<OperatorWithdrawal> {
    const [item] = await listOrders(database.db, eq(paymentOrders.id, id), 1);
    return toOperator(item!.row, item!.events);
  }

  function toOperator(row: OrderRow, events: Parameters<typeof toRecord>[1]): OperatorWithdrawal {
    return {
      ...toRecord(row, events),
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
   * Applies the rail's answer to a PAYING order under its row lock: paid settles the hold, failed releases
   * it, none (the rail never received it) releases it once the approval is older than PAYOUT_GRACE_MS (a
   * call still in flight could yet pay), processing only keeps the reference. Idempotent.
   */
  async function applyPayout(id: number, state: PayoutState) {
    const changed = await database.transaction(async (tx) => {
      const order = await byId(tx, id, true);
      if (order.status !== OrderStatus.PAYING) return false;
      const ref = state.reference ? { providerRef: state.reference } : {};
      const holdId = Number(order.holdId);
      if (state.status === 'paid') {
        const to: { kind: 'payment_clearing' | 'fees'; amount: number }[] = [
          { kind: 'payment_clearing', amount: order.amount - order.fee },
        ];
        if (order.fee > 0) to.push({ kind: 'fees', amount: order.fee });
        await settle(tx, {
          holdId,
          capture: order.amount,
          to,
          idempotencyKey: `withdraw-paid:${order.orderId}`,
          ref: order.orderId,
        });
        return transition(tx, order, [OrderStatus.PAYING], OrderStatus.PAID, 'paid', ref, state.reference);
      }
      const stale = now().getTime() - order.updatedAt.getTime() >= PAYOUT_GRACE_MS;
      if (state.status === 'failed' || (state.status === 'none' && stale)) {
        await voidHold(tx, {
          holdId,
          idempotencyKey: `withdraw-release:${order.orderId}`,
          ref: order.orderId,
        });
        const note = state.status === 'none' ? 'payout_not_found' : (state.reason ?? '');
        return transition(tx, order, [OrderStatus.PAYING], OrderStatus.FAILED, 'payoutFailed', ref, note);
      }
      if (state.reference) await tx.update(paymentOrders).set(ref).where(eq(paymentOrders.id, id));
      return false;
    });
    if (changed) {
      const [row] = await database.db
        .select({ userId: paymentOrders.userId })
        .from(paymentOrders)
        .where(eq(paymentOrders.id, id));
      await bus.publish('balance.changed', { userId: row!.userId });
    }
  }

  return {
    async limits(userId: number): Promise<GetWithdrawAnswer> {
      const s = await settings.all();
      const profile = await deps.profileOf(userId);
      if (!profile) throw notFound();
      const vip = await vipOf(userId, s);
      const { wdAmount, wagerDue } = await withdrawable(database.db, userId, s['wagering.depositMultiplier']);
      return {
        limitAmount: toMajor(s['withdraw.minAmount']),
        number: Math.max(0, vip.withdrawalsPerDay - (await usedToday(database.db, userId))),
        lock: await lockedOf(userId),
        wdAmount: toMajor(wdAmount),
        wagerDue: toMajor(wagerDue),
        usdtRate: toMajor(s['withdraw.usdtRate']),
        serviceAmount: vip.withdrawFeeBp / 10_000,
        maxAmount: Math.min(MAX_WITHDRAW_MAJOR, toMajor(s['withdraw.maxAmount'])),
        cardInfo: await cardInfo(userId, profile),
      };
    },

    /**
     * The spec's six checks in order, then the payout key; the amount is held in the same transaction that
     * counts the request, under the player's cash-account lock, so concurrent requests cannot overdraw the
     * withdrawable amount nor pass the daily count.
     */
    async request(userId: number, body: WithdrawRequest, idempotencyKey: string, lang: LanguageKey) {
      const hash = requestHash('withdraw', body);
      const existing = await byKey(userId, idempotencyKey);
      if (existing) return repeat(existing, hash);

      const profile = await deps.profileOf(userId);
      if (!profile) throw notFound();
      if (profile.testFlag === '1') throw new AppError(ErrorCode.FORBIDDEN, 'testAccountNoMoney');
      // Whatever the profile: money leaves only to a player whose name and CPF are on file.
      if (profile.kyc !== 1) throw new AppError(ErrorCode.FORBIDDEN, 'withdrawKycRequired');
      const s = await settings.all();
      const vip = await vipOf(userId, s);
      const locale = LANGUAGES.find((l) => l.key === lang)?.locale ?? 'pt-BR';
      const shown = (minor: number) => formatAmount(minor, 'BRL', locale);

      if (await lockedOf(userId)) throw refuse('withdrawLocked');
      const orderId = newOrderId('W', now());
      let created: { row: OrderRow; fresh: boolean };
      try {
        created = await database.transaction(async (tx) => {
          await lockPlayerAccount(tx, userId, 'cash', 'BRL');
          // The same key sent twice at once: the second waited for the lock and answers the first.
          const first = await orderByKey(tx, userId, RecordType.WITHDRAWAL, idempotencyKey);
          if (first) return { row: first, fresh: false };
          if (vip.withdrawalsPerDay - (await usedToday(tx, userId)) < 1) throw refuse('withdrawNoneLeft');
          const { balance, wdAmount } = await withdrawable(tx, userId, s['wagering.depositMultiplier']);
          if (wdAmount <= 0) throw refuse('withdrawNothing');
          const typed = amountOf(body.amount);
          const amount = typed === null ? null : Math.min(typed, balance);
          const min = s['withdraw.minAmount'];
          if (amount === null || amount < min) throw refuse('withdrawMinimum', { amount: shown(min) });
          const max = Math.min(wdAmount, s['withdraw.maxAmount'], MAX_WITHDRAW_MAJOR * 100);
          if (amount > max) throw refuse('withdrawMaximum', { amount: shown(max) });
          const payout = payoutOf(body, profile, s['withdraw.usdtRate']);

          const fee = mulDiv(amount, vip.withdrawFeeBp, 10_000, 'down');
          // The app shows USDT as amount / rate - 1 (a 1 USDT network fee), on what the player receives.
          const usdtMicro =
            payout.payCardBank === 'USDT'
              ? mulDiv(amount - fee, 1_000_000, s['withdraw.usdtRate'], 'down') - 1_000_000
              : null;
          if (usdtMicro !== null && usdtMicro <= 0) throw refuse('withdrawMinimum', { amount: shown(min) });

          const counted = await tx
            .insert(paymentWithdrawCounters)
            .values({ userId, day: saoPauloDay(now()), count: 1 })
            .onConflictDoUpdate({
              target: [paymentWithdrawCounters.userId, paymentWithdrawCounters.day],
              set: { count: sql`${paymentWithdrawCounters.count} + 1` },
              setWhere: sql`${paymentWithdrawCounters.count} < ${vip.withdrawalsPerDay}`,
            })
            .returning({ count: paymentWithdrawCounters.count });
          if (!counted.length) throw refuse('withdrawNoneLeft');

          const held = await hold(tx, {
            type: TxType.WITHDRAWAL,
            userId,
            amount,
            product: 'withdrawal',
            reference: orderId,
            idempotencyKey: `withdraw:${orderId}`,
          });
          const [row] = await tx
            .insert(paymentOrders)
            .values({
              orderId,
              type: RecordType.WITHDRAWAL,
              userId,
              status: OrderStatus.PENDING,
              amount,
              fee,
              payCardBank: payout.payCardBank,
              payCardNo: payout.payCardNo,
              ifsc: payout.ifsc,
              holderName: payout.name,
              whatsapp: payout.whatsapp,
              usdtRate: payout.payCardBank === 'USDT' ? s['withdraw.usdtRate'] : null,
              usdtMicro,
              holdId: String(held.txId),
              idempotencyKey,
              requestHash: hash,
            })
            .returning();
          await record(tx, orderId, OrderStatus.PENDING, 'requested');
          return { row: row!, fresh: true };
        });
      } catch (err) {
        if (pgCode(err) === '23505') {
          const first = await byKey(userId, idempotencyKey);
          if (first) return repeat(first, hash);
        }
        throw err;
      }
      if (created.fresh) await bus.publish('balance.changed', { userId });
      return repeat(created.row, hash);
    },

    async list(status: OrderStatus | null, limit = 200): Promise<OperatorWithdrawal[]> {
      const where = and(
        eq(paymentOrders.type, RecordType.WITHDRAWAL),
        status ? eq(paymentOrders.status, status) : undefined,
      );
      return (await listOrders(database.db, where, limit)).map(({ row, events }) => toOperator(row, events));
    },

    /**
     * Approves a pending withdrawal and pays it through the payout rail; a refusal releases the hold. The
     * order is PAYING (committed) before the rail is called, and the rail is idempotent by order id, so a
     * throw or a crash leaves a PAYING order with its hold open that reconciliation settles.
     */
    async approve(id: number): Promise<OperatorWithdrawal> {
      const rail = railOf();
      const order = await database.transaction(async (tx) => {
        const row = await byId(tx, id, true);
        if (!(await transition(tx, row, [OrderStatus.PENDING], OrderStatus.PAYING, 'approved'))) {
          throw new AppError(ErrorCode.CONFLICT, 'withdrawalNotPending');
        }
        return row;
      });
      let result: PayoutState;
      try {
        result = await rail.createPayout({
          orderId: order.orderId,
          amount: order.amount - order.fee,
          method: order.payCardBank as PayCardBank,
          key: order.payCardNo ?? '',
          name: order.holderName ?? '',
          ...(order.usdtMicro !== null ? { usdtMicro: order.usdtMicro } : {}),
        });
      } catch (err) {
        // The rail may have paid: the order stays PAYING with its hold; only the rail's answer settles it.
        log.error({ err, orderId: order.orderId }, 'payout outcome unknown');
        await database.transaction((tx) =>
          transition(
            tx,
            order,
            [OrderStatus.PAYING],
            OrderStatus.PAYING,
            'payoutError',
            {},
            'payout_outcome_unknown',
          ),
        );
        throw unavailable();
      }
      await applyPayout(id, result);
      return operatorView(id);
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
      await applyPayout(id, state);
      return operatorView(id);
    },

    /** Reconciles the PAYING withdrawals (a periodic job); returns how many were asked about. */
    async reconcileDue(limit = 100): Promise<number> {
      if (!payouts) return 0;
      const due = await database.db
        .select({ id: paymentOrders.id, orderId: paymentOrders.orderId })
        .from(paymentOrders)
        .where(
          and(eq(paymentOrders.type, RecordType.WITHDRAWAL), eq(paymentOrders.status, OrderStatus.PAYING)),
        )
        .orderBy(paymentOrders.id)
        .limit(limit);
      for (const o of due) {
        const state = await payouts.queryPayout(o.orderId).catch((err: unknown) => {
          log.error({ err, orderId: o.orderId }, 'payout query failed');
          return null;
        });
        if (state) await applyPayout(o.id, state);
      }
      return due.length;
    },

    /** Rejects a pending withdrawal: the hold goes back to the player. */
    async reject(id: number, reason = ''): Promise<OperatorWithdrawal> {
      const order = await database.transaction(async (tx) => {
        const row = await byId(tx, id, true);
        if (row.status !== OrderStatus.PENDING)
          throw new AppError(ErrorCode.CONFLICT, 'withdrawalNotPending');
        await voidHold(tx, {
          holdId: Number(row.holdId),
          idempotencyKey: `withdraw-release:${row.orderId}`,
          ref: row.orderId,
        });
        await transition(tx, row, [OrderStatus.PENDING], OrderStatus.CANCELLED, 'rejected', {}, reason);
        return row;
      });
      await bus.publish('balance.changed', { userId: order.userId });
      return operatorView(id);
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
