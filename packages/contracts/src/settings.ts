import { RG_NATIONAL_SELF_EXCLUSION_URL } from './rg';
import { z } from 'zod';

/**
 * Business constants (decisions.md: "settings with the spec's values as defaults, so a test can set, say,
 * the deposit wagering requirement to zero"). Amounts are minor units. Each server module adds its own keys
 * here. Shared with the back office, whose settings form checks a value against this schema before sending it
 * (the server checks it again): the bounds live here only.
 */
/**
 * One VIP level: `reward` (column 1, paid once on reaching it), `paySum` (column 2, total deposits to reach
 * it), `gameSum` (column 3, turnover needed with the next level's paySum; null on the last), `withdrawalsPerDay`
 * (column 4), `withdrawFeeBp` (column 5 in basis points: 2.5% is 250). Amounts in minor units.
 */
const vipLevel = z.object({
  reward: z.number().int().min(0),
  paySum: z.number().int().min(0),
  gameSum: z.number().int().min(0).nullable(),
  withdrawalsPerDay: z.number().int().min(0).max(100),
  withdrawFeeBp: z.number().int().min(0).max(10_000),
});
export type VipLevel = z.infer<typeof vipLevel>;

// prettier-ignore
const VIP_TABLE: VipLevel[] = [
  [0, 0, 40_000, 1, 300],
  [500, 10_000, 300_000, 1, 250],
  [2_500, 50_000, 600_000, 1, 200],
  [5_000, 100_000, 1_500_000, 1, 150],
  [10_000, 200_000, 4_000_000, 1, 100],
  [25_000, 500_000, 8_000_000, 2, 50],
  [50_000, 1_000_000, 40_000_000, 2, 0],
  [250_000, 5_000_000, 160_000_000, 2, 0],
  [1_000_000, 20_000_000, 300_000_000, 2, 0],
  [2_500_000, 50_000_000, 600_000_000, 3, 0],
  [7_500_000, 150_000_000, 2_000_000_000, 3, 0],
  [25_000_000, 500_000_000, 4_000_000_000, 3, 0],
  [50_000_000, 1_000_000_000, null, 5, 0],
].map(([reward, paySum, gameSum, withdrawalsPerDay, withdrawFeeBp]) => ({
  reward: reward!,
  paySum: paySum!,
  gameSum,
  withdrawalsPerDay: withdrawalsPerDay!,
  withdrawFeeBp: withdrawFeeBp!,
}));

/** Settings that bound one amount from both sides: the minimum never above the maximum. */
const MIN_MAX = [
  ['withdraw.minAmount', 'withdraw.maxAmount'],
  ['transfer.minAmount', 'transfer.maxAmount'],
  ['originals.minStake', 'originals.maxStake'],
  ['sports.minStake', 'sports.maxStake'],
] as const;

