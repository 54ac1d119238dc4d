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
import { DEFAULT_CURRENCY, formatMoney, toMajor, type Currency } from '@aposta/money';
import type { EventBus } from '../../platform/bus';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import {
  balancesQuery,
  keyUsed,
  listEntries,
  lockPlayerAccount,
  openPlayerAccounts,
  parseAmount,
  parseCurrency,
  post,
  sentSince,
  type Entry,
} from '../ledger';
import type { AccountProfile } from '../accounts';
import type { SettingsService } from '../settings';
import { recordCredit, totalsQuery } from '../wagering';

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

interface FigureRow {
  cash_available: string;
  bonus_available: string;
  cash_book: string | null;
  deposited: string;
  withdrawn: string;
  wagered: string;
  cash_due: string;
}

/** A player's balances (ledger) and totals (wagering) in one query, one round trip. */
async function figureRow(exec: Executor, userId: number, currency: Currency): Promise<FigureRow> {
  const result = (await exec.execute(
    sql`select * from (${balancesQuery(userId, currency)}) b, (${totalsQuery(userId, currency)}) w`,
  )) as unknown as { rows: FigureRow[] };
  return result.rows[0]!;
}

export function createWalletService({ database, settings, bus, accounts }: WalletDeps) {
  const { db } = database;

  /** Balances and totals of userInfo, getBalance and the socket: major units of the player's currency. */
  async function figures(userId: number, currency: Currency = DEFAULT_CURRENCY): Promise<UserFigures> {
    const [row, s] = await Promise.all([figureRow(db, userId, currency), settings.all()]);
    const paySum = Number(row.deposited);
    const gameSum = Number(row.wagered);
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
      balance: major(Number(row.cash_available)),
      freeBalance: major(Number(row.bonus_available)),
      payAmount: major(paySum),
      paySumAmount: major(paySum),
      wdSumAmount: major(Number(row.withdrawn)),
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
        return sent;
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
 * The one definition of the withdrawable amount (decisions.md "Money"): spendable real cash, less the cash
 * wagering requirement still due (the wagering module: raised when money comes in, deposit x multiplier,
 * worn down by settled stakes); a deposit multiplier of 0 switches the rule off, also for money already in
 * (an operator's "no deposit wagering"). Pass the caller's `tx` when the answer must hold until it commits.
 */
export async function withdrawable(exec: Executor, userId: number, depositMultiplier: number) {
  const row = await figureRow(exec, userId, DEFAULT_CURRENCY);
  if (row.cash_book !== 'real') return { balance: 0, wdAmount: 0 };
  const available = Number(row.cash_available);
  const unmet = depositMultiplier === 0 ? 0 : Number(row.cash_due);
  return { balance: available, wdAmount: Math.max(0, available - unmet) };
}
