import { TxType } from '@aposta/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, onPostgres } from '../../../test/helpers';
import type { Database } from '../../platform/db';
import { auditLedger, hold, playerAccounts, post, reverse, rollUp, settle, voidHold } from './index';

/**
 * Model-based test: random sequences of deposits, holds, settlements, voids, reversals, transfers and
 * withdrawals run against the real ledger and against a few lines of in-memory arithmetic; after every
 * step each player's balance and holds must agree, and the audit must be clean at the end of every run.
 */

interface Model {
  users: number[];
  cash: Map<number, { balance: number; held: number; deposited: number; wagerDue: number }>;
  holds: { id: number; userId: number; amount: number; open: boolean; bet: boolean }[];
  /** Posted transactions: balance deltas, and what each added to deposited and to wager_due. */
  txs: { id: number; deltas: Map<number, number>; totals: Map<number, number>; reversed: boolean }[];
}
interface Real {
  database: Database;
}
type Cmd = fc.AsyncCommand<Model, Real>;

let database: Database;
let nextUser = 1;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const available = (m: Model, u: number) => m.cash.get(u)!.balance - m.cash.get(u)!.held;

async function expectAgrees(m: Model, r: Real) {
  for (const u of m.users) {
    const cash = (await playerAccounts(r.database.db, u)).find((a) => a.kind === 'cash');
    const want = m.cash.get(u)!;
    expect({
      balance: cash?.balance ?? 0,
      held: cash?.held ?? 0,
      deposited: cash?.deposited ?? 0,
      wagerDue: cash?.wagerDue ?? 0,
    }).toEqual(want);
  }
}

/** Runs `act`; when the model says it must fail, it must fail with `code` and change nothing. */
async function step(m: Model, r: Real, allowed: boolean, code: number, act: () => Promise<void>) {
  if (allowed) await act();
  else await expect(act()).rejects.toMatchObject({ code });
  await expectAgrees(m, r);
}

const amount = fc.integer({ min: 1, max: 5_000 });
const pick = fc.nat();

/** A command on one player (picked by index) and an amount. */
abstract class PlayerAmount implements Cmd {
  constructor(
    readonly u: number,
    readonly amount: number,
  ) {}
  check = () => true;
  protected player = (m: Model) => m.users[this.u % m.users.length]!;
  abstract run(m: Model, r: Real): Promise<void>;
  toString = () => `${this.constructor.name}(${this.u}, ${this.amount})`;
}

class Deposit extends PlayerAmount {
  async run(m: Model, r: Real) {
    const userId = this.player(m);
    const { txId } = await post(r.database.db, {
      type: TxType.DEPOSIT,
      players: [{ userId, amount: this.amount, wagerDue: this.amount }],
      system: [{ kind: 'payment_clearing', amount: -this.amount }],
    });
    const c = m.cash.get(userId)!;
    c.balance += this.amount;
    c.deposited += this.amount;
    c.wagerDue += this.amount;
    const totals = new Map([[userId, this.amount]]);
    m.txs.push({ id: txId, deltas: new Map([[userId, this.amount]]), totals, reversed: false });
    await expectAgrees(m, r);
  }
}

class Hold extends PlayerAmount {
  async run(m: Model, r: Real) {
    const userId = this.player(m);
    const ok = available(m, userId) >= this.amount;
    await step(m, r, ok, 9999, async () => {
      const { txId } = await hold(r.database.db, { type: TxType.BET, userId, amount: this.amount });
      m.cash.get(userId)!.held += this.amount;
      m.holds.push({ id: txId, userId, amount: this.amount, open: true, bet: true });
    });
  }
}

class Settle implements Cmd {
  constructor(
    readonly h: number,
    readonly captureShare: number,
    readonly payout: number,
  ) {}
  check = (m: Readonly<Model>) => m.holds.length > 0;
  async run(m: Model, r: Real) {
    const h = m.holds[this.h % m.holds.length]!;
    const capture = Math.floor((h.amount * this.captureShare) / 100);
    await step(m, r, h.open, 40900, async () => {
      await settle(r.database.db, {
        holdId: h.id,
        capture,
        to: capture ? [{ kind: 'house.casino', amount: capture }] : [],
        ...(this.payout ? { payout: { from: 'house.casino' as const, amount: this.payout } } : {}),
      });
      const c = m.cash.get(h.userId)!;
      c.held -= h.amount;
      c.balance += this.payout - capture;
      if (h.bet) c.wagerDue = Math.max(0, c.wagerDue - capture);
      h.open = false;
    });
  }
  toString = () => `settle(${this.h}, ${this.captureShare}%, ${this.payout})`;
}