export const settingsSchema = z
  .object({
    /** Turnover required on deposited cash before it can be withdrawn (x deposit). */
    'wagering.depositMultiplier': z.number().min(0).max(100).default(1),
    /** Turnover required on bonus money before it becomes cash (x bonus). */
    'wagering.bonusMultiplier': z.number().min(0).max(100).default(2),
    /**
     * Bonus engine (wagering module): the share of a settled stake that wears a bonus's wagering down, in percent
     * per product (`sports`, `casino`, `originals`, `lottery`; rounds are `originals` and `lottery`); a product
     * not listed counts 100%.
     */
    'bonus.weights': z
      .record(z.string(), z.number().int().min(0).max(100))
      .default({ sports: 100, casino: 100, originals: 100, lottery: 100 }),
    /** A sports bet counts towards a bonus only at this price or more (hundredths: 1.50 is 150). */
    'bonus.sportsMinPrice': z.number().int().min(100).max(100_000).default(150),
    /** A bonus not converted within this many days is forfeited (the rest of it goes back to promotions). */
    'bonus.expiryDays': z.number().int().min(1).max(365).default(30),
    /** Most bonus money one grant turns into cash, as a multiple of its amount (0: no cap). */
    'bonus.maxConversionMultiple': z.number().min(0).max(1000).default(5),
    /**
     * Most bonus money operators grant one player in 24 hours, minor units (R$ 5.000 by default): one operator
     * grants alone, so a larger credit is a manual adjustment, which a second operator approves.
     */
    'bonus.operatorDailyMax': z.number().int().min(1).max(100_000_00).default(5_000_00),
    /** Smallest withdrawal (the spec's limitAmount, default R$ 50). */
    'withdraw.minAmount': z.number().int().min(1).default(5_000),
    /** Largest withdrawal (spec: R$ 10,000). */
    'withdraw.maxAmount': z.number().int().min(1).default(1_000_000),
    /**
     * Under the Brazilian profile, operators are alerted when a withdrawal is still unpaid this many minutes after
     * its request (the deadline is 120); the payout-times report lists those unpaid ones.
     */
    'withdraw.payoutAlertMinutes': z.number().int().min(1).max(119).default(90),
    /**
     * The national self-exclusion platform the responsible-gaming page links to (default the Ministry of Finance's
     * page); an absolute http(s) address only, as the app opens it as a link (400 `rgUrlInvalid` otherwise).
     */
    'rg.nationalSelfExclusionUrl': z
      .url({ protocol: /^https?$/, error: 'rgUrlInvalid' })
      .max(500, 'rgUrlInvalid')
      .default(RG_NATIONAL_SELF_EXCLUSION_URL),
    /** BRL centavos per USDT for USDT(TRC20) withdrawals. */
    'withdraw.usdtRate': z.number().int().min(1).default(550),
    /** A deposit order not paid within this many minutes expires (spec: pay within 30 minutes). */
    'deposit.orderTtlMinutes': z.number().int().min(1).max(1440).default(30),
    /**
     * The largest gift a price package may carry, as a percent of its price (the back office refuses more).
     * Lowering it leaves packages already above it as they are until an operator edits them.
     */
    'deposit.maxGiftPercent': z.number().int().min(0).max(1000).default(100),
    /** The VIP table (decisions.md "VIP table"), levels 0 to 12. */
    'vip.table': z.array(vipLevel).length(13).default(VIP_TABLE),
    /** Transfers between players (a licensed profile switches them off). */
    'transfer.enabled': z.boolean().default(true),
    /** Smallest transfer (R$ 1). */
    'transfer.minAmount': z.number().int().min(1).default(100),
    /** Largest single transfer (R$ 10,000, as the largest withdrawal). */
    'transfer.maxAmount': z.number().int().min(1).default(1_000_000),
    /** Most a player may send in one day, UTC (R$ 50,000). */
    'transfer.dailyMax': z.number().int().min(1).default(5_000_000),
    /** Different receivers a player may look up (check or transfer) in 24 hours: no probing of e-mails. */
    'transfer.lookupsPerDay': z.number().int().min(1).max(1000).default(20),
    /** Play money given to a new test account (R$ 1,000). */
    'testAccount.playBalance': z.number().int().min(0).default(100_000),
    /** Smallest stake of an original (dice, limbo, mines, plinko, row double): R$ 0,10. */
    'originals.minStake': z.number().int().min(1).default(10),
    /** Largest stake of an original (R$ 5.000). */
    'originals.maxStake': z.number().int().min(1).default(500_000),
    /**
     * Largest payout of one original's bet (R$ 500.000): an instant bet that could pay more is refused before it
     * is placed; a mines round is cashed out automatically when its payout reaches it.
     */
    'originals.maxPayout': z.number().int().min(1).default(50_000_000),
    /** Smallest sports stake (R$ 1,00). */
    'sports.minStake': z.number().int().min(1).default(100),
    /** Largest sports stake (R$ 10.000). */
    'sports.maxStake': z.number().int().min(1).default(1_000_000),
    /** Largest payout of one sports bet (R$ 500.000): a bet that could pay more is refused. */
    'sports.maxPayout': z.number().int().min(1).default(50_000_000),
    /** Most legs of a parlay ("the parlay has reached the limit"). */
    'sports.maxLegs': z.number().int().min(2).max(50).default(10),
    /** In play, a bet waits this long and is refused if a market of it was suspended meanwhile. */
    'sports.acceptanceDelayMs': z.number().int().min(0).max(30_000).default(2_000),
    /**
     * Margins in basis points per sport and market type (sportsbook.md "Prices"): `[sport][type]`, else
     * `[sport].default`, else `default[type]`, else `default.default`.
     */
    'sports.margins': z.record(z.string(), z.record(z.string(), z.number().int().min(0).max(5_000))).default({
      default: {
        '1x2': 500,
        winner: 450,
        ah: 450,
        total: 500,
        oddEven: 500,
        btts: 550,
        correctScore: 1_500,
        corners1x2: 800,
        cornersTotal: 700,
        default: 600,
      },
      boxing: { default: 700 },
      motorRacing: { default: 800 },
    }),
    /** Added to every margin in play (basis points). */
    'sports.inPlayMarginBp': z.number().int().min(0).max(2_000).default(200),
    /**
     * In-play acceptance delay per sport (ms), e.g. `{"football": 5000, "tennis": 3000}`; a sport not listed waits
     * `sports.acceptanceDelayMs`. A parlay waits the longest of its legs' sports.
     */
    'sports.acceptanceDelayMsBySport': z.record(z.string(), z.number().int().min(0).max(30_000)).default({}),
    /** Cash out pays the fair value (stake × price taken / current price) less this (basis points). */
    'sports.cashoutMarginBp': z.number().int().min(0).max(5_000).default(500),
    /** A cash-out is accepted at the value the player saw when the value now differs by at most this (bp). */
    'sports.cashoutToleranceBp': z.number().int().min(0).max(2_000).default(100),
    /** Builder (same-game multi) margin over its joint probability (basis points; in play plus inPlayMarginBp). */
    'sports.builderMarginBp': z.number().int().min(0).max(5_000).default(800),
    /** A bet is refused when a market's open liability (largest selection payout) would pass this (R$ 1.000.000). */
    'sports.maxMarketLiability': z.number().int().min(1).default(100_000_000),
    /** A market whose open liability passes this raises an alert (log and the operator's liability view). */
    'sports.liabilityAlert': z.number().int().min(1).default(20_000_000),
    /**
     * Hours a postponed (or interrupted) event may take to be played from its original kick-off: one still
     * postponed after them is voided (its open bets returned, a parlay leg counting 1). A cancelled one is voided
     * at once. The guide names no figure; 48 hours is the common book rule.
     */
    'sports.postponedVoidHours': z.number().int().min(0).max(720).default(48),
    /**
     * Referral commission in basis points of the invitees' settled turnover, for levels 1, 2 and 3 (0.5%, 0.2%,
     * 0.1%), paid daily for the previous São Paulo day.
     */
    'promo.referralRatesBp': z.array(z.number().int().min(0).max(1_000)).length(3).default([50, 20, 10]),
    /** The daily sign-in sheet's rewards for days 1 to 7 of its cycle (bonus money, minor units). */
    'promo.signinRewards': z
      .array(z.number().int().min(0).max(10_000_000))
      .length(7)
      .default([100, 200, 300, 400, 500, 700, 1_000]),
    /** Agent ladder: confirmed deposits (not reversed or charged back) that make a direct invitee count. */
    'promo.ladderMinDeposit': z.number().int().min(1).default(5_000),
    /**
     * Agent ladder tiers, in order: valid invitees needed (strictly rising) and the reward (bonus money, minor
     * units), each claimable once per player.
     */
    'promo.ladderTiers': z
      .array(
        z.object({ invitees: z.number().int().min(1), reward: z.number().int().min(0).max(100_000_000) }),
      )
      .max(50)
      .refine((t) => t.every((x, i) => i === 0 || x.invitees > t[i - 1]!.invitees), 'fieldInvalid')
      .default([
        { invitees: 1, reward: 1_000 },
        { invitees: 3, reward: 3_500 },
        { invitees: 5, reward: 7_000 },
        { invitees: 10, reward: 16_000 },
        { invitees: 20, reward: 36_000 },
        { invitees: 50, reward: 100_000 },
      ]),
    /**
     * Game bonus missions, in order: settled turnover (since the player's last EXPPAY bonus) that unlocks a
     * multiple of an EXPPAY package's gift, in hundredths (150 is 1.5x); both strictly rising.
     */
    'promo.gameBonusMissions': z
      .array(z.object({ turnover: z.number().int().min(1), multiple: z.number().int().min(100).max(10_000) }))
      .max(20)
      .refine(
        (m) =>
          m.every((x, i) => i === 0 || (x.turnover > m[i - 1]!.turnover && x.multiple > m[i - 1]!.multiple)),
        'fieldInvalid',
      )
      .default([
        { turnover: 10_000, multiple: 150 },
        { turnover: 50_000, multiple: 200 },
        { turnover: 200_000, multiple: 300 },
      ]),
  })
  // A minimum above its maximum would refuse every bet, withdrawal or transfer.
  .superRefine((s, ctx) => {
    for (const [min, max] of MIN_MAX) {
      if (s[min] > s[max]) ctx.addIssue({ code: 'custom', message: 'settingsMinAboveMax', path: [min] });
    }
  });

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[];
