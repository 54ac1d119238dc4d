import {
  ErrorCode,
  normalizeCpf,
  OrderStatus,
  RecordType,
  TxType,
  type PrePayAnswer,
} from '@aposta/contracts';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { pgCode, savepoint, type Tx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { hasNul } from '../../platform/http';
import type { Jobs } from '../../platform/jobs';
import type { Outbox } from '../../platform/outbox';
import './payments.events';
import { post, requestHash } from '../ledger';
import { recordCredit } from '../wagering';
import { AWAITING_PIX, orderByKey, newOrderId, record, repeated, transition, type OrderRow } from './orders';
import type { Settings } from '../settings';
import type { PackagesService } from './packages.service';
import { logOf, unavailable, type PaymentsDeps } from './payments.deps';
import { paymentOrders, paymentPackages, paymentWebhookEvents } from './payments.tables';
import {
  ProviderUnavailable,
  WebhookRejected,
  type ChargeState,
  type PixProvider,
  type RefundResult,
  type WebhookInput,
} from './providers/provider';

/** The delayed provider check of one unpaid deposit order (hardening item 8). */
export const CHECK_DEPOSIT_JOB = 'payments.checkDeposit';
export interface CheckDepositJob {
  orderId: string;
  /** 0 for the first check; the delay doubles with each. */
  attempt: number;
}
const CHECK_MAX_DELAY_SECONDS = 600;
/** How long past its expiry an order whose provider cannot be asked stays open, asked again at every pass. */
const EXPIRY_ASK_HOURS = 24;

/**
 * The return of a deposit paid from another person's CPF (Brazil) or past a lowered deposit limit (job
 * `payments.returnDeposit`, one per order). The order's flag is the durable to-do: `payerMismatch` or
 * `overLimit` until the provider's refund is booked, then `returned`; a minute sweep queues again any order
 * the fast path lost.
 */
export const RETURN_DEPOSIT_JOB = 'payments.returnDeposit';
export interface ReturnDepositJob {
  orderId: string;
}
/** The provider's idempotency key of the refund, and the ledger's of the return. */
/** The return job's retries span about 15 minutes; an order still owed back after this is queued again. */
export const RETURN_RETRY_AFTER_MINUTES = 30;
export const returnKey = (orderId: string) => `deposit-return:${orderId}`;

const CLOSED: OrderStatus[] = [OrderStatus.CANCELLED, OrderStatus.FAILED];
/**
 * Flags of an order whose money is owed back to the payer until the provider's refund is booked (then
 * `returned`): paid from another CPF (br), or past a deposit limit lowered after the order was made.
 */
const OWED_BACK = ['payerMismatch', 'overLimit'];
const owedBack = (order: OrderRow) => OWED_BACK.includes(order.flag ?? '');
/** Flags of an order a paid state never credits: its money went, or goes, back to the payer. */
const UNCREDITABLE = [...OWED_BACK, 'returned', 'reversed'];
/** The note of an order paid past a deposit limit the player lowered after making it. */
const OVER_LIMIT_NOTE = 'paid past the deposit limit: returned to the payer';
/** The note of an order whose payment the provider took back before it was credited. */
const REVERSED = 'reversed at the provider';

/** `pg_advisory_xact_lock(DEPOSIT_LOCK, userId)`: one new deposit order per player at a time ('dpos'). */
const DEPOSIT_LOCK = 0x6470_6f73;
/** The note of a paid order whose gift was not granted: the player was excluded by then. */
const GIFT_WITHHELD_NOTE = 'gift withheld: promotions not allowed';

export interface PrePayInput {
  pkgId: number;
  /** 0 waives the package's gift. */
  gift: 0 | 1;
  idempotencyKey?: string;
}

/** What applying a provider's charge state did. */
type Applied =
  | { kind: 'credited'; userId: number; czflag: 0 | 1; payTime: number }
  | { kind: 'chargedBack'; userId: number; orderId: string }
  | { kind: 'payerMismatch' | 'overLimit'; userId: number; orderId: string; amount: number }
  | { kind: 'amountMismatch' | 'alreadyPaid' | 'returned' | 'updated' | 'unchanged' | 'ignored' };

export function createDepositsService(
  deps: PaymentsDeps & {
    packages: PackagesService;
    provider: PixProvider | null;
    outbox: Outbox;
    jobs: Pick<Jobs, 'send'>;
  },
) {
  const { database, settings, packages, provider, config, outbox, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  const log = logOf(deps);

  const answerOf = (o: OrderRow): PrePayAnswer => ({
    orderId: o.orderId,
    payNo: o.providerRef ?? '',
    url: o.payUrl ?? '',
  });

  const byKey = (userId: number, key: string) => orderByKey(database.db, userId, RecordType.DEPOSIT, key);

  /** A repeated Idempotency-Key: the first answer, or 409 for another body or an order still starting. */
  const repeat = (existing: OrderRow, hash: string): PrePayAnswer =>
    repeated(existing, hash, (o) => {
      if (o.status === OrderStatus.FAILED) throw unavailable();
      if (!o.providerRef) throw new AppError(ErrorCode.CONFLICT, 'idempotencyInProgress');
      return answerOf(o);
    });

  /**
   * The deposit limits of a new order, in the transaction `tx` that then inserts it: a per-player lock (held
   * until that transaction ends) first, so a second order of the player waits and then sees this one; then the
   * rg check with the player's open orders (not yet paid, not expired) counted on top of the new amount, since
   * each may still be paid and credited. Without it, three orders of R$ 100 made before paying any passed a
   * daily limit of R$ 150 one by one (only credited deposits counted), and two at once both passed.
   */
  async function assertDepositAllowed(tx: Tx, userId: number, amount: number) {
    if (!deps.rg) return;
    await tx.execute(sql`select pg_advisory_xact_lock(${DEPOSIT_LOCK}::int, ${userId}::int)`);
    const [open] = await tx
      .select({ sum: sql<string | number>`coalesce(sum(${paymentOrders.amount}), 0)` })
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, userId),
          eq(paymentOrders.type, RecordType.DEPOSIT),
          inArray(paymentOrders.status, AWAITING_PIX),
          or(isNull(paymentOrders.expiresAt), gt(paymentOrders.expiresAt, now())),
        ),
      );
    await deps.rg.assertCanDeposit(userId, amount + Number(open?.sum ?? 0), tx);
  }

  /**
   * Credits a paid order (cash with its wagering, gift as bonus) and marks it paid, inside `tx`. The settings
   * are read by the caller before the transaction, so no other read runs while the order row is locked. The
   * gift is granted only if promotions are still allowed to the player now (a cool-off or self-exclusion since
   * the order was made withholds it: the order's gift becomes 0, with a note); the cash is credited either way,
   * since it was paid.
   */
  async function credit(tx: Tx, order: OrderRow, s: Settings): Promise<Applied> {
    const cash = await post(tx, {
      type: TxType.DEPOSIT,
      idempotencyKey: `deposit:${order.orderId}`,
      ref: order.orderId,
      players: [{ userId: order.userId, kind: 'cash', amount: order.amount }],
      system: [{ kind: 'payment_clearing', amount: -order.amount }],
    });
    // Deposit total and requirements in this same transaction: no withdrawal can come in between; and the
    // deposit limits' count, so no order made after this commit can miss it.
    await recordCredit(tx, { userId: order.userId, txId: cash.txId, deposit: order.amount }, s);
    await deps.rg?.recordDeposit(tx, order.userId, order.amount);
    const withheld = order.gift > 0 && deps.rg ? !(await deps.rg.promotionsAllowed(order.userId, tx)) : false;
    const giftAmount = withheld ? 0 : order.gift;
    if (giftAmount > 0) {
      const gift = await post(tx, {
        type: TxType.PROMOTION,
        idempotencyKey: `deposit-gift:${order.orderId}`,
        ref: order.orderId,
        players: [{ userId: order.userId, kind: 'bonus', amount: giftAmount }],
        system: [{ kind: 'promotions', amount: -giftAmount }],
      });
      // The deposit's own event pushes the player's figures, the gift's grant does not again.
      await recordCredit(
        tx,
        { userId: order.userId, txId: gift.txId, bonus: giftAmount, pushedBy: 'payment.credited' },
        s,
      );
    }
    if (withheld)
      await tx
        .update(paymentOrders)
        .set({ gift: 0, updatedAt: now() })
        .where(eq(paymentOrders.orderId, order.orderId));
    const [before] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, order.userId),
          eq(paymentOrders.type, RecordType.DEPOSIT),
          eq(paymentOrders.status, OrderStatus.PAID),
        ),
      );
    const lateNote = CLOSED.includes(order.status as OrderStatus) ? 'paid after the order closed' : '';
    await transition(
      tx,
      order,
      [...AWAITING_PIX, ...CLOSED],
      OrderStatus.PAID,
      'paid',
      lateNote ? { flag: 'paidAfterClose' } : {},
      [lateNote, withheld ? GIFT_WITHHELD_NOTE : ''].filter(Boolean).join('; '),
    );
    const payTime = now().getTime();
    const czflag = before!.n === 0 ? 0 : 1;
    const [pkg] =
      order.pkgId == null
        ? []
        : await tx
            .select({ group: paymentPackages.curreny })
            .from(paymentPackages)
            .where(eq(paymentPackages.pkgId, order.pkgId));
    // Written with the credit: the player's pushes follow its delivery, also after a crash right here.
    await outbox.emit(tx, 'payment.credited', {
      userId: order.userId,
      orderId: order.orderId,
      pkgId: order.pkgId,
      group: pkg?.group ?? null,
      amount: order.amount,
      gift: giftAmount,
      czflag,
      payTime,
    });
    return { kind: 'credited', userId: order.userId, czflag, payTime };
  }

  /**
   * Whether a paid order now passes the player's deposit limits (one lowered after it was made: a lowered limit
   * takes effect at once), asked in a savepoint since the check refuses by raising. A cool-off or self-exclusion
   * since the order still credits it (gift withheld): the player can only take the money out.
   */
  async function overDepositLimit(tx: Tx, order: OrderRow): Promise<boolean> {
    if (!deps.rg) return false;
    try {
      await savepoint(tx, (sp) => deps.rg!.assertCanDeposit(order.userId, order.amount, sp));
      return false;
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.LIMIT_REACHED) return true;
      if (err instanceof AppError && err.code === ErrorCode.SELF_EXCLUDED) return false;
      throw err;
    }
  }

  /** Brings an order in line with the provider's state of its charge, inside `tx` (the order row locked). */
  async function apply(tx: Tx, order: OrderRow, state: ChargeState, s: Settings): Promise<Applied> {
    switch (state.status) {
      case 'paid': {
        if (order.status === OrderStatus.PAID) return { kind: 'alreadyPaid' };
        if (state.amount !== order.amount) {
          await tx
            .update(paymentOrders)
            .set({ flag: 'amountMismatch', updatedAt: now() })
            .where(eq(paymentOrders.orderId, order.orderId));
          await record(
            tx,
            order.orderId,
            order.status,
            'amountMismatch',
            `provider reported ${state.amount}, order is ${order.amount} (centavos)`,
          );
          return { kind: 'amountMismatch' };
        }
        // An order once found paid from another CPF stays uncredited, whatever a later state says (a poll
        // without the payer, a changed CPF on file): its money goes back to the payer. One whose payment the
        // provider took back before we credited it (`reversed`) is never credited by a late paid notice.
        if (UNCREDITABLE.includes(order.flag ?? '')) return { kind: 'unchanged' };
        // Brazil: money from someone else's account is never played with; and a deposit limit lowered after
        // the order was made took effect at once. The player is credited nothing: the money received is booked
        // as owed back to the payer, and the order closes flagged until the provider's refund returns it
        // (`returnForeign`).
        const foreign = await foreignPayer(tx, order, state);
        const owed: 'payerMismatch' | 'overLimit' | null = foreign
          ? 'payerMismatch'
          : (await overDepositLimit(tx, order))
            ? 'overLimit'
            : null;
        if (owed) {
          const changed = await transition(
            tx,
            order,
            [...AWAITING_PIX, ...CLOSED],
            OrderStatus.FAILED,
            owed,
            { flag: owed },
            foreign ?? OVER_LIMIT_NOTE,
          );
          if (!changed) return { kind: 'unchanged' };
          await bookForeign(tx, order.orderId, order.amount);
          return { kind: owed, userId: order.userId, orderId: order.orderId, amount: order.amount };
        }
        return credit(tx, order, s);
      }
      case 'reversed': {
        // A foreign payment's money gone back to its payer (our refund, one made in the provider's dashboard,
        // a MED chargeback) in full: the return is booked as the return job would, once.
        if (owedBack(order) && state.amount === order.amount) {
          return (await bookReturn(tx, order, REVERSED)) ? { kind: 'returned' } : { kind: 'unchanged' };
        }
        // Owed back in part only, or returned already: nothing here (the return job refunds the whole charge).
        if (order.flag === 'returned' || owedBack(order)) return { kind: 'unchanged' };
        // Money already credited taken back: flagged for an operator (who decides on reversing), never
        // reversed here.
        if (order.status === OrderStatus.PAID) {
          if (order.flag === 'chargedBack') return { kind: 'unchanged' };
          await tx
            .update(paymentOrders)
            .set({ flag: 'chargedBack', updatedAt: now() })
            .where(eq(paymentOrders.orderId, order.orderId));
          await record(tx, order.orderId, order.status, 'chargedBack');
          return { kind: 'chargedBack', userId: order.userId, orderId: order.orderId };
        }
        // Before a credit: the payment went back to its payer. The order closes flagged `reversed` (an open one
        // is cancelled; a closed one keeps its status), so a paid notice delivered late never credits it.
        if (order.flag === 'reversed') return { kind: 'unchanged' };
        const flagged = { flag: 'reversed' };
        const closed = await transition(
          tx,
          order,
          AWAITING_PIX,
          OrderStatus.CANCELLED,
          'cancelled',
          flagged,
          REVERSED,
        );
        if (!closed) {
          await tx
            .update(paymentOrders)
            .set({ ...flagged, updatedAt: now() })
            .where(eq(paymentOrders.orderId, order.orderId));
          await record(tx, order.orderId, order.status, 'cancelled', REVERSED);
        }
        return { kind: 'updated' };
      }
      case 'cancelled':
        return (await transition(tx, order, AWAITING_PIX, OrderStatus.CANCELLED, 'cancelled'))
          ? { kind: 'updated' }
          : { kind: 'unchanged' };
      case 'failed':
        return (await transition(tx, order, AWAITING_PIX, OrderStatus.FAILED, 'failed'))
          ? { kind: 'updated' }
          : { kind: 'unchanged' };
      case 'processing':
        return (await transition(tx, order, [OrderStatus.PENDING], OrderStatus.PAYING, 'processing'))
          ? { kind: 'updated' }
          : { kind: 'unchanged' };
      default:
        return { kind: 'unchanged' };
    }
  }

  /**
   * Under br, why a paid charge may not be credited (the order's note), or null when it may: only a payment
   * from a CPF equal to the player's own (verified) one is. A company's CNPJ or another document is not the
   * player's account; a payment that names no payer document cannot be shown to be the player's, so it is
   * returned too (the provider's refund goes back to the account it came from, whoever holds it: no operator
   * hold is needed). Other profiles credit as before.
   */
  async function foreignPayer(tx: Tx, order: OrderRow, state: ChargeState): Promise<string | null> {
    if (config.jurisdiction !== 'br') return null;
    if (!state.payerDocType) return 'payer_document_missing';
    if (state.payerDocType !== 'CPF') return 'payer_not_a_cpf';
    const profile = await deps.profileOf(order.userId, tx);
    const own = normalizeCpf(state.payerCpf ?? '') === normalizeCpf(profile?.cardNo ?? '');
    return own && state.payerCpf ? null : 'payer_not_own_cpf';
  }

  /**
   * The money of a foreign-CPF deposit as the ledger sees it: received at the provider (payment_clearing)
   * and owed back to whoever paid (payouts_pending, the account of money due out), never a player's. Keyed,
   * so a second call is a replay.
   */
  const bookForeign = (tx: Tx, orderId: string, amount: number) =>
    post(tx, {
      type: TxType.DEPOSIT_FOREIGN_RECEIVED,
      idempotencyKey: `deposit-foreign:${orderId}`,
      ref: orderId,
      system: [
        { kind: 'payment_clearing', amount: -amount },
        { kind: 'payouts_pending', amount },
      ],
    });

  /**
   * Books the return of a foreign deposit whose money the provider gave back, once, inside `tx` with the order
   * row locked: false when the order is not owed back (already returned, never foreign). The return job and a
   * `reversed` notice both end here, under the same key, so whichever comes first books it.
   */
  async function bookReturn(tx: Tx, order: OrderRow, note: string): Promise<boolean> {
    if (!owedBack(order)) return false;
    // An order flagged before the receipt was booked gets it now (a replay otherwise).
    await bookForeign(tx, order.orderId, order.amount);
    await post(tx, {
      type: TxType.DEPOSIT_FOREIGN_RETURNED,
      idempotencyKey: returnKey(order.orderId),
      ref: order.orderId,
      system: [
        { kind: 'payouts_pending', amount: -order.amount },
        { kind: 'payment_clearing', amount: order.amount },
      ],
    });
    await tx
      .update(paymentOrders)
      .set({ flag: 'returned', updatedAt: now() })
      .where(eq(paymentOrders.orderId, order.orderId));
    await record(tx, order.orderId, order.status, 'returned', note);
    return true;
  }

  /** Queues the return of a foreign-CPF deposit; a failure here is caught by the minute sweep. */
  async function queueReturn(orderId: string, startAfter?: Date) {
    try {
      await jobs.send(RETURN_DEPOSIT_JOB, { orderId } satisfies ReturnDepositJob, {
        singletonKey: orderId,
        ...(startAfter ? { startAfter } : {}),
      });
    } catch (err) {
      log.error({ err, orderId }, 'queueing the return of a deposit failed');
    }
  }

  function announce(applied: Applied) {
    if (applied.kind === 'payerMismatch' || applied.kind === 'overLimit') {
      log.warn(
        { orderId: applied.orderId, userId: applied.userId },
        applied.kind === 'overLimit'
          ? 'deposit paid past the deposit limit the player set after ordering: not credited, returned'
          : 'deposit paid from another CPF than the player’s: not credited, returned to the payer',
      );
      void queueReturn(applied.orderId);
    }
    if (applied.kind === 'chargedBack') {
      log.warn(
        { orderId: applied.orderId, userId: applied.userId },
        'credited deposit refunded or charged back: flagged for an operator',
      );
    }
  }

  const lockOrder = async (tx: Tx, orderId: string) =>
    (await tx.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)).for('update'))[0];

  /**
   * Closes an open order whose time is up: the provider is asked first, so a payment whose notification was
   * lost is still credited. While the provider cannot answer, the order stays open and is asked again on the
   * next pass, for up to EXPIRY_ASK_HOURS past its expiry; only then is it closed unanswered (a late
   * notification still credits it, flagged `paidAfterClose`). Answers whether it was closed.
   */
  async function expire(order: OrderRow): Promise<boolean> {
    let state: ChargeState | null = null;
    if (provider && order.providerRef && order.provider === provider.name) {
      try {
        state = await provider.queryCharge(order.providerRef);
      } catch (err) {
        const since = order.expiresAt ? now().getTime() - order.expiresAt.getTime() : Infinity;
        if (since < EXPIRY_ASK_HOURS * 3_600_000) {
          log.warn(
            { err, orderId: order.orderId },
            'deposit expiry: the provider did not answer; asked again later',
          );
          return false;
        }
      }
    }
    const s = await settings.all();
    const applied = await database.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.orderId);
      if (!locked || !AWAITING_PIX.includes(locked.status as OrderStatus))
        return { kind: 'unchanged' } as Applied;
      // Paid: credited (or returned); reversed: closed flagged, so a late paid notice cannot credit it.
      if (state?.status === 'paid' || state?.status === 'reversed') {
        const result = await apply(tx, locked, state, s);
        if (result.kind !== 'amountMismatch') return result;
      }
      await transition(tx, locked, AWAITING_PIX, OrderStatus.CANCELLED, 'expired');
      return { kind: 'updated' } as Applied;
    });
    announce(applied);
    return true;
  }

  /** Queues the next provider check of an unpaid order (a lost webhook); never fails the caller. */
  async function scheduleCheck(order: Pick<OrderRow, 'orderId' | 'expiresAt'>, attempt: number) {
    // 1x, 2x, 4x … the first delay, capped at 10 minutes, and never later than the order's expiry.
    const delay = Math.min(config.depositCheckAfterSeconds * 2 ** attempt, CHECK_MAX_DELAY_SECONDS);
    let at = new Date(now().getTime() + delay * 1_000);
    if (order.expiresAt && order.expiresAt < at) at = new Date(order.expiresAt.getTime() + 1_000);
    try {
      await jobs.send(CHECK_DEPOSIT_JOB, { orderId: order.orderId, attempt } satisfies CheckDepositJob, {
        startAfter: at,
        singletonKey: order.orderId,
      });
    } catch (err) {
      // The minute expiry scan still asks the provider before closing the order.
      log.error({ err, orderId: order.orderId }, 'queueing the deposit check failed');
    }
  }

  return {
    async prePay(userId: number, input: PrePayInput): Promise<PrePayAnswer> {
      const profile = await deps.profileOf(userId);
      if (!profile) throw notFound();
      if (profile.testFlag === '1') throw new AppError(ErrorCode.FORBIDDEN, 'testAccountNoMoney');
      if (profile.kyc !== 1) throw new AppError(ErrorCode.UNPROCESSABLE, 'kycRequired');
      const pkg = await packages.payable(input.pkgId);
      if (!pkg) throw badRequest('selectRechargeAmount');
      if (!provider) throw unavailable();

      // A repeated key answers the first answer before any check: its order is already counted as open.
      const hash = requestHash('prePay', { pkgId: input.pkgId, gift: input.gift });
      const key = input.idempotencyKey;
      if (key) {
        const existing = await byKey(userId, key);
        if (existing) return repeat(existing, hash);
      }
      const giftAllowed = (await deps.rg?.promotionsAllowed(userId)) ?? true;
      const orderId = newOrderId('D', now());
      const ttl = await settings.get('deposit.orderTtlMinutes');
      const expiresAt = new Date(now().getTime() + ttl * 60_000);
      const order = {
        orderId,
        type: RecordType.DEPOSIT,
        userId,
        status: OrderStatus.PENDING,
        amount: pkg.price,
        gift: input.gift === 0 || !giftAllowed ? 0 : pkg.gift,
        pkgId: pkg.pkgId,
        provider: provider.name,
        idempotencyKey: key ?? null,
        requestHash: hash,
        expiresAt,
      };
      try {
        await database.transaction(async (tx) => {
          await assertDepositAllowed(tx, userId, pkg.price);
          await tx.insert(paymentOrders).values(order);
          await record(tx, orderId, OrderStatus.PENDING, 'created', `package ${pkg.pkgId}`);
        });
      } catch (err) {
        // The same key twice at once: the second waited for the first (its key's row, or the player's lock,
        // after which the first's order counted against the limit) and answers the first answer.
        if (
          key &&
          (pgCode(err) === '23505' || (err instanceof AppError && err.code === ErrorCode.LIMIT_REACHED))
        ) {
          const existing = await byKey(userId, key);
          if (existing) return repeat(existing, hash);
        }
        throw err;
      }

      let charge;
      try {
        charge = await provider.createCharge({
          orderId,
          amount: pkg.price,
          description: `Depósito ${orderId}`,
          payer: { email: profile.username, name: profile.name, cpf: profile.cardNo },
          expiresAt,
          idempotencyKey: `deposit:${orderId}`,
          notificationUrl: `${config.publicUrl}/api/payments/webhook/${provider.name}`,
        });
      } catch (err) {
        // Players see the order's notes: a fixed reason here, the detail in the server log.
        log.error({ err, orderId }, 'creating the charge failed');
        await database.transaction((tx) =>
          transition(tx, order, [OrderStatus.PENDING], OrderStatus.FAILED, 'failed', {}, 'provider_error'),
        );
        if (err instanceof ProviderUnavailable) throw unavailable();
        throw err;
      }
      await database.db
        .update(paymentOrders)
        .set({ providerRef: charge.chargeId, payUrl: charge.url, updatedAt: now() })
        .where(eq(paymentOrders.orderId, orderId));
      await scheduleCheck(order, 0);
      return { orderId, payNo: charge.chargeId, url: charge.url };
    },

    /**
     * The delayed check of one unpaid order (job `payments.checkDeposit`): asks the provider and applies its
     * answer, so a payment whose webhook was lost is credited within a minute or two rather than at expiry;
     * while the charge is still open, checks again with backoff. A provider error fails the job, which
     * pg-boss retries with its own backoff.
     */
    async checkPending({ orderId, attempt }: CheckDepositJob): Promise<Applied['kind']> {
      const [order] = await database.db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.type, RecordType.DEPOSIT)));
      if (!order || !AWAITING_PIX.includes(order.status as OrderStatus)) return 'unchanged';
      if (order.expiresAt && order.expiresAt <= now()) return (await expire(order)) ? 'updated' : 'unchanged';
      if (!provider || !order.providerRef || order.provider !== provider.name) return 'ignored';
      const state = await provider.queryCharge(order.providerRef);
      let applied: Applied = { kind: 'unchanged' };
      if (state.status !== 'pending') {
        const s = await settings.all();
        applied = await database.transaction(async (tx) => {
          const locked = await lockOrder(tx, orderId);
          if (!locked || !AWAITING_PIX.includes(locked.status as OrderStatus))
            return { kind: 'unchanged' } as Applied;
          return apply(tx, locked, state, s);
        });
        announce(applied);
      }
      const stillOpen =
        applied.kind === 'unchanged' || (applied.kind === 'updated' && state.status === 'processing');
      if (stillOpen) await scheduleCheck(order, attempt + 1);
      return applied.kind;
    },

    /** The player's own order status; someone else's order is "not found". An overdue order expires here. */
    async status(userId: number, orderId: string): Promise<OrderStatus> {
      const [order] = await database.db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.userId, userId)));
      if (!order) throw new AppError(ErrorCode.NOT_FOUND, 'orderNotFound');
      if (AWAITING_PIX.includes(order.status as OrderStatus) && order.expiresAt && order.expiresAt <= now()) {
        await expire(order);
        const [after] = await database.db
          .select({ status: paymentOrders.status })
          .from(paymentOrders)
          .where(eq(paymentOrders.orderId, orderId));
        return after!.status as OrderStatus;
      }
      return order.status as OrderStatus;
    },

    /**
     * A provider's notification: verified, refused when replayed, then applied once under the order's row
     * lock. Throws AppError with the reason for the provider's log (forged, stale, replayed, amount).
     */
    async webhook(providerName: string, input: WebhookInput): Promise<{ outcome: Applied['kind'] }> {
      if (!provider || provider.name !== providerName) throw notFound();
      let event;
      try {
        event = provider.parseWebhook(input);
      } catch (err) {
        if (!(err instanceof WebhookRejected)) throw err;
        if (err.reason === 'signature') throw new AppError(ErrorCode.UNAUTHORIZED, 'webhookSignatureInvalid');
        throw badRequest(err.reason === 'stale' ? 'webhookStale' : 'badRequest');
      }
      if (!event) return { outcome: 'ignored' };
      // Signed, yet unstorable: PostgreSQL text cannot hold U+0000 (a 400, not a failed insert).
      if (hasNul(event)) throw badRequest('badRequest');
      let state: ChargeState;
      try {
        state = event.state ?? (await provider.queryCharge(event.chargeId));
      } catch (err) {
        if (err instanceof ProviderUnavailable) throw unavailable();
        throw err;
      }
      const s = await settings.all();
      const result = await database.transaction(async (tx) => {
        const fresh = await tx
          .insert(paymentWebhookEvents)
          .values({
            provider: provider.name,
            eventId: event.eventId,
            chargeId: event.chargeId,
            outcome: 'received',
          })
          .onConflictDoNothing()
          .returning();
        if (!fresh.length) return 'replayed' as const;
        const [found] = await tx
          .select({ orderId: paymentOrders.orderId })
          .from(paymentOrders)
          .where(
            and(
              eq(paymentOrders.type, RecordType.DEPOSIT),
              eq(paymentOrders.provider, provider.name),
              or(
                eq(paymentOrders.providerRef, event.chargeId),
                // The order the charge names, only while it has no charge of its own yet (the webhook overtook
                // the charge's reference being stored): another order's charge never pays it.
                state.orderId
                  ? and(
                      eq(paymentOrders.orderId, state.orderId),
                      or(isNull(paymentOrders.providerRef), eq(paymentOrders.providerRef, event.chargeId)),
                    )
                  : undefined,
              ),
            ),
          );
        const order = found && (await lockOrder(tx, found.orderId));
        const applied: Applied | 'unknown' = order ? await apply(tx, order, state, s) : 'unknown';
        const outcome = typeof applied === 'string' ? applied : applied.kind;
        await tx
          .update(paymentWebhookEvents)
          .set({ outcome })
          .where(
            and(
              eq(paymentWebhookEvents.provider, provider.name),
              eq(paymentWebhookEvents.eventId, event.eventId),
            ),
          );
        return applied;
      });
      if (result === 'replayed') throw new AppError(ErrorCode.CONFLICT, 'webhookReplayed');
      if (result === 'unknown') throw new AppError(ErrorCode.NOT_FOUND, 'orderNotFound');
      if (result.kind === 'amountMismatch')
        throw new AppError(ErrorCode.UNPROCESSABLE, 'webhookAmountMismatch');
      announce(result);
      return { outcome: result.kind };
    },

    /**
     * Returns a foreign-CPF deposit to its payer (job `payments.returnDeposit`): the provider's refund under
     * the key `deposit-return:<orderId>` (a repeated call answers the same refund), then, under the order's
     * row lock, the ledger's return and the flag `returned` with its event, once. A crash between the two
     * repeats the refund call, which makes no second refund. A refund the provider refuses is checked against
     * the charge: already reversed in full (refunded before, elsewhere, charged back), it is booked the same;
     * otherwise it throws: the job retries with backoff, and the operators' jobs view shows it meanwhile.
     */
    async returnForeign({ orderId }: ReturnDepositJob): Promise<'returned' | 'pending' | 'unchanged'> {
      const [order] = await database.db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.type, RecordType.DEPOSIT)));
      if (!order || !owedBack(order)) return 'unchanged';
      if (!provider || order.provider !== provider.name || !order.providerRef) {
        throw new Error(`deposit ${orderId}: its provider ${order.provider} is not this node's`);
      }
      let refund: RefundResult | null = null;
      try {
        refund = await provider.refundCharge({
          chargeId: order.providerRef,
          amount: order.amount,
          idempotencyKey: returnKey(orderId),
        });
      } catch (err) {
        // A refund refused because the charge is already reversed (a call whose key the provider forgot, a
        // refund made in its dashboard, a MED chargeback) would be retried forever: the provider's word on the
        // charge decides, and a charge reversed in full is booked as returned.
        const state = await provider.queryCharge(order.providerRef).catch(() => null);
        if (state?.status !== 'reversed' || state.amount !== order.amount) throw err;
        log.warn({ orderId, err }, 'refund refused, the charge already reversed at the provider: booked');
      }
      if (refund?.status === 'pending') {
        // The provider finishes it later: asked again (same key, same refund) until it is done.
        throw new ProviderUnavailable(`refund ${refund.refundId} of ${orderId} still in process`);
      }
      const note = refund ? `refund ${refund.refundId}` : REVERSED;
      return database.transaction(async (tx) => {
        const locked = await lockOrder(tx, orderId);
        if (!locked) return 'unchanged' as const;
        return (await bookReturn(tx, locked, note)) ? ('returned' as const) : ('unchanged' as const);
      });
    },

    /**
     * Queues again the return of every foreign-CPF deposit still owed back whose last try is more than
     * `RETURN_RETRY_AFTER_MINUTES` old (a minute sweep: a fast path lost in a crash, a job out of retries).
     * The order's `updated_at` is the lease, taken in the same statement, so one sweep queues it, and a job
     * still retrying is not joined by another.
     */
    async returnDue(limit = 100): Promise<number> {
      const due = (await database.db.execute(
        sql`update payment_orders set updated_at = now()
            where id in (select id from payment_orders
              where type = ${RecordType.DEPOSIT} and flag in ('payerMismatch', 'overLimit')
                and updated_at < now() - make_interval(mins => ${RETURN_RETRY_AFTER_MINUTES})
              order by id limit ${limit} for update skip locked)
            returning order_id`,
      )) as unknown as { rows: { order_id: string }[] };
      for (const { order_id } of due.rows) await queueReturn(order_id);
      return due.rows.length;
    },

    /**
     * Expires the open orders whose time is up (a periodic job; `status` also does it lazily); answers how many
     * it closed (one the provider could not be asked about stays open).
     */
    async expireDue(limit = 100): Promise<number> {
      const due = await database.db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.type, RecordType.DEPOSIT),
            or(...AWAITING_PIX.map((s) => eq(paymentOrders.status, s))),
            lt(paymentOrders.expiresAt, now()),
          ),
        )
        .limit(limit);
      let closed = 0;
      for (const order of due) if (await expire(order)) closed++;
      return closed;
    },

    /** 1 shows the gift popup: a real player who has not deposited yet. */
    async userGift(userId: number): Promise<0 | 1> {
      const profile = await deps.profileOf(userId);
      if (!profile || profile.testFlag === '1') return 0;
      if (deps.rg && !(await deps.rg.promotionsAllowed(userId))) return 0;
      const [paid] = await database.db
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.userId, userId),
            eq(paymentOrders.type, RecordType.DEPOSIT),
            eq(paymentOrders.status, OrderStatus.PAID),
          ),
        )
        .limit(1);
      return paid ? 0 : 1;
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
