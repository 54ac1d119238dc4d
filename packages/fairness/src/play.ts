import {
  diceChance,
  diceMultiplier,
  diceRoll,
  diceWins,
  limboMultiplier,
  limboResult,
  plinkoPath,
  plinkoTable,
  rowDoubleColor,
  rowDoubleMultiplier,
  rowDoubleTile,
  type DiceCondition,
  type PlinkoRisk,
  type RowDoubleColor,
} from './games';
import type { Seeds } from './seeds';

/** A one-step original's bet, in the games' integer units (targets in hundredths). Mines has its own steps. */
export type InstantBet =
  | { game: 'dice'; target: number; condition: DiceCondition }
  | { game: 'limbo'; target: number }
  | { game: 'plinko'; rows: number; risk: PlinkoRisk }
  | { game: 'rowDouble'; color: RowDoubleColor };

export type InstantOutcome =
  | { game: 'dice'; roll: number }
  | { game: 'limbo'; result: number }
  | { game: 'plinko'; path: (0 | 1)[]; slot: number }
  | { game: 'rowDouble'; tile: number };

/** The outcome of a bet and what it pays (multiplier in ten-thousandths; 0 = lost). */
export function playInstant(bet: InstantBet, seeds: Seeds): { outcome: InstantOutcome; multiplier: number } {
  switch (bet.game) {
    case 'dice': {
      const roll = diceRoll(seeds);
      const won = diceWins(roll, bet.target, bet.condition);
      return {
        outcome: { game: 'dice', roll },
        multiplier: won ? diceMultiplier(diceChance(bet.target, bet.condition)) : 0,
      };
    }
    case 'limbo': {
      const result = limboResult(seeds);
      return {
        outcome: { game: 'limbo', result },
        multiplier: result >= bet.target ? limboMultiplier(bet.target) : 0,
      };
    }
    case 'plinko': {
      const path = plinkoPath(seeds, bet.rows);
      let slot = 0;
      for (const step of path) slot += step;
      return { outcome: { game: 'plinko', path, slot }, multiplier: plinkoTable(bet.rows, bet.risk)[slot]! };
    }
    case 'rowDouble': {
      const tile = rowDoubleTile(seeds);
      const color = rowDoubleColor(tile);
      return {
        outcome: { game: 'rowDouble', tile },
        multiplier: color === bet.color ? rowDoubleMultiplier(color) : 0,
      };
    }
  }
}
