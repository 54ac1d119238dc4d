import { z } from 'zod';
import type { HtmlRules } from './html';
import { inServiceYears } from './backoffice';

/**
 * Activities (Promotions issue, item 7): operator-made promotions with a banner, a rich-text body and a reward
 * the server computes from the ledger. Kinds:
 *   firstDeposit  a match of the player's first deposit ever, made in the period (reversed: not counted)
 *   deposit       a match of the deposits made in the period (reversed or charged back: not counted)
 *   turnover      a mission: settled stakes in the period reach `target` (a cash-out adds no turnover)
 * The reward is bonus money with its own wagering multiple, paid once per player and activity (ledger key
 * `activity:<id>:<userId>`).
 *
 * Player (need `Authorization`; amounts in major units):
 *   GET  /api/app/promo/activities             -> envelope of `activityList` (live activities, the player's
 *                                                 progress and what is claimable now)
 *   GET  /api/app/promo/activities/{id}        -> envelope of `activityDetail` (with the sanitised body)
 *   POST /api/app/promo/activities/{id}/join   -> envelope of `activityDetail` (joining is optional: a claim joins)
 *   POST /api/app/promo/activities/{id}/claim  -> envelope of `activityClaimAnswer`
 * Operator (permission `promo.manage`; amounts in minor units, as operators' calls are):
 *   GET  /api/operator/promo/activities            -> `operatorActivityList`
 *   POST /api/operator/promo/activities            body `activityInput` -> `operatorActivity`
 *   PUT  /api/operator/promo/activities/{id}       body `activityUpdate` (with `version`; stale -> 409)
 *   POST /api/operator/promo/activities/{id}/end   -> `operatorActivity`
 */
// ACTIVITIES_PATH is in paths.ts (home reads the list without this module's schemas).
export const OPERATOR_ACTIVITIES_PATH = '/api/operator/promo/activities';

