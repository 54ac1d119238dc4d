import { diceMultiplier } from '@aposta/fairness';
import { describe, expect, it } from 'vitest';
import {
  chanceOf,
  clampTarget,
  flipCondition,
  multiplierOf,
  targetBounds,
  targetForChance,
  targetForMultiplier,
} from './dice';

describe('dice controls: target, chance and multiplier move together', () => {
  it('derives chance and multiplier from the target', () => {
    expect(chanceOf({ target: 5050, condition: 'over' })).toBe(4950);
    expect(multiplierOf({ target: 5050, condition: 'over' })).toBe(20_000);
    expect(chanceOf({ target: 2500, condition: 'under' })).toBe(2500);
    expect(multiplierOf({ target: 2500, condition: 'under' })).toBe(39_600);
  });

  it('a chance typed sets the target on the right side', () => {
    expect(targetForChance(2500, 'over')).toBe(7500);
    expect(targetForChance(2500, 'under')).toBe(2500);
    // Clamped to 0.01% – 98%.
    expect(targetForChance(9950, 'over')).toBe(200);
    expect(targetForChance(0, 'under')).toBe(1);
  });

  it('a multiplier typed gives the target whose multiplier is that one', () => {
    for (const m of [20_000, 30_000, 49_500, 990_000, 10_102]) {
      for (const condition of ['over', 'under'] as const) {
        const target = targetForMultiplier(m, condition);
        const got = multiplierOf({ target, condition });
        // Chances are whole hundredths, so the nearest reachable multiplier is within one step.
        expect(Math.abs(got - m) / m).toBeLessThan(0.005);
      }
    }
    expect(multiplierOf({ target: targetForMultiplier(20_000, 'over'), condition: 'over' })).toBe(20_000);
  });

  it('flipping over ↔ under keeps the chance and the multiplier', () => {
    const over = { target: 7000, condition: 'over' as const };
    const under = flipCondition(over);
    expect(under).toEqual({ target: 3000, condition: 'under' });
    expect(chanceOf(under)).toBe(chanceOf(over));
    expect(flipCondition(under)).toEqual(over);
  });

  it('keeps the target where the chance is 0.01%–98%', () => {
    expect(targetBounds('over')).toEqual({ min: 200, max: 9999 });
    expect(targetBounds('under')).toEqual({ min: 1, max: 9800 });
    expect(clampTarget(50, 'over')).toBe(200);
    expect(clampTarget(9999.6, 'under')).toBe(9800);
    expect(diceMultiplier(chanceOf({ target: 9999, condition: 'over' }))).toBe(99 * 100 * 10_000);
  });
});