class Void implements Cmd {
  constructor(readonly h: number) {}
  check = (m: Readonly<Model>) => m.holds.length > 0;
  async run(m: Model, r: Real) {
    const h = m.holds[this.h % m.holds.length]!;
    await step(m, r, h.open, 40900, async () => {
      await voidHold(r.database.db, { holdId: h.id });
      m.cash.get(h.userId)!.held -= h.amount;
      h.open = false;
    });
  }
  toString = () => `void(${this.h})`;
}

class Reverse implements Cmd {
  constructor(readonly t: number) {}
  check = (m: Readonly<Model>) => m.txs.length > 0;
  async run(m: Model, r: Real) {
    const tx = m.txs[this.t % m.txs.length]!;
    const fundsOk = [...tx.deltas].every(([u, d]) => available(m, u) - d >= 0);
    if (tx.reversed) {
      await step(m, r, false, 40900, async () => void (await reverse(r.database.db, { txId: tx.id })));
      return;
    }
    await step(m, r, fundsOk, 9999, async () => {
      await reverse(r.database.db, { txId: tx.id });
      for (const [u, d] of tx.deltas) m.cash.get(u)!.balance -= d;
      for (const [u, added] of tx.totals) {
        const c = m.cash.get(u)!;
        c.deposited -= added;
        c.wagerDue = Math.max(0, c.wagerDue - added);
      }
      tx.reversed = true;
    });
  }
  toString = () => `reverse(${this.t})`;
}

class Transfer implements Cmd {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const a = m.users[this.from % m.users.length]!;
    const b = m.users[(this.from + 1 + (this.to % (m.users.length - 1))) % m.users.length]!;
    await step(m, r, available(m, a) >= this.amount, 9999, async () => {
      const { txId } = await post(r.database.db, {
        type: TxType.TRANSFER,
        players: [
          { userId: a, amount: -this.amount },
          { userId: b, amount: this.amount },
        ],
      });
      m.cash.get(a)!.balance -= this.amount;
      m.cash.get(b)!.balance += this.amount;
      m.txs.push({
        id: txId,
        deltas: new Map([
          [a, -this.amount],
          [b, this.amount],
        ]),
        totals: new Map(),
        reversed: false,
      });
    });
  }
  toString = () => `transfer(${this.from}, ${this.to}, ${this.amount})`;
}

class Withdraw extends PlayerAmount {
  async run(m: Model, r: Real) {
    const userId = this.player(m);
    await step(m, r, available(m, userId) >= this.amount, 9999, async () => {
      const h = await hold(r.database.db, { type: TxType.WITHDRAWAL, userId, amount: this.amount });
      await settle(r.database.db, {
        holdId: h.txId,
        capture: this.amount,
        to: [{ kind: 'payouts_pending', amount: this.amount }],
      });
      m.cash.get(userId)!.balance -= this.amount;
      m.holds.push({ id: h.txId, userId, amount: this.amount, open: false, bet: false });
    });
  }
}

const commands = [
  fc.tuple(pick, fc.integer({ min: 1, max: 20_000 })).map(([u, a]) => new Deposit(u, a)),
  fc.tuple(pick, amount).map(([u, a]) => new Hold(u, a)),
  fc
    .tuple(pick, fc.integer({ min: 0, max: 100 }), fc.oneof(fc.constant(0), amount))
    .map(([h, c, p]) => new Settle(h, c, p)),
  pick.map((h) => new Void(h)),
  pick.map((t) => new Reverse(t)),
  fc.tuple(pick, pick, amount).map(([f, t, a]) => new Transfer(f, t, a)),
  fc.tuple(pick, amount).map(([u, a]) => new Withdraw(u, a)),
];

it('agrees with an in-memory model over random sequences, and the audit stays clean', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'large' }), async (cmds) => {
      const users = [nextUser++, nextUser++];
      const model: Model = {
        users,
        cash: new Map(users.map((u) => [u, { balance: 0, held: 0, deposited: 0, wagerDue: 0 }])),
        holds: [],
        txs: [],
      };
      await fc.asyncModelRun(() => ({ model, real: { database } }), cmds);
      await rollUp(database.db);
      const audit = await auditLedger(database);
      expect(audit.checks.filter((c) => c.faults.length)).toEqual([]);
    }),
    { numRuns: onPostgres ? 40 : 20 },
  );
}, 120_000);
