import { z } from 'zod';

/**
 * Business constants (decisions.md: "settings with the spec's values as defaults, so a test can set, say,
 * the deposit wagering requirement to zero"). Amounts are minor units. Each module adds its own keys here.
 */
export const settingsSchema = z.object({
  /** Turnover required on deposited cash before it can be withdrawn (x deposit). */
  'wagering.depositMultiplier': z.number().min(0).max(100).default(1),
  /** Turnover required on bonus money before it becomes cash (x bonus). */
  'wagering.bonusMultiplier': z.number().min(0).max(100).default(2),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingsSchema.shape) as SettingKey[];
