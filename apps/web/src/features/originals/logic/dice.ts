import {
  DICE_CHANCE,
  diceChance,
  diceMultiplier,
  MULTIPLIER_SCALE,
  type DiceCondition,
} from '@aposta/fairness';

/**
 * The dice controls' three faces of one choice: the target (hundredths, 0.01–99.99), the win chance
 * (hundredths of a percent, 0.01–98%) and the multiplier (ten-thousandths, 99 / chance). The target is what is
 * stored; chance and multiplier are derived from it, and typing either one moves the target.
 */
export interface DiceChoice {
  target: number;
  condition: DiceCondition;
}

/** The targets a condition allows: those whose chance is within 0.01%–98%. */
export function targetBounds(condition: DiceCondition): { min: number; max: number } {
  return condition === 'over'
    ? { min: 10_000 - DICE_CHANCE.max, max: 10_000 - DICE_CHANCE.min }
    : { min: DICE_CHANCE.min, max: DICE_CHANCE.max };
}

export function clampTarget(target: number, condition: DiceCondition): number {
  const { min, max } = targetBounds(condition);
  return Math.min(max, Math.max(min, Math.round(target)));
}

export const chanceOf = (c: DiceChoice) => diceChance(c.target, c.condition);
export const multiplierOf = (c: DiceChoice) => diceMultiplier(chanceOf(c));

/** The target that gives a chance (hundredths of a percent), clamped to the allowed chances. */
export function targetForChance(chance: number, condition: DiceCondition): number {
  const c = Math.min(DICE_CHANCE.max, Math.max(DICE_CHANCE.min, Math.round(chance)));
  return condition === 'over' ? 10_000 - c : c;
}

/** The target whose multiplier is nearest to the one typed (ten-thousandths): chance = 99 / multiplier. */
export function targetForMultiplier(multiplierE4: number, condition: DiceCondition): number {
  return targetForChance((99 * 100 * MULTIPLIER_SCALE) / multiplierE4, condition);
}

/** Roll over ↔ roll under keeps the chance: the target moves to the other side of 100 − target. */
export function flipCondition(c: DiceChoice): DiceChoice {
  const condition: DiceCondition = c.condition === 'over' ? 'under' : 'over';
  return { condition, target: clampTarget(10_000 - c.target, condition) };
}
