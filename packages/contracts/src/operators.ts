import { z } from 'zod';

/**
 * Operators (the back office's users): roles, the permission of each operator action, and the calls of
 * `/api/operator/auth` and `/api/operator/audit`. Shared so the back office can show only what a role may do.
 */

/** One permission per operator action; every `/api/operator/*` route names the one it needs. */
export const OPERATOR_PERMISSIONS = [
  'settings.read',
  'settings.write',
  'notices.publish',
  'realtime.read',
  'withdrawals.read',
  'withdrawals.approve',
  'withdrawals.reject',
  'withdrawals.reconcile',
  'testAccounts.create',
  'audit.read',
  'jobs.read',
  /** Running a daily job now (the referral commission): admin only. */
  'jobs.run',
  'rounds.chains',
  'rg.read',
  /** Imposing or lifting a limit on a player (a suspicious player limited). */
  'rg.write',
  'sports.trade',
  'casino.manage',
  'casino.read',
  'support.chat',
  'support.canned',
  'support.stats',
  // The back office (issue 16).
  'operators.manage',
  'players.read',
  'players.write',
  'deposits.read',
  'adjustments.propose',
  'adjustments.approve',
  'ledger.read',
  'reports.read',
  'promo.manage',
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

/**
 * Actions of the operator's own session: signing in needs no session (it is audited all the same), the
 * other two any signed-in operator.
 */
export const OPERATOR_SESSION_ACTIONS = ['auth.login', 'auth.logout', 'auth.me'] as const;
export type OperatorSessionAction = (typeof OPERATOR_SESSION_ACTIONS)[number];
/** What an audit row's `action` holds. */
export type OperatorAction = OperatorPermission | OperatorSessionAction;

export const OPERATOR_ROLES = ['admin', 'finance', 'risk', 'trader', 'support', 'marketing'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Role → permissions. Admin has every permission; the others only what their work needs. */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly OperatorPermission[]> = {
  admin: OPERATOR_PERMISSIONS,
  finance: [
    'settings.read',
    'withdrawals.read',
    'withdrawals.approve',
    'withdrawals.reject',
    'withdrawals.reconcile',
    'players.read',
    'deposits.read',
    'adjustments.propose',
    'adjustments.approve',
    'ledger.read',
    'reports.read',
  ],
  risk: [
    'settings.read',
    'withdrawals.read',
    'withdrawals.reject',
    'rg.read',
    // Limits imposed on a player are risk's call (and admin's): support may read them, not lift them.
    'rg.write',
    'players.read',
    'players.write',
    'deposits.read',
  ],
  trader: ['settings.read', 'realtime.read', 'sports.trade'],
  support: [
    'withdrawals.read',
    'realtime.read',
    'testAccounts.create',
    'casino.read',
    'rg.read',
    'support.chat',
    'support.canned',
    'support.stats',
    'players.read',
    'players.write',
  ],
  // players.read: a bonus is granted from the player's profile (found by e-mail, name or code).
  marketing: ['notices.publish', 'realtime.read', 'reports.read', 'promo.manage', 'players.read'],
};

export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

const email = z
  .string({ error: 'invalidEmail' })
  .trim()
  .max(254, 'invalidEmail')
  .pipe(z.email('invalidEmail'))
  .transform((s) => s.toLowerCase());

export const operatorLoginRequest = z.strictObject({
  email,
  password: z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(128, 'passwordTooLong'),
  /** The six digits of the authenticator app (spaces allowed, as apps show them in two groups). */
  totp: z
    .string({ error: 'operatorTotpFormat' })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'operatorTotpFormat')),
});
export type OperatorLoginRequest = z.input<typeof operatorLoginRequest>;

/** Not mostly one character, and not built on the e-mail's name (`admin@…` with `admin1234567`). */
const passwordNotWeak = (o: { email: string; password: string }) => {
  const name = o.email.split('@')[0]!;
  return new Set(o.password).size >= 6 && !(name.length >= 4 && o.password.toLowerCase().includes(name));
};

/** A new operator (the `operator:create` command and `POST /api/operator/operators`). */
export const operatorCreateInput = z
  .strictObject({
    email,
    password: z
      .string({ error: 'passwordTooShort' })
      .min(OPERATOR_PASSWORD_MIN_LENGTH, 'operatorPasswordTooShort')
      .max(128, 'passwordTooLong'),
    role: z.enum(OPERATOR_ROLES, { error: 'operatorRoleUnknown' }),
  })
  .refine(passwordNotWeak, { message: 'operatorPasswordWeak', path: ['password'] });
export type OperatorCreateInput = z.input<typeof operatorCreateInput>;

export const operatorProfile = z.object({
  /** null for the `OPERATOR_KEY` automation actor. */
  id: z.number().int().nullable(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(z.enum(OPERATOR_PERMISSIONS)),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

export const operatorLoginAnswer = z.object({
  access_token: z.string(),
  expiresAt: z.string(),
  operator: operatorProfile,
});

export const operatorAuditQuery = z.object({
  limit: z.coerce.number().int().min(1, 'fieldInvalid').max(1000, 'fieldInvalid').default(100),
});

export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * What kind of call an audit row records: `read` (a GET: what an operator looked at, whose data) or `change`
 * (any other call: writes, sign-ins, sign-outs). Both are always recorded; the log's viewer filters on it.
 */
export const AUDIT_KINDS = ['change', 'read'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const operatorAuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who: the operator's id and e-mail (`operator-key` for the key; null when nobody was identified). */
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  /** What: the permission (or `auth.*`) of the call. */
  action: z.string(),
  /** The request line, as sent. */
  request: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  /** ok; refused (by the guard or the sign-in); failed (the action itself answered an error). */
  outcome: z.enum(AUDIT_OUTCOMES),
  httpStatus: z.number().int(),
  /** Why it was refused or failed (a message key or a sign-in reason), null on success. */
  reason: z.string().nullable(),
});
export type OperatorAuditRow = z.infer<typeof operatorAuditRow>;
export const operatorAuditAnswer = z.array(operatorAuditRow);
