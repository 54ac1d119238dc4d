import { z } from 'zod';
import { moneyNumber } from './user';

/**
 * Responsible gambling (issue 17): a player's limits, cool-off and self-exclusion, and the reality check.
 *   GET  /api/app/rg/limits     -> envelope of `rgLimits`
 *   PUT  /api/app/rg/limits     body `rgLimitsRequest` -> envelope of `rgLimits`
 *        amounts in major units (at most 2 decimals), time in minutes, bets as a number of bets; `null` removes
 *        a limit, an absent
 *        field leaves it. A lower limit applies at once; a higher one, or a removal, 24 hours later (shown
 *        as `pending` with its `effectiveAt`).
 *   POST /api/app/rg/exclusion  body `rgExclusionRequest` -> envelope of `rgExclusion`
 *        cool-off 1-42 days; self-exclusion 180 days or more, permanent when `days` is absent. Signs the
 *        player out everywhere at once.
 *   GET  /api/app/rg/session    -> envelope of `rgSession`: time played and net result since sign-in.
 * All need `Authorization`.
 */
// RG_PATH ('/api/app/rg') is in paths.ts.

export const RG_KINDS = ['deposit', 'loss', 'stake', 'time', 'bets'] as const;
export type RgKind = (typeof RG_KINDS)[number];
export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];

/** The largest money limit accepted: R$ 1.000.000 (in major units). */
export const RG_MAX_AMOUNT = 1_000_000;
/** Minutes in the longest period (31 days). */
export const RG_MAX_MINUTES = { day: 1_440, week: 10_080, month: 44_640 } as const;
/** The largest number-of-bets limit accepted, in any period. */
export const RG_MAX_BETS = 100_000;
export const RG_COOLOFF_DAYS = { min: 1, max: 42 } as const;
export const RG_SELF_EXCLUSION_MIN_DAYS = 180;
export const RG_REALITY_MINUTES = { min: 5, max: 240 } as const;
/** The national self-exclusion platform (Portaria SPA/MF 1.231/2024). */
export const RG_NATIONAL_SELF_EXCLUSION_URL = 'https://www.gov.br/fazenda/pt-br/assuntos/apostas';

/**
 * A money limit in major units: positive, at most RG_MAX_AMOUNT, and at most 2 decimals exactly as sent (the
 * shortest form of the number, as `toMinor` of `@aposta/money` reads it: 10.000000001 and 10.005 are refused
 * here, not a 500 later). The registration's `lossLimit` (auth.ts) is the same.
 */
export const rgMoneyLimit = z
  .number({ error: 'rgLimitInvalid' })
  .positive('rgLimitInvalid')
  .max(RG_MAX_AMOUNT, 'rgLimitTooLarge')
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), 'rgLimitInvalid');

const amount = rgMoneyLimit.nullable();

const moneyLimits = z.strictObject({
  day: amount.optional(),
  week: amount.optional(),
  month: amount.optional(),
});

/** A whole-number limit from 1 to `max` (minutes, bets); null removes it. */
const wholeLimit = (max: number, error = 'rgCountInvalid') =>
  z.number({ error }).int(error).positive(error).max(max, 'rgLimitTooLarge').nullable();
const minutes = (max: number) => wholeLimit(max, 'rgMinutesInvalid');
/** How many bets may be placed per period (every product's bets count, each slip or round one). */
const betLimits = z.strictObject({
  day: wholeLimit(RG_MAX_BETS).optional(),
  week: wholeLimit(RG_MAX_BETS).optional(),
  month: wholeLimit(RG_MAX_BETS).optional(),
});

export const rgLimitsRequest = z.strictObject({
  deposit: moneyLimits.optional(),
  loss: moneyLimits.optional(),
  stake: moneyLimits.optional(),
  time: z
    .strictObject({
      day: minutes(RG_MAX_MINUTES.day).optional(),
      week: minutes(RG_MAX_MINUTES.week).optional(),
      month: minutes(RG_MAX_MINUTES.month).optional(),
    })
    .optional(),
  bets: betLimits.optional(),
  /** Reality check interval in minutes; null turns it off. */
  realityCheckMinutes: z
    .number({ error: 'rgRealityInvalid' })
    .int('rgRealityInvalid')
    .min(RG_REALITY_MINUTES.min, 'rgRealityInvalid')
    .max(RG_REALITY_MINUTES.max, 'rgRealityInvalid')
    .nullable()
    .optional(),
});
export type RgLimitsRequest = z.input<typeof rgLimitsRequest>;

