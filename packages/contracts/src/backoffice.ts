import { z } from 'zod';
import {
  AUDIT_KINDS,
  AUDIT_OUTCOMES,
  OPERATOR_ROLES,
  operatorAuditRow,
  operatorCreateInput,
} from './operators';
import { rgLimits } from './rg';

/**
 * The back office's calls about operators, the audit log and players (`/api/operator/operators`,
 * `/api/operator/audit`, `/api/operator/players`). Money fields are major units (JSON numbers with at most
 * two decimals, R$ 12.34 as 12.34), as in the operator withdrawals' answers. Times are ISO 8601 strings.
 *
 * Lists answer `{ list, total }` (total: every row the filters match) and take `page` (1-based),
 * `pageSize` (at most 100), `sort` (a field of the row) and `order` (`asc` | `desc`).
 */

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const PAGE_SIZE_MAX = 100;

/** A page number (1-based). */
export const pageNumber = z.coerce
  .number({ error: 'fieldInvalid' })
  .int('fieldInvalid')
  .min(1, 'fieldInvalid')
  .max(1_000_000, 'fieldInvalid');

const pageFields = {
  page: pageNumber.default(1),
  pageSize: z.coerce
    .number({ error: 'fieldInvalid' })
    .int('fieldInvalid')
    .min(1, 'fieldInvalid')
    .max(PAGE_SIZE_MAX, 'fieldInvalid')
    .default(20),
  order: z.enum(SORT_ORDERS, { error: 'fieldInvalid' }).default('desc'),
};

/** The query of a paginated list sortable by `sorts` (the first is the default). */
export const pageQuery = <const S extends readonly [string, ...string[]]>(sorts: S) =>
  z.object({ ...pageFields, sort: z.enum(sorts, { error: 'fieldInvalid' }).default(sorts[0]) });

/** A page of a list: the rows asked for and how many rows match in all. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int() });

/** The largest id a route takes (PostgreSQL's `integer`): a larger one is 400, never a database error. */
export const ID_MAX = 2_147_483_647;
/** An id in a JSON body. */
export const bodyId = z
  .number({ error: 'fieldInvalid' })
  .int('fieldInvalid')
  .positive('fieldInvalid')
  .max(ID_MAX, 'fieldInvalid');
/** An id in a query string or path. */
export const queryId = z.coerce.number({ error: 'fieldInvalid' }).pipe(bodyId);

/** `:id` of a path (an operator, a player, an adjustment). */
export const idParams = z.object({ id: queryId });

/** An instant between 1970 and 2100: PostgreSQL refuses year 0, and nothing here happened before or after. */
export const inServiceYears = (iso: string) => Date.parse(iso) >= 0 && Date.parse(iso) < Date.UTC(2100, 0, 1);
/** A filter's instant (ISO 8601, with offset) within those years. */
export const filterTime = z.iso
  .datetime({ offset: true, error: 'fieldInvalid' })
  .refine(inServiceYears, 'fieldInvalid');

/** `from` after `to` is refused (`periodReversed`) rather than answered with an empty list. */
export const fromNotAfterTo = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);

/**
 * The version a form read; a write carrying an older one is refused with 409 `staleVersion` (another
 * operator changed the record meanwhile) and changes nothing.
 */
export const formVersion = z.number({ error: 'fieldInvalid' }).int('fieldInvalid').min(0, 'fieldInvalid');

// ---------------------------------------------------------------------------------------------------------
// Operators (permission `operators.manage`)

export const backofficeOperator = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** false once disabled (its sessions are revoked and it cannot sign in). */
  active: z.boolean(),
  createdAt: z.string(),
  /** The last successful sign-in, null if never. */
  lastLoginAt: z.string().nullable(),
});
export type BackofficeOperator = z.infer<typeof backofficeOperator>;

export const OPERATOR_SORTS = ['id', 'email', 'role', 'createdAt', 'lastLoginAt'] as const;
export const operatorsListQuery = pageQuery(OPERATOR_SORTS);
export type OperatorsListQuery = z.input<typeof operatorsListQuery>;
export const operatorsListAnswer = pageOf(backofficeOperator);
export type OperatorsListAnswer = z.infer<typeof operatorsListAnswer>;

