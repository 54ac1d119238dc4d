import crypto from 'node:crypto';
import {
  BET_PRODUCTS,
  ErrorCode,
  OrderStatus,
  RecordCategory,
  TxType,
  type RecordsAnswer,
  type RecordsQuery,
  type TestAccount,
  type TransferAnswer,
  type TransferCheckAnswer,
  type TransferRequest,
  type UserFigures,
  type UserInfo,
  type WalletRecord,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor, type Currency } from '@aposta/money';
import { and, count, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EventBus } from '../../platform/bus';
import type { Database, Executor } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { moneyParam } from '../../platform/i18n';
import {
  balancesQuery,
  keyUsed,
  listEntries,
  lockPlayerAccount,
  openPlayerAccounts,
  parseAmount,
  parseCurrency,
  playerAccounts,
  post,
  sentSince,
  type Entry,
} from '../ledger';
import type { AccountProfile, ProfileRow } from '../accounts';
import type { Settings, SettingsService } from '../settings';
import { recordCredit, totalsQuery } from '../wagering';
import { transferLookups } from './wallet.tables';

/** What the wallet needs of the accounts module (the wallet depends on accounts, never the reverse). */
export interface WalletAccounts {
  createTestUser(): Promise<{ userId: number; username: string; pwd: string }>;
  findUserByUsername(username: string): Promise<Player | null>;
  profile(userId: number): Promise<AccountProfile>;
  /** The profile as a one-row subquery and its row as the profile, for userInfo's one statement. */
  profileQuery(userId: number): SQL;
  profileOf(row: ProfileRow | undefined): AccountProfile;
  /** Why the player may not sign in now (an operator's block, a cool-off, a self-exclusion), or null. */
  signInRefusal(userId: number): Promise<AppError | null>;
}

/**
 * Referral commission paid to a player so far, per level 1 to 3 (minor units), as a one-row subquery with
 * `amount1`…`amount3` (owned by promotions, registered later).
 */
export type ReferralTotals = (userId: number | SQL) => SQL;

/** What a stake was a bet on, as its product says (the records screen). */
export type BetGame = NonNullable<WalletRecord['bet']>;

/**
 * A product's word on the stakes it recognises among these holds (the ledger's `product` and `reference` of
 * each), by reference: each product registers one (`wallet.hooks.betGames`) and reads its own tables.
 */
export type BetGames = (
  exec: Executor,
  holds: { product: string; reference: string }[],
) => Promise<Map<string, BetGame>>;

/**
 * The BetGames of a product whose holds (ledger product `holdProduct`) are referenced `<prefix><bet id>`: the
 * game of each of these bets is the `game` column of its row, found by the `id` column of the same table.
 */
export function betGamesById(
  holdProduct: string,
  prefix: string,
  product: BetGame['product'],
  id: PgColumn,
  game: PgColumn,
): BetGames {
  const pattern = new RegExp(`^${prefix}(\\d{1,18})$`);
  return async (exec, holds) => {
    const ids = holds.flatMap((h) => {
      const m = h.product === holdProduct ? pattern.exec(h.reference) : null;
      return m ? [Number(m[1])] : [];
    });
    const found = ids.length
      ? ((await exec.select({ id, game }).from(id.table).where(inArray(id, ids))) as {
          id: number;
          game: string;
        }[])
      : [];
    return new Map(found.map((b) => [`${prefix}${b.id}`, { product, game: b.game, gameName: null }]));
  };
}

/** A player as the wallet sees one: kyc 1 = name and CPF on file; testFlag '1' = play money only. */
export interface Player {
  id: number;
  username: string;
  testFlag: string;
  kyc: number;
  name: string;
}

export interface WalletDeps {
  database: Database;
  outbox: Pick<Outbox, 'emit'>;
  settings: SettingsService;
  bus: EventBus;
  accounts: WalletAccounts;
  /** The licence profile: 'br' forbids transfers between players. */
  jurisdiction?: 'default' | 'br';
}

export interface Sender {
  id: number;
  username: string;
  testFlag: string;
}