/**
 * One limit: the player's own in force now (null: none), and a change waiting for its 24 hours.
 * `operatorValue` is a limit an operator imposed (null: none; absent from older servers): the limit in force
 * is the lower of the two, and the player cannot set theirs above it (400 `rgLimitAboveOperator`).
 */
export const rgLimit = z.object({
  value: z.number().nullable(),
  operatorValue: z.number().nullable().optional(),
  /** Used in the current period (money in major units, time in minutes, bets as a count). */
  used: z.number(),
  pending: z.object({ value: z.number().nullable(), effectiveAt: z.iso.datetime() }).nullable(),
});
export type RgLimit = z.infer<typeof rgLimit>;

const periods = z.object({ day: rgLimit, week: rgLimit, month: rgLimit });

export const rgExclusion = z.object({
  kind: z.enum(['cooloff', 'self']),
  startsAt: z.iso.datetime(),
  /** null: permanent. */
  endsAt: z.iso.datetime().nullable(),
});
export type RgExclusion = z.infer<typeof rgExclusion>;

export const rgLimits = z.object({
  deposit: periods,
  loss: periods,
  stake: periods,
  time: periods,
  bets: periods,
  realityCheckMinutes: z.number().int().nullable(),
  exclusion: rgExclusion.nullable(),
  nationalSelfExclusionUrl: z.string(),
});
export type RgLimits = z.infer<typeof rgLimits>;

export const rgExclusionRequest = z
  .strictObject({
    kind: z.enum(['cooloff', 'self'], { error: 'rgExclusionKind' }),
    days: z
      .number({ error: 'rgExclusionDays' })
      .int('rgExclusionDays')
      .positive('rgExclusionDays')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'cooloff') {
      if (v.days === undefined || v.days < RG_COOLOFF_DAYS.min || v.days > RG_COOLOFF_DAYS.max)
        ctx.addIssue({ code: 'custom', path: ['days'], message: 'rgCooloffDays' });
    } else if (v.days !== undefined && (v.days < RG_SELF_EXCLUSION_MIN_DAYS || v.days > 36_500)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'rgSelfExclusionDays' });
    }
  });
export type RgExclusionRequest = z.input<typeof rgExclusionRequest>;

export const rgSession = z.object({
  /** When this session signed in. */
  since: z.iso.datetime(),
  /** Whole minutes since sign-in. */
  minutesPlayed: z.number().int(),
  /** Payouts minus stakes since sign-in (negative: a loss), major units. */
  netResult: moneyNumber,
  /** Stakes since sign-in, major units. */
  staked: moneyNumber,
  realityCheckMinutes: z.number().int().nullable(),
});
export type RgSession = z.infer<typeof rgSession>;

/** Registration fields of the Brazilian profile: the loss and time limits asked at sign-up (optional). */
export const rgRegistrationLimits = z.strictObject({
  lossDay: amount.optional(),
  timeDay: minutes(RG_MAX_MINUTES.day).optional(),
});

/** A reality check the app showed (POST /api/app/rg/session/check records one and answers `rgSession`). */
export const rgRealityCheck = z.object({
  minutesPlayed: z.number().int(),
  netResult: moneyNumber,
  shownAt: z.iso.datetime(),
});

/**
 * Operator view of one player (GET /api/operator/rg/players/:userId, permission `rg.read`): limits as the
 * player sees them, every exclusion (newest first) and the last 100 reality checks.
 */
export const rgOperatorPlayer = z.object({
  userId: z.number().int(),
  /** The version an operator's limits form read (PUT …/limits carries it back). */
  version: z.number().int().optional(),
  limits: rgLimits,
  exclusions: z.array(rgExclusion),
  realityChecks: z.array(rgRealityCheck),
});
export type RgOperatorPlayer = z.infer<typeof rgOperatorPlayer>;

/**
 * Operator-imposed limits (PUT /api/operator/rg/players/:userId/limits, permission `rg.write`): money limits
 * in major units, bets as a count; null lifts the operator's limit, an absent field leaves it. Applied at once, either way
 * (the player's own limits keep their 24-hour rule). `version` is the one the form read (409 `staleVersion`
 * when another operator wrote since). Answers `rgOperatorPlayer`; audited with the operator limits before
 * and after.
 */