/** `POST /api/operator/operators`: {email, password (12+ characters), role}. */
export const operatorCreateRequest = operatorCreateInput;
export type OperatorCreateRequest = z.input<typeof operatorCreateRequest>;
/**
 * A TOTP secret to enrol (base32) and its `otpauth://` URL (for a QR code): shown once, in the answer that made
 * it (a new operator's, a TOTP reset's), never again.
 */
const totpEnrolment = z.object({ totpSecret: z.string(), otpauthUrl: z.string() });
export const operatorCreateAnswer = z
  .object({ id: z.number().int(), email: z.string(), role: z.enum(OPERATOR_ROLES) })
  .extend(totpEnrolment.shape);
export type OperatorCreateAnswer = z.infer<typeof operatorCreateAnswer>;

/** `POST /api/operator/operators/:id/disable`: the operator afterwards and how many sessions were revoked. */
export const operatorDisableAnswer = z.object({
  operator: backofficeOperator,
  sessionsRevoked: z.number().int(),
});
export type OperatorDisableAnswer = z.infer<typeof operatorDisableAnswer>;

/** `POST /api/operator/operators/:id/enable`: the operator afterwards (it signs in anew). */
export const operatorEnableAnswer = z.object({ operator: backofficeOperator });
export type OperatorEnableAnswer = z.infer<typeof operatorEnableAnswer>;

/** `POST /api/operator/operators/:id/role`: {role}, one of the roles. */
const roleError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'operatorRoleRequired' : 'operatorRoleUnknown';
export const operatorRoleRequest = z.strictObject(
  { role: z.enum(OPERATOR_ROLES, { error: roleError }) },
  { error: roleError },
);
export type OperatorRoleRequest = z.input<typeof operatorRoleRequest>;
/** The operator afterwards and how many of its sessions were revoked (it signs in anew with its new role). */
export const operatorRoleAnswer = operatorDisableAnswer;
export type OperatorRoleAnswer = z.infer<typeof operatorRoleAnswer>;

/**
 * `POST /api/operator/operators/:id/totp-reset` (no body): the operator's TOTP secret replaced by a new one,
 * enrolled as a new operator's is (its secret and URL shown once, to hand over); the old codes stop working and
 * its sessions are revoked.
 */
export const operatorTotpResetAnswer = operatorDisableAnswer.extend(totpEnrolment.shape);
export type OperatorTotpResetAnswer = z.infer<typeof operatorTotpResetAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Audit log (permission `audit.read`)

/**
 * `GET /api/operator/audit`: filters, all optional. `actor` is an operator's e-mail (or part of it) or id;
 * `action` a permission or `auth.*`; `target` matches the start of the target (`player:12`); `from`/`to`
 * bound the time (ISO). With `limit` (older callers) the answer is the plain array of the newest `limit` rows
 * that match (page and sort ignored); without it, `{ list, total }`.
 */
export const AUDIT_SORTS = ['id'] as const;
export const auditFilterQuery = pageQuery(AUDIT_SORTS)
  .extend({
    actor: z.string().trim().max(254, 'fieldInvalid').optional(),
    action: z.string().trim().max(100, 'fieldInvalid').optional(),
    target: z.string().trim().max(200, 'fieldInvalid').optional(),
    outcome: z.enum(AUDIT_OUTCOMES, { error: 'fieldInvalid' }).optional(),
    /** `change` or `read` (see AUDIT_KINDS); absent, both. */
    kind: z.enum(AUDIT_KINDS, { error: 'fieldInvalid' }).optional(),
    from: filterTime.optional(),
    to: filterTime.optional(),
    limit: z.coerce
      .number({ error: 'fieldInvalid' })
      .int('fieldInvalid')
      .min(1, 'fieldInvalid')
      .max(1000, 'fieldInvalid')
      .optional(),
  })
  .refine(fromNotAfterTo, { message: 'periodReversed', path: ['to'] });