const CATEGORY_OF = new Map<number, keyof typeof RecordCategory>(
  Object.entries(RecordCategory).flatMap(([category, types]) =>
    types.map((t) => [t, category as keyof typeof RecordCategory] as const),
  ),
);
const ALL_TYPES = [...CATEGORY_OF.keys()];
const STATUS_OF = {
  held: OrderStatus.PENDING,
  posted: OrderStatus.PAID,
  voided: OrderStatus.CANCELLED,
} as const;
const STATE_OF = Object.fromEntries(Object.entries(STATUS_OF).map(([s, c]) => [c, s])) as Record<
  string,
  Entry['state'] | undefined
>;

/** `2026-11-22` is the whole day (UTC); a timestamp is taken as given. */
function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`)
    : new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest('invalidDate');
  return date;
}

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

interface BalanceRow {
  cash_available: string;
  bonus_available: string;
  cash_book: string | null;
}

interface FigureRow extends BalanceRow {
  deposited: string;
  withdrawn: string;
  wagered: string;
  cash_due: string;
  amount1?: string;
  amount2?: string;
  amount3?: string;
}

/** A player's balances (ledger) and totals (wagering) as the subqueries of one statement. */
const moneyParts = (userId: number | SQL, currency: Currency) => [
  sql`(${balancesQuery(userId, currency)}) b`,
  sql`(${totalsQuery(userId, currency)}) w`,
];

async function figureRow(exec: Executor, userId: number, currency: Currency): Promise<FigureRow> {
  const result = (await exec.execute(
    sql`select * from ${sql.join(moneyParts(userId, currency), sql`, `)}`,
  )) as unknown as { rows: FigureRow[] };
  return result.rows[0]!;
}

const LOOKUP_WINDOW_MS = 24 * 3_600_000;
/** First key of the advisory lock that serializes one player's receiver look-ups (the second is the id). */
const LOOKUP_LOCK = 0x7472_6c6b;

/** `João Silva` -> `Jo** S****`: enough for the sender to recognise the receiver, too little to learn a name. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      const chars = Array.from(word);
      const shown = i === 0 ? 2 : 1;
      return chars.slice(0, shown).join('') + '*'.repeat(Math.max(0, chars.length - shown));
    })
    .join(' ');
}

const receiverUnavailable = () => notFound('transferReceiverUnavailable');

export function createWalletService({ database, outbox, settings, bus, accounts, jurisdiction }: WalletDeps) {
  const { db } = database;
  /** Set by modules registered later (promotions): the referral commission paid per level, minor units. */
  const hooks: { referralTotals: ReferralTotals | null; betGames: BetGames[] } = {
    referralTotals: null,
    betGames: [],
  };

  /** What the page's stakes were bets on, as their products say; a product that says nothing is named alone. */
  async function betsOf(entries: Entry[]): Promise<(BetGame | null)[]> {
    const holds = entries.flatMap((e) => (e.hold && e.hold.product !== 'withdrawal' ? [e.hold] : []));
    const games = new Map<string, BetGame>();
    if (holds.length)
      for (const source of hooks.betGames)
        for (const [ref, game] of await source(db, holds)) games.set(ref, game);
    return entries.map((e) => {
      if (!e.hold) return null;
      const named = games.get(e.hold.reference);
      if (named) return named;
      // A product no module names (a withdrawal's hold is no bet): the product alone, when it is a betting one.
      const product = BET_PRODUCTS.find((p) => p === e.hold!.product);
      return product ? { product, game: null, gameName: null } : null;
    });
  }

  /**
   * The hot reads (getBalance, userInfo, the socket) are one prepared statement each on PostgreSQL: the
   * modules that own the figures give them as one-row subqueries, joined here into one round trip.
   */
  const figureParts = (userId: number | SQL, currency: Currency) => {
    const parts = moneyParts(userId, currency);
    if (hooks.referralTotals) parts.push(sql`(${hooks.referralTotals(userId)}) r`);
    return parts;
  };

  /** Balances and totals of userInfo, getBalance and the socket: major units of the player's currency. */
  function figuresOf(row: FigureRow, s: Settings, currency: Currency): UserFigures {
    const paySum = Number(row.deposited);
    const gameSum = Number(row.wagered);
    const table = s['vip.table'];
    const level = vipLevel(table, paySum, gameSum);
    const next = table[Math.min(level + 1, table.length - 1)]!;
    const major = (minor: number) => toMajor(minor, currency);
    return {
      balance: major(Number(row.cash_available)),
      freeBalance: major(Number(row.bonus_available)),
      payAmount: major(paySum),
      paySumAmount: major(paySum),
      wdSumAmount: major(Number(row.withdrawn)),
      gameSumAmount: major(gameSum),
      level,
      nextlevel: { paySumAmount: major(next.paySum), gameSumAmount: major(table[level]!.gameSum ?? 0) },
      payDiscount: null,
      level1Amount: major(Number(row.amount1 ?? 0)),
      level2Amount: major(Number(row.amount2 ?? 0)),
      level3Amount: major(Number(row.amount3 ?? 0)),
    };
  }

  async function figures(userId: number, currency: Currency = DEFAULT_CURRENCY): Promise<UserFigures> {
    const [rows, s] = await Promise.all([
      database.prepared<FigureRow>(
        'wallet_figures',
        sql`select * from ${sql.join(figureParts(userId, currency), sql`, `)}`,
      ),
      settings.all(),
    ]);
    return figuresOf(rows[0]!, s, currency); // aggregates: always one row
  }

  /** The figures of many players in one statement (a burst of pushes, a page of players), by id. */
  async function figuresOfMany(
    userIds: readonly number[],
    currency: Currency = DEFAULT_CURRENCY,
  ): Promise<Map<number, UserFigures>> {
    if (!userIds.length) return new Map();
    const [rows, s] = await Promise.all([
      database.prepared<FigureRow & { user_id: string }>(
        'wallet_figures_many',
        sql`select u.id as user_id, f.* from unnest(${`{${userIds.join(',')}}`}::bigint[]) u(id)
          cross join lateral (select * from ${sql.join(figureParts(sql`u.id`, currency), sql`, `)}) f`,
      ),
      settings.all(),
    ]);
    return new Map(rows.map((r) => [Number(r.user_id), figuresOf(r, s, currency)]));
  }

  async function availableCash(userId: number, currency: Currency): Promise<number> {
    const cash = (await playerAccounts(db, userId)).find(
      (a) => a.kind === 'cash' && a.currency === currency && a.book === 'real',
    );
    return cash?.available ?? 0;
  }

  const overBalance = (available: number) =>
    new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'transferOverBalance', { amount: moneyParam(available) });

  async function checkDaily(exec: Executor, userId: number, amount: number, currency: Currency, s: Settings) {
    const today = await sentSince(exec, userId, TxType.TRANSFER, startOfUtcDay(new Date()), currency);
    if (today + amount > s['transfer.dailyMax'])
      throw badRequest('transferDailyLimit', { amount: moneyParam(s['transfer.dailyMax']) });
  }

  /**
   * Records that `senderId` looked up `username` and throws once the sender has looked up more different
   * receivers in 24 hours than the setting allows; looking up the same one again is free. Committed on its
   * own, so a refusal that follows still counts.
   */
  async function countLookup(senderId: number, username: string, perDay: number) {
    const targetHash = crypto.createHash('sha256').update(username).digest('hex');
    const now = new Date();
    const since = new Date(now.getTime() - LOOKUP_WINDOW_MS);
    const mine = eq(transferLookups.userId, senderId);
    const seenBy = (exec: Executor) =>
      exec
        .select({ at: transferLookups.lookedUpAt })
        .from(transferLookups)
        .where(and(mine, eq(transferLookups.targetHash, targetHash), gt(transferLookups.lookedUpAt, since)));
    // A receiver already looked up costs nothing and needs no lock (a check, then its transfer).
    if ((await seenBy(db)).length) return;
    await database.transaction(async (tx) => {
      // One look-up of a sender at a time, so that calls at once cannot pass the count together.
      await tx.execute(sql`select pg_advisory_xact_lock(${LOOKUP_LOCK}, ${senderId})`);
      await tx
        .delete(transferLookups)
        .where(and(eq(transferLookups.userId, senderId), lte(transferLookups.lookedUpAt, since)));
      if ((await seenBy(tx)).length) return;
      const [row] = await tx.select({ n: count() }).from(transferLookups).where(mine);
      if ((row?.n ?? 0) >= perDay) throw new AppError(ErrorCode.RATE_LIMITED, 'transferLookupLimit');
      await tx.insert(transferLookups).values({ userId: senderId, targetHash, lookedUpAt: now });
    });
  }

  /**
   * The transfer's rules in order: the amount, the switch, the sender (no test account, KYC), not oneself,
   * the limits, the balance; only then the receiver, counted as a look-up, who must be a KYC'd real player
   * who may sign in (anyone else, also a blocked, cooling-off or self-excluded player, gets the same answer as
   * an unknown e-mail). `key` is the transfer's idempotency key: its
   * repeat skips the balance and daily checks, so that it gets the first answer from the ledger.
   */
  async function vet(sender: Sender, input: TransferRequest, key: string | null) {
    const currency = parseCurrency(input.currency ?? DEFAULT_CURRENCY);
    // Players hold the ledger's one currency: another, even one the platform knows, is none a player has.
    if (currency !== DEFAULT_CURRENCY) throw badRequest('unknownCurrency');
    const amount = parseAmount(input.amount, currency);
    const username = input.username.trim().toLowerCase();
    if (jurisdiction === 'br') throw new AppError(ErrorCode.FORBIDDEN, 'brTransfersOff');
    const s = await settings.all();
    if (!s['transfer.enabled']) throw new AppError(ErrorCode.FORBIDDEN, 'transferDisabled');
    if (sender.testFlag === '1') throw new AppError(ErrorCode.FORBIDDEN, 'transferTestAccount');
    const self = await accounts.findUserByUsername(sender.username);
    if (self?.kyc !== 1) throw new AppError(ErrorCode.FORBIDDEN, 'transferKycRequired');
    // About the receiver typed: `data.field` puts the message beside it in the app.
    if (username === sender.username)
      throw new AppError(ErrorCode.BAD_REQUEST, 'transferToSelf', {}, { data: { field: 'username' } });
    if (amount < s['transfer.minAmount'])
      throw badRequest('transferMinimum', { amount: moneyParam(s['transfer.minAmount']) });
    if (amount > s['transfer.maxAmount'])
      throw badRequest('transferMaximum', { amount: moneyParam(s['transfer.maxAmount']) });
    if (!key || !(await keyUsed(db, key))) {
      await checkDaily(db, sender.id, amount, currency, s);
      const available = await availableCash(sender.id, currency);
      if (amount > available) throw overBalance(available);
    }
    await countLookup(sender.id, username, s['transfer.lookupsPerDay']);
    const receiver = await accounts.findUserByUsername(username);
    if (!receiver || receiver.testFlag === '1' || receiver.kyc !== 1) throw receiverUnavailable();
    // A player who may not sign in (blocked by an operator, in a cool-off or self-excluded) receives nothing.
    if (await accounts.signInRefusal(receiver.id)) throw receiverUnavailable();
    return { receiver, amount, currency, s };
  }

  return {
    hooks,
    figures,
    figuresOfMany,

    /** userInfo: the accounts' profile of the player with the wallet's figures, in one statement. */
    async userInfo(userId: number): Promise<UserInfo> {
      const [rows, s] = await Promise.all([
        database.prepared<ProfileRow & FigureRow>(
          'wallet_user_info',
          sql`select * from ${sql.join([sql`(${accounts.profileQuery(userId)}) p`, ...figureParts(userId, DEFAULT_CURRENCY)], sql`, `)}`,
        ),
        settings.all(),
      ]);
      // No row: the user is gone (the profile's own error).
      const { testPwd, ...profile } = accounts.profileOf(rows[0]);
      const f = figuresOf(rows[0]!, s, DEFAULT_CURRENCY);
      return {
        ...profile,
        ...f,
        extendInfo:
          profile.testFlag === '1'
            ? JSON.stringify({ username: profile.username, pwd: testPwd ?? '', balance: f.balance })
            : '',
        paypackage: [],
      };
    },

    /** getBalance: cash and bonus money (the ledger's balances alone). */
    async balance(userId: number) {
      const [row] = await database.prepared<BalanceRow>(
        'wallet_balance',
        balancesQuery(userId, DEFAULT_CURRENCY),
      );
      const major = (minor: number) => toMajor(minor, DEFAULT_CURRENCY);
      return {
        balance: major(Number(row!.cash_available)),
        freeBalance: major(Number(row!.bonus_available)),
      };
    },

    /** getUserTest: a test account's credentials and play-money balance; refused for real accounts. */
    async testAccount(userId: number): Promise<TestAccount> {
      const profile = await accounts.profile(userId);
      if (profile.testFlag !== '1') throw new AppError(ErrorCode.FORBIDDEN, 'notTestAccount');
      const f = await figures(userId);
      return { username: profile.username, pwd: profile.testPwd ?? '', balance: f.balance };
    },

    /** A new test account holding play money only (decisions.md "Test accounts"). */
    async createTestAccount(): Promise<TestAccount> {
      const user = await accounts.createTestUser();
      const amount = await settings.get('testAccount.playBalance');
      await database.transaction(async (tx) => {
        await openPlayerAccounts(tx, user.userId, 'play');
        if (amount > 0)
          await post(tx, {
            type: TxType.PLAY_FUNDING,
            book: 'play',
            players: [{ userId: user.userId, amount }],
            system: [{ kind: 'play_bank', amount: -amount }],
            idempotencyKey: `play-funding:${user.userId}`,
          });
      });
      await bus.publish('balance.changed', { userId: user.userId });
      return { username: user.username, pwd: user.pwd, balance: toMajor(amount) };
    },

    /** The records screen: the player's movements, newest first, a page at a time. */
    async records(userId: number, q: RecordsQuery & { limit: number }): Promise<RecordsAnswer> {
      const types = q.type ? RecordCategory[q.type] : ALL_TYPES;
      const state = q.status ? STATE_OF[q.status] : undefined;
      if (q.status && !state) return { list: [], nextCursor: null };
      const entries = await listEntries(db, {
        userId,
        types,
        state,
        from: bound(q.from, false),
        to: bound(q.to, true),
        before: q.cursor ? Number(q.cursor) : undefined,
        limit: q.limit + 1,
      });
      const page = entries.slice(0, q.limit);
      const bets = await betsOf(page);
      const list = page.map((e, i): WalletRecord => ({
        id: String(e.id),
        type: e.type,
        category: CATEGORY_OF.get(e.type)!,
        amount: toMajor(e.amount, e.currency),
        currency: e.currency,
        status: STATUS_OF[e.state],
        time: e.time.toISOString(),
        counterparty:
          e.type === TxType.TRANSFER ? String((e.amount < 0 ? e.memo?.to : e.memo?.from) ?? '') : null,
        ref: e.ref,
        bet: bets[i]!,
        refund: e.refund,
        cashout: e.type === TxType.BET_SETTLED && e.memo?.cashout !== undefined,
      }));
      return { list, nextCursor: entries.length > q.limit ? String(page.at(-1)!.id) : null };
    },

    /**
     * The receiver check before the confirm step: every rule of the transfer, then the receiver's masked
     * name. Moves nothing; counts as a receiver look-up.
     */
    async checkTransfer(sender: Sender, input: TransferRequest): Promise<TransferCheckAnswer> {
      const { receiver } = await vet(sender, input, null);
      return { name: maskName(receiver.name) };
    },

    /**
     * Sends cash to another player by username. Both must have passed KYC; test accounts neither send nor
     * receive. Everything about the sender and the amount is checked before the receiver is looked up, and
     * look-ups are limited per player, so the call does not tell who is registered. Limits from settings
     * (per transfer and per UTC day). The receiver's money carries the deposit wagering requirement, so a
     * transfer cannot launder unplayed deposits. Idempotent under `key`.
     */
    async transfer(sender: Sender, input: TransferRequest, key: string): Promise<TransferAnswer> {
      const { receiver, amount, currency, s } = await vet(sender, input, key);
      let posted: Awaited<ReturnType<typeof post>>;
      try {
        posted = await database.transaction(async (tx) => {
          // One transfer of a sender at a time, so that the daily sum cannot be raced past.
          await lockPlayerAccount(tx, sender.id, 'cash', currency);
          // A repeat of a transfer that reached the limit still gets its first answer from post().
          if (!(await keyUsed(tx, key))) await checkDaily(tx, sender.id, amount, currency, s);
          const sent = await post(tx, {
            type: TxType.TRANSFER,
            currency,
            book: 'real',
            userId: sender.id,
            counterUserId: receiver.id,
            players: [
              { userId: sender.id, amount: -amount },
              { userId: receiver.id, amount },
            ],
            memo: { from: sender.username, to: receiver.username },
            idempotencyKey: key,
          });
          // The received cash carries the deposit requirement, recorded in this same transaction.
          await recordCredit(tx, { userId: receiver.id, currency, txId: sent.txId, received: amount }, s);
          // Both players' figures follow its delivery.
          if (!sent.replayed)
            await outbox.emit(tx, 'wallet.transferred', {
              senderId: sender.id,
              receiverId: receiver.id,
              txId: sent.txId,
              amount,
            });
          return sent;
        });
      } catch (err) {
        // The balance changed since the check (another spend at once): say so, as the check does.
        if (err instanceof AppError && err.code === ErrorCode.INSUFFICIENT_BALANCE)
          throw overBalance(await availableCash(sender.id, currency));
        throw err;
      }
      const [row] = await listEntries(db, {
        userId: sender.id,
        types: [TxType.TRANSFER],
        before: posted.txId + 1,
        limit: 1,
      });
      return {
        id: String(posted.txId),
        username: receiver.username,
        amount: toMajor(amount, currency),
        currency,
        time: (row?.id === posted.txId ? row.time : new Date()).toISOString(),
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

/** VIP (decisions.md): level L needs column 2 of L in deposits and column 3 of L-1 in turnover. */
export function vipLevel(table: Settings['vip.table'], paySum: number, gameSum: number): number {
  let level = 0;
  while (
    level + 1 < table.length &&
    paySum >= table[level + 1]!.paySum &&
    gameSum >= (table[level]!.gameSum ?? Infinity)
  )
    level++;
  return level;
}

/**
 * The one definition of the withdrawable amount (decisions.md "Money"): spendable real cash, less the cash
 * wagering requirement still due (the wagering module: raised when money comes in, deposit x multiplier,
 * worn down by settled stakes); a deposit multiplier of 0 switches the rule off, also for money already in
 * (an operator's "no deposit wagering"). Pass the caller's `tx` when the answer must hold until it commits.
 * `wagerDue` is that requirement itself, so the player can be told how much more to wager (minor units);
 * `level` is the player's VIP level from the same row (a withdrawal's daily count and fee), so a withdrawal
 * reads the player's figures once.
 */
export async function withdrawable(
  exec: Executor,
  userId: number,
  s: Pick<Settings, 'wagering.depositMultiplier' | 'vip.table'>,
) {
  const row = await figureRow(exec, userId, DEFAULT_CURRENCY);
  const level = vipLevel(s['vip.table'], Number(row.deposited), Number(row.wagered));
  if (row.cash_book !== 'real') return { balance: 0, wdAmount: 0, wagerDue: 0, level };
  const available = Number(row.cash_available);
  const unmet = s['wagering.depositMultiplier'] === 0 ? 0 : Number(row.cash_due);
  return { balance: available, wdAmount: Math.max(0, available - unmet), wagerDue: unmet, level };
}