export const rgOperatorLimitsRequest = z.strictObject({
  deposit: moneyLimits.optional(),
  loss: moneyLimits.optional(),
  stake: moneyLimits.optional(),
  bets: betLimits.optional(),
  version: z.number({ error: 'fieldInvalid' }).int('fieldInvalid').min(0, 'fieldInvalid'),
});
export type RgOperatorLimitsRequest = z.input<typeof rgOperatorLimitsRequest>;
export const RG_OPERATOR_KINDS = ['deposit', 'loss', 'stake', 'bets'] as const;

/** The payout deadline of the Brazilian market (Portaria SPA/MF 615/2024): 120 minutes. */
export const PAYOUT_DEADLINE_MINUTES = 120;

/**
 * Withdrawals by how long they took from request to paid (GET /api/operator/withdrawals/payout-times,
 * permission `withdrawals.read`; query `payoutTimesQuery` in backoffice-money.ts), requested over the last
 * `days` (default 7) or the São Paulo days `from`..`to`: counts per band, the slowest, and the unpaid ones
 * waiting `withdraw.payoutAlertMinutes` (90) or more, the ones operators are alerted of (oldest first).
 */
export const payoutTimes = z.object({
  deadlineMinutes: z.number().int(),
  /** Whether the deadline binds (the Brazilian profile); absent from older servers. */
  enforced: z.boolean().optional(),
  /** `withdraw.payoutAlertMinutes`: from this wait on, operators are alerted. */
  alertMinutes: z.number().int().optional(),
  paid: z.object({
    within30: z.number().int(),
    within60: z.number().int(),
    within120: z.number().int(),
    late: z.number().int(),
    slowestMinutes: z.number().int().nullable(),
  }),
  open: z.array(z.object({ orderId: z.string(), minutesWaiting: z.number().int(), late: z.boolean() })),
});
export type PayoutTimes = z.infer<typeof payoutTimes>;

/**
 * Where a self-excluded player's cash stands (the job `payments.exclusionPayouts` turns it into a withdrawal, for
 * review, to the PIX key of their own verified CPF), the first that applies: `blocked` (the player's block),
 * `stopped` (an exclusion payout was rejected or failed since the exclusion began), `noVerifiedCpf` (those three
 * are the operators' to settle), `ordered` (a withdrawal is open; what came in since waits for it), `due` (a
 * withdrawal at the next run).
 */
export const EXCLUSION_BALANCE_STATES = ['due', 'ordered', 'noVerifiedCpf', 'stopped', 'blocked'] as const;

/**
 * The self-excluded players (and, under br, the other accounts of their CPF) with free cash, what no order
 * holds yet (GET /api/operator/withdrawals/exclusion-balances, permission `withdrawals.read`): those the
 * operators must act on first, then by player. `cash` in major units; `since`: when the exclusion began.
 */
export const exclusionBalance = z.object({
  userId: z.number().int(),
  username: z.string(),
  since: z.string(),
  cash: z.number(),
  state: z.enum(EXCLUSION_BALANCE_STATES),
  /** The player's open withdrawal, whatever the state. */
  orderId: z.string().nullable(),
});
export type ExclusionBalance = z.infer<typeof exclusionBalance>;
export const exclusionBalances = z.array(exclusionBalance);

/**
 * A withdrawal still unpaid as its 120-minute deadline nears (the job `payments.payoutAlerts`, under br): pushed
 * once per order to the operators' sockets as `operatorAlert`, and logged.
 */
export const payoutOverdueAlert = z.object({
  kind: z.literal('payoutOverdue'),
  orderId: z.string(),
  userId: z.number().int(),
  minutesWaiting: z.number().int(),
  deadlineMinutes: z.number().int(),
});
export type PayoutOverdueAlert = z.infer<typeof payoutOverdueAlert>;

/** The licence profile the app adapts to (GET /api/app/rg/profile, public): 'br' hides transfers and USDT and
 * asks birth date and limits at registration. */
export const rgProfile = z.object({
  jurisdiction: z.enum(['default', 'br']),
  nationalSelfExclusionUrl: z.string(),
});
export type RgProfile = z.infer<typeof rgProfile>;