export type AuditFilterQuery = z.input<typeof auditFilterQuery>;
export const auditPage = pageOf(operatorAuditRow);
export type AuditPage = z.infer<typeof auditPage>;
export const auditFilterAnswer = z.union([auditPage, z.array(operatorAuditRow)]);

// ---------------------------------------------------------------------------------------------------------
// Players (read: `players.read`; writes: `players.write`)

export const PLAYER_STATUSES = ['active', 'blocked', 'excluded'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

export const playerRow = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** `***.456.789-**`, '' when no CPF is on file. */
  cpfMasked: z.string(),
  /** The player's invitation code. */
  yqm: z.string(),
  createdAt: z.string(),
  /** blocked by an operator; excluded by a cool-off or self-exclusion in force (blocked wins). */
  status: z.enum(PLAYER_STATUSES),
  /** Marked as a test account by an operator, or a play-money test account. */
  test: z.boolean(),
  vipLevel: z.number().int(),
  /** Real-money balances in BRL, major units. */
  cash: z.number(),
  bonus: z.number(),
});
export type PlayerRow = z.infer<typeof playerRow>;

export const PLAYER_SORTS = ['id', 'createdAt', 'email', 'name'] as const;
/** `q` matches e-mail or name (part of), CPF (its digits), invitation code or user id. */
export const playersQuery = pageQuery(PLAYER_SORTS).extend({
  q: z.string().trim().max(100, 'fieldInvalid').optional(),
  status: z.enum(PLAYER_STATUSES, { error: 'fieldInvalid' }).optional(),
});
export type PlayersQuery = z.input<typeof playersQuery>;
export const playersAnswer = pageOf(playerRow);
export type PlayersAnswer = z.infer<typeof playersAnswer>;

export const playerDetailRow = playerRow.extend({
  /** Send it back with every write of this player (stale forms). */
  version: z.number().int(),
  phone: z.string(),
  birthDate: z.string().nullable(),
  /** The terms of service's version the player accepted last and when (ISO); null: none recorded. */
  termsVersion: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  /** A play-money account (its own book of money, never real). */
  playMoney: z.boolean(),
  blockedAt: z.string().nullable(),
  blockReason: z.string().nullable(),
});
export type PlayerDetailRow = z.infer<typeof playerDetailRow>;

export const playerBalance = z.object({
  /** 'real' or 'play'. */
  book: z.string(),
  /** 'cash' or 'bonus'. */
  kind: z.string(),
  currency: z.string(),
  balance: z.number(),
  /** Reserved by open stakes and withdrawals. */
  held: z.number(),
});

export const playerSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** null for sessions from before addresses were kept. */
  ip: z.string().nullable(),
  /** The browser's User-Agent at sign-in, null when unknown. */
  device: z.string().nullable(),
  /** Neither revoked nor expired. */
  active: z.boolean(),
});

export const playerDetail = z.object({
  player: playerDetailRow,
  balances: z.array(playerBalance),
  vip: z.object({
    level: z.number().int(),
    /** Settled stakes counted towards VIP, major units. */
    turnover: z.number(),
    /** Deposits in all, major units. */
    deposits: z.number(),
  }),
  referral: z.object({
    /** Who invited the player, level 1 (direct) to 3. */
    inviters: z.array(z.object({ level: z.number().int(), id: z.number().int(), email: z.string() })),
    /** How many players the player brought, per level. */
    invitees: z.array(z.object({ level: z.number().int(), persons: z.number().int() })),
  }),
  kyc: z.object({
    /** Name and CPF are on file (needed to withdraw). */
    verified: z.boolean(),
    name: z.string(),
    cpfMasked: z.string(),
  }),
  /** Newest first, at most 50. */
  sessions: z.array(playerSession),
  ips: z.array(z.object({ ip: z.string(), count: z.number().int(), lastSeenAt: z.string() })),
  devices: z.array(z.object({ device: z.string(), count: z.number().int(), lastSeenAt: z.string() })),
  limits: rgLimits,
  /** Newest first. */
  notes: z.array(z.lazy(() => playerNote)),
});
export type PlayerDetail = z.infer<typeof playerDetail>;