export const ACTIVITY_KINDS = ['firstDeposit', 'deposit', 'turnover'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_STATUSES = ['draft', 'live', 'ended'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
/** `amount`: a fixed reward; `percent`: a share of what qualified (deposits, or turnover), up to `cap`. */
export const ACTIVITY_REWARD_TYPES = ['amount', 'percent'] as const;

/**
 * What survives in an activity's body (the server sanitises on write, the app again on show): formatting,
 * lists, headings, links (http(s) or a same-origin path) and images (https only).
 */
export const ACTIVITY_HTML = {
  tags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    'span',
    'small',
    'mark',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'a',
    'img',
  ],
  attributes: { a: ['href'], img: ['src', 'alt'] },
  /** Links: absolute http(s), or a path starting with exactly one slash (`//host` is another host). */
  link: /^(?:https?:\/\/|\/(?![/\\]))/i,
  /** Images: https only. */
  image: /^https:\/\//i,
} satisfies HtmlRules;

const minor = z.number({ error: 'checkTheInput' }).int('checkTheInput').min(0, 'checkTheInput');
const isoTime = z.iso
  .datetime({ offset: true, error: 'checkTheInput' })
  .refine(inServiceYears, 'checkTheInput');
const url = z
  .string()
  .trim()
  .max(500, 'checkTheInput')
  .refine((u) => u === '' || ACTIVITY_HTML.image.test(u) || /^\/(?![/\\])/.test(u), 'checkTheInput');

const activityFields = {
  title: z.string().trim().min(1, 'checkTheInput').max(120, 'checkTheInput'),
  /** https URL or a same-origin path; empty for none. */
  bannerUrl: url.default(''),
  /** HTML; sanitised by the server before it is stored. */
  body: z.string().max(20_000, 'checkTheInput').default(''),
  kind: z.enum(ACTIVITY_KINDS, { error: 'checkTheInput' }),
  startsAt: isoTime,
  endsAt: isoTime,
  rewardType: z.enum(ACTIVITY_REWARD_TYPES, { error: 'checkTheInput' }),
  /** Minor units for `amount`; basis points (1% = 100) of what qualified for `percent`. */
  rewardValue: minor.min(1, 'checkTheInput').max(1_000_000_00, 'checkTheInput'),
  /** Most a `percent` reward pays, minor units (null: no cap). */
  rewardCap: minor.max(1_000_000_00, 'checkTheInput').nullable().default(null),
  /**
   * What qualifies, minor units: the smallest deposit (firstDeposit), the smallest sum of deposits (deposit),
   * the settled stake to reach (turnover; at least 1).
   */
  target: minor.max(1_000_000_000_00, 'checkTheInput').default(0),
  /**
   * Wagering multiple of the reward (bonus money × multiple to stake before it becomes cash). At least 1, as an
   * operator's bonus: bonus money that converts at once is cash, which only an adjustment (two operators) gives.
   */
  wageringMultiple: z
    .number({ error: 'checkTheInput' })
    .int('checkTheInput')
    .min(1, 'checkTheInput')
    .max(100, 'checkTheInput'),
  status: z.enum(['draft', 'live'], { error: 'checkTheInput' }).default('draft'),
};

const periodOk = (a: { startsAt: string; endsAt: string }) => Date.parse(a.endsAt) > Date.parse(a.startsAt);
const turnoverHasTarget = (a: { kind: ActivityKind; target: number }) =>
  a.kind !== 'turnover' || a.target > 0;
/** A `percent` reward is at most all of what qualified (10,000 bp). */
const shareOfWhole = (a: { rewardType: (typeof ACTIVITY_REWARD_TYPES)[number]; rewardValue: number }) =>
  a.rewardType !== 'percent' || a.rewardValue <= 10_000;

export const activityInput = z
  .strictObject(activityFields)
  .refine(periodOk, { message: 'checkTheInput', path: ['endsAt'] })
  .refine(turnoverHasTarget, { message: 'checkTheInput', path: ['target'] })
  .refine(shareOfWhole, { message: 'checkTheInput', path: ['rewardValue'] });
export type ActivityInput = z.infer<typeof activityInput>;

/** An update is the whole activity again plus the version it was read at (a stale save is refused, 409). */
export const activityUpdate = z
  .strictObject({ ...activityFields, version: z.number().int().min(1) })
  .refine(periodOk, { message: 'checkTheInput', path: ['endsAt'] })
  .refine(turnoverHasTarget, { message: 'checkTheInput', path: ['target'] })
  .refine(shareOfWhole, { message: 'checkTheInput', path: ['rewardValue'] });
export type ActivityUpdate = z.infer<typeof activityUpdate>;

export const activityIdParams = z.object({
  id: z.coerce
    .number({ error: 'notFound' })
    .int('notFound')
    .min(1, 'notFound')
    .max(2_147_483_647, 'notFound'),
});

export const operatorActivity = z.object({
  id: z.number().int(),
  title: z.string(),
  bannerUrl: z.string(),
  body: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  rewardType: z.enum(ACTIVITY_REWARD_TYPES),
  rewardValue: z.number().int(),
  rewardCap: z.number().int().nullable(),
  target: z.number().int(),
  wageringMultiple: z.number(),
  status: z.enum(ACTIVITY_STATUSES),
  version: z.number().int(),
  claims: z.number().int(),
  /** Paid so far, minor units. */
  paid: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorActivity = z.infer<typeof operatorActivity>;
export const operatorActivityList = z.object({ list: z.array(operatorActivity) });

/** What the player sees of an activity: its terms in major units and where the player stands. */
export const activitySummary = z.object({
  id: z.number().int(),
  title: z.string(),
  bannerUrl: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  /** `live` while claims are taken; `ended` once the operator ended it or its period is over. */
  status: z.enum(['live', 'ended']),
  reward: z.object({
    type: z.enum(ACTIVITY_REWARD_TYPES),
    /** Major units (`amount`) or percent (`percent`). */
    value: z.number(),
    cap: z.number().nullable(),
    wageringMultiple: z.number(),
  }),
  /** What counted so far (deposits or settled stakes, major units) against what qualifies. */
  progress: z.object({ current: z.number(), target: z.number() }),
  /** What a claim pays now (0: nothing yet, or claimed). */
  claimable: z.number(),
  joined: z.boolean(),
  /** What the claim paid (null: not claimed). */
  claimed: z.number().nullable(),
});
export type ActivitySummary = z.infer<typeof activitySummary>;

export const activityList = z.object({
  /** Whether promotions are offered to this player (off under an exclusion or a licence that forbids them). */
  available: z.boolean(),
  list: z.array(activitySummary),
});
export type ActivityList = z.infer<typeof activityList>;

export const activityDetail = activitySummary.extend({
  /** Sanitised HTML. */
  body: z.string(),
  available: z.boolean(),
});
export type ActivityDetail = z.infer<typeof activityDetail>;

/** Join and claim take no body: a player only ever acts for themself. */
export const activityActionRequest = z.object({}).strict().optional();

export const activityClaimAnswer = z.object({
  /** Bonus money paid, major units. */
  paid: z.number(),
  activity: activityDetail,
});
export type ActivityClaimAnswer = z.infer<typeof activityClaimAnswer>;
