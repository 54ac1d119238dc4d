import type {
  ActivityReport,
  GgrReport,
  GgrRow,
  LedgerAuditRun,
  LedgerState,
  ReportProduct,
} from '@aposta/contracts';
import { toDecimalString, toMajor } from '@aposta/money';
import type { Database } from '../../platform/db';
import {
  activityDays,
  playerTotals,
  productDays,
  promotionAndFeeDays,
  systemBalances,
  type DayRange,
} from '../ledger';
import { lastAudit, runAudit, type AuditRun } from './books.audit';

export interface ReportsDeps {
  database: Database;
}

/** A report answered as JSON (the envelope's data) or as a CSV file. */
export type Rendered<T> = { format: 'json'; data: T } | { format: 'csv'; text: string; filename: string };

/** Minor-unit figures of a GGR row, before they are written as major units or CSV decimals. */
interface GgrFigures {
  day: string;
  product: ReportProduct | 'all';
  stakes: number;
  wins: number;
  bonuses: number;
  fees: number;
}

/** Every São Paulo day of the range, in order. */
function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = new Date(`${range.from}T00:00:00Z`); d <= new Date(`${range.to}T00:00:00Z`);) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/**
 * RFC 4180: a header row, fields quoted only when they need it, CRLF line ends. A text cell a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a CR) gets a leading `'` (OWASP's CSV injection advice);
 * plain numbers such as `-12.50` stay numbers.
 */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  const field = (v: string | number) => {
    let s = String(v);
    if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

const auditAnswer = (run: AuditRun): LedgerAuditRun => ({
  id: run.id,
  ok: run.ok,
  ranBy: run.ranBy,
  at: run.at.toISOString(),
  checks: run.checks as LedgerAuditRun['checks'],
});

/**
 * The back office's figures, all read from the ledger's journal (never from the products' own tables), so
 * they reconcile with it to the centavo: GGR and NGR per day and product, the day's activity, the ledger's
 * state and its audit.
 */
export function createReportsService({ database }: ReportsDeps) {
  const db = database.db;

  async function ggrFigures(range: DayRange): Promise<GgrFigures[]> {
    const [products, money] = await Promise.all([productDays(db, range), promotionAndFeeDays(db, range)]);
    const out: GgrFigures[] = [];
    for (const day of daysOf(range)) {
      const rows = products.filter((p) => p.day === day);
      const extra = money.find((m) => m.day === day);
      for (const r of rows)
        out.push({
          day,
          product: r.product as ReportProduct,
          stakes: r.stakes,
          wins: r.wins,
          bonuses: 0,
          fees: 0,
        });
      out.push({
        day,
        product: 'all',
        stakes: rows.reduce((s, r) => s + r.stakes, 0),
        wins: rows.reduce((s, r) => s + r.wins, 0),
        bonuses: extra?.bonuses ?? 0,
        fees: extra?.fees ?? 0,
      });
    }
    return out;
  }

  return {
    /** GGR (stakes − wins) and NGR (− bonuses; fees kept are shown apart) per day and product, plus each day's `all` row. */
    async ggr(range: DayRange, format: 'json' | 'csv'): Promise<Rendered<GgrReport>> {
      const figures = await ggrFigures(range);
      const derived = figures.map((f) => {
        const ggr = f.stakes - f.wins;
        return { ...f, ggr, ngr: ggr - f.bonuses };
      });
      if (format === 'csv') {
        const money = ['stakes', 'wins', 'ggr', 'bonuses', 'fees', 'ngr'] as const;
        return {
          format,
          filename: `ggr-${range.from}-${range.to}.csv`,
          text: toCsv(
            ['day', 'product', ...money],
            derived.map((r) => [r.day, r.product, ...money.map((k) => toDecimalString(r[k]))]),
          ),
        };
      }
      const list: GgrRow[] = derived.map((r) => ({
        day: r.day,
        product: r.product,
        stakes: toMajor(r.stakes),
        wins: toMajor(r.wins),
        ggr: toMajor(r.ggr),
        bonuses: toMajor(r.bonuses),
        fees: toMajor(r.fees),
        ngr: toMajor(r.ngr),
      }));
      return { format, data: { from: range.from, to: range.to, list, total: list.length } };
    },

    /** Deposits, withdrawals, first-time depositors and active players per day. */
    async activity(range: DayRange, format: 'json' | 'csv'): Promise<Rendered<ActivityReport>> {
      const days = await activityDays(db, range);
      if (format === 'csv')
        return {
          format,
          filename: `activity-${range.from}-${range.to}.csv`,
          text: toCsv(
            ['day', 'deposits', 'depositsCount', 'withdrawals', 'withdrawalsCount', 'ftd', 'activePlayers'],
            days.map((d) => [
              d.day,
              toDecimalString(d.deposits),
              d.depositsCount,
              toDecimalString(d.withdrawals),
              d.withdrawalsCount,
              d.ftd,
              d.activePlayers,
            ]),
          ),
        };
      const list = days.map((d) => ({
        ...d,
        deposits: toMajor(d.deposits),
        withdrawals: toMajor(d.withdrawals),
      }));
      return { format, data: { from: range.from, to: range.to, list, total: list.length } };
    },

    /** The last audit, the system accounts' balances and what players hold. */
    async ledgerState(): Promise<LedgerState> {
      const [run, accounts, players] = await Promise.all([
        lastAudit(database),
        systemBalances(db),
        playerTotals(db),
      ]);
      return {
        lastAudit: run ? auditAnswer(run) : null,
        accounts: accounts.map((a) => ({ ...a, balance: toMajor(a.balance) })),
        players: players.map((p) => ({
          ...p,
          cash: toMajor(p.cash),
          bonus: toMajor(p.bonus),
          held: toMajor(p.held),
        })),
      };
    },

    /** Runs the audit now and keeps its result. */
    async audit(ranBy: string): Promise<LedgerAuditRun> {
      return auditAnswer(await runAudit(database, ranBy));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
