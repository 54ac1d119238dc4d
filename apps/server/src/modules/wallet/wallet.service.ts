import {
  ErrorCode,
  OrderStatus,
  RecordCategory,
  TxType,
  type RecordsAnswer,
  type RecordsQuery,
  type TestAccount,
  type TransferAnswer,
  type UserFigures,
  type UserInfo,
  type WalletRecord,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, formatMoney, scale, toMajor, type Currency } from '@aposta/money';
import type { EventBus } from '../../platform/bus';
import type { Database, Executor } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import {
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
import type { AccountProfile } from '../accounts';
import type { SettingsService } from '../settings';

/** What the wallet needs of the accounts module (the wallet depends on accounts, never the reverse). */
export interface WalletAccounts {
  createTestUser(): Promise<{ userId: number; username: string; pwd: string }>;
  findUserByUsername(username: string): Promise<{ id: number; username: string; testFlag: string } | null>;
  profile(userId: number): Promise<AccountProfile>;
}

export interface WalletDeps {
  database: Database;
  settings: SettingsService;
  bus: EventBus;
  accounts: WalletAccounts;
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

export function createWalletService({ database, settings, bus, accounts }: WalletDeps) {
  const { db } = database;

  /** Balances and totals of userInfo, getBalance and the socket: major units of the player's currency. */
  async function figures(userId: number, currency: Currency = DEFAULT_CURRENCY): Promise<UserFigures> {
    const [list, s] = await Promise.all([playerAccounts(db, userId), settings.all()]);
    const cash = list.find((a) => a.kind === 'cash' && a.currency === currency);
    const bonus = list.find((a) => a.kind === 'bonus' && a.currency === currency);
    const paySum = cash?.deposited ?? 0;
    const gameSum = cash?.wagered ?? 0;
    // VIP (decisions.md): level L needs column 2 of L in deposits and column 3 of L-1 in turnover.
    const table = s['vip.table'];
    let level = 0;
    while (
      level + 1 < table.length &&
      paySum >= table[level + 1]!.paySum &&
      gameSum >= (table[level]!.gameSum ?? Infinity)
    )
      level++;
    const next = table[Math.min(level + 1, table.length - 1)]!;
    const major = (minor: number) => toMajor(minor, currency);
    return {
      balance: major(cash?.available ?? 0),
      freeBalance: major(bonus?.available ?? 0),
      payAmount: major(paySum),
      paySumAmount: major(paySum),
      wdSumAmount: major(cash?.withdrawn ?? 0),
      gameSumAmount: major(gameSum),
      level,
      nextlevel: { paySumAmount: major(next.paySum), gameSumAmount: major(table[level]!.gameSum ?? 0) },
      payDiscount: null,
      level1Amount: 0,
      level2Amount: 0,
      level3Amount: 0,
    };
  }

  return {
    figures,

    /** userInfo: the accounts' profile of the player with the wallet's figures. */
    async userInfo(userId: number): Promise<UserInfo> {
      const { testPwd, ...profile } = await accounts.profile(userId);
      const f = await figures(userId);
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

    /** getBalance: cash and bonus money. */
    async balance(userId: number) {
      const f = await figures(userId);
      return { balance: f.balance, freeBalance: f.freeBalance };
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
      const list = page.map((e): WalletRecord => ({
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
      }));
      return { list, nextCursor: entries.length > q.limit ? String(page.at(-1)!.id) : null };
    },

    /**
     * Sends cash to another player by username. Refused for test accounts, to oneself and to nobody; limits
     * from settings (per transfer and per UTC day). The receiver's money carries the deposit wagering
     * requirement, so a transfer cannot launder unplayed deposits. Idempotent under `key`.
     */
    async transfer(
      sender: Sender,
      input: { username: string; amount: number | string; currency?: string },
      key: string,
    ): Promise<TransferAnswer> {
      const currency = parseCurrency(input.currency ?? DEFAULT_CURRENCY);
      const amount = parseAmount(input.amount, currency);
      const s = await settings.all();
      if (!s['transfer.enabled']) throw new AppError(ErrorCode.FORBIDDEN, 'transferDisabled');
      if (sender.testFlag === '1') throw new AppError(ErrorCode.FORBIDDEN, 'transferTestAccount');
      const receiver = await accounts.findUserByUsername(input.username);
      if (!receiver) throw notFound('transferUserUnknown');
      if (receiver.id === sender.id) throw badRequest('transferToSelf');
      if (receiver.testFlag === '1') throw new AppError(ErrorCode.FORBIDDEN, 'transferTestAccount');
      const shown = (minor: number) => formatMoney(minor, currency);
      if (amount < s['transfer.minAmount'])
        throw badRequest('transferMinimum', { amount: shown(s['transfer.minAmount']) });
      if (amount > s['transfer.maxAmount'])
        throw badRequest('transferMaximum', { amount: shown(s['transfer.maxAmount']) });

      const posted = await database.transaction(async (tx) => {
        // One transfer of a sender at a time, so that the daily sum cannot be raced past.
        await lockPlayerAccount(tx, sender.id, 'cash', currency);
        const today = await sentSince(tx, sender.id, TxType.TRANSFER, startOfUtcDay(new Date()), currency);
        // A repeat of a transfer that reached the limit still gets its first answer from post().
        if (today + amount > s['transfer.dailyMax'] && !(await keyUsed(tx, key)))
          throw badRequest('transferDailyLimit', { amount: shown(s['transfer.dailyMax']) });
        return post(tx, {
          type: TxType.TRANSFER,
          currency,
          book: 'real',
          userId: sender.id,
          counterUserId: receiver.id,
          players: [
            { userId: sender.id, amount: -amount },
            { userId: receiver.id, amount, wagerDue: scale(amount, s['wagering.depositMultiplier'], 'up') },
          ],
          memo: { from: sender.username, to: receiver.username },
          idempotencyKey: key,
        });
      });
      if (!posted.replayed) {
        await bus.publish('balance.changed', { userId: sender.id });
        await bus.publish('balance.changed', { userId: receiver.id });
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

/**
 * The one definition of the withdrawable amount (decisions.md "Money"): spendable real cash, less the
 * wagering still due on it. wagerDue is fixed when money comes in (deposit x multiplier) and worn down by
 * settled stakes; a deposit multiplier of 0 switches the rule off, also for money already in (an operator's
 * "no deposit wagering"). Pass the caller's `tx` when the answer must hold until it commits.
 */
export async function withdrawable(exec: Executor, userId: number, depositMultiplier: number) {
  const cash = (await playerAccounts(exec, userId)).find(
    (a) => a.kind === 'cash' && a.currency === DEFAULT_CURRENCY && a.book === 'real',
  );
  if (!cash) return { balance: 0, wdAmount: 0 };
  const unmet = depositMultiplier === 0 ? 0 : cash.wagerDue;
  return { balance: cash.available, wdAmount: Math.max(0, cash.available - unmet) };
}