/** `GET /api/operator/players/:id/ledger`: the postings on the player's accounts. */
export const PLAYER_LEDGER_SORTS = ['id'] as const;
export const playerLedgerQuery = pageQuery(PLAYER_LEDGER_SORTS);
export const playerLedgerLine = z.object({
  /** The ledger transaction. */
  txId: z.number().int(),
  time: z.string(),
  book: z.string(),
  /** The account's kind: 'cash' or 'bonus'. */
  kind: z.string(),
  currency: z.string(),
  /** Contracts `TxType` and its name. */
  type: z.number().int(),
  typeName: z.string(),
  reference: z.string().nullable(),
  /** Signed, from the player's side, major units. */
  amount: z.number(),
  /** The account's balance right after this posting. */
  balanceAfter: z.number(),
});
export type PlayerLedgerLine = z.infer<typeof playerLedgerLine>;
export const playerLedgerAnswer = pageOf(playerLedgerLine);

export const BET_PRODUCTS = ['originals', 'rounds', 'sports', 'casino'] as const;
export type BetProduct = (typeof BET_PRODUCTS)[number];
export const PLAYER_BET_SORTS = ['createdAt'] as const;
/** `GET /api/operator/players/:id/bets`: every product, or only `product`. */
export const playerBetsQuery = pageQuery(PLAYER_BET_SORTS).extend({
  product: z.enum(BET_PRODUCTS, { error: 'fieldInvalid' }).optional(),
});
export const playerBet = z.object({
  /** The product's own bet id (unique within the product). */
  id: z.string(),
  product: z.enum(BET_PRODUCTS),
  /** The game (originals, rounds, casino) or the event / selections (sports). */
  game: z.string(),
  /**
   * The round: a shared round's id (rounds), `provider:round` for the casino (the operator's round recall);
   * null for originals and sports.
   */
  round: z.string().nullable(),
  stake: z.number(),
  /** null while open. */
  payout: z.number().nullable(),
  /** 'open', 'won', 'lost', 'void', 'cashout' … as the product says. */
  status: z.string(),
  createdAt: z.string(),
});
export type PlayerBet = z.infer<typeof playerBet>;
export const playerBetsAnswer = pageOf(playerBet);

export const playerBlockRequest = z.strictObject({
  reason: z
    .string({ error: 'fieldInvalid' })
    .trim()
    .min(1, 'playerBlockReasonRequired')
    .max(500, 'fieldInvalid'),
  version: formVersion,
});
export type PlayerBlockRequest = z.input<typeof playerBlockRequest>;
export const playerUnblockRequest = z.strictObject({ version: formVersion });
export const playerTestRequest = z.strictObject({
  test: z.boolean({ error: 'fieldInvalid' }),
  version: formVersion,
});
export type PlayerTestRequest = z.input<typeof playerTestRequest>;
/** Block, unblock and the test mark answer the player as it is now (with its new version). */
export const playerWriteAnswer = playerDetailRow;
export const playerSignoutAnswer = z.object({ sessionsRevoked: z.number().int() });

export const playerNoteRequest = z.strictObject({
  text: z.string({ error: 'fieldInvalid' }).trim().min(1, 'playerNoteRequired').max(2000, 'fieldInvalid'),
});
export const playerNote = z.object({
  id: z.number().int(),
  text: z.string(),
  operatorEmail: z.string(),
  createdAt: z.string(),
});
export type PlayerNote = z.infer<typeof playerNote>;

// ---------------------------------------------------------------------------------------------------------
// Settings (stale forms)

/**
 * `PUT /api/operator/settings` may carry, beside the keys it changes, `expected`: the values the form read
 * for those keys (`{ "expected": { "vip.table": [...] } }`). When any of them changed since, the answer is 409
 * `staleVersion` and nothing is written. Without `expected` the write is unconditional (older callers).
 */
export const SETTINGS_EXPECTED_KEY = 'expected';
