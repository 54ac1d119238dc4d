import {
  block,
  diceChance,
  diceMultiplier,
  diceWins,
  hashServerSeed,
  minesPositions,
  playInstant,
  plinkoTable,
  rowDoubleColor,
  spinSlot,
  type DiceCondition,
  type OriginalGame,
  type PlinkoRisk,
  type RowDoubleColor,
  type Seeds,
  type SlotGame,
  type SlotOutcome,
} from '@aposta/fairness';

/** What the verifier page is asked: a game, the seeds and the bet's own choices. */
export interface VerifyInput extends Seeds {
  game: OriginalGame;
  /** dice: target in hundredths; limbo: target multiplier in hundredths. */
  target: number;
  condition: DiceCondition;
  mines: number;
  rows: number;
  risk: PlinkoRisk;
  color: RowDoubleColor;
}

export interface FloatLine {
  /** Which HMAC block and which 4 bytes of it. */
  round: number;
  offset: number;
  bytes: number[];
  value: number;
}

export type VerifiedOutcome =
  | { game: 'dice'; roll: number; won: boolean; multiplier: number }
  | { game: 'limbo'; result: number; won: boolean; multiplier: number }
  | { game: 'plinko'; path: (0 | 1)[]; slot: number; multiplier: number; table: readonly number[] }
  | { game: 'rowDouble'; tile: number; color: RowDoubleColor; won: boolean; multiplier: number }
  | { game: 'mines'; mines: number[] };

export interface Verification {
  serverSeedHash: string;
  floats: FloatLine[];
  outcome: VerifiedOutcome;
}

/** How many floats a game's outcome reads. */
export function floatsNeeded(input: Pick<VerifyInput, 'game' | 'mines' | 'rows'>): number {
  if (input.game === 'mines') return input.mines;
  if (input.game === 'plinko') return input.rows;
  return 1;
}

/** The bytes behind each float, block after block, as games.md describes them. */
export function floatLines(seeds: Seeds, count: number): FloatLine[] {
  const out: FloatLine[] = [];
  for (let round = 0; out.length < count; round++) {
    const b = block(seeds, round);
    for (let offset = 0; offset < 32 && out.length < count; offset += 4) {
      const bytes = Array.from(b.subarray(offset, offset + 4));
      const value = bytes.reduce((sum, byte, i) => sum + byte / 256 ** (i + 1), 0);
      out.push({ round, offset, bytes, value });
    }
  }
  return out;
}

/**
 * Recomputes a bet in the browser with the same functions the server settles with (@aposta/fairness): no
 * server call, so a player can check us without trusting us.
 */
export function verify(input: VerifyInput): Verification {
  const seeds: Seeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  const floats = floatLines(seeds, floatsNeeded(input));
  return { serverSeedHash: hashServerSeed(input.serverSeed), floats, outcome: outcomeOf(input, seeds) };
}

function outcomeOf(input: VerifyInput, seeds: Seeds): VerifiedOutcome {
  switch (input.game) {
    case 'mines':
      return { game: 'mines', mines: minesPositions(seeds, input.mines) };
    case 'dice': {
      const { outcome, multiplier } = playInstant(
        { game: 'dice', target: input.target, condition: input.condition },
        seeds,
      );
      const roll = outcome.game === 'dice' ? outcome.roll : 0;
      return {
        game: 'dice',
        roll,
        won: diceWins(roll, input.target, input.condition),
        multiplier: multiplier || diceMultiplier(diceChance(input.target, input.condition)),
      };
    }
    case 'limbo': {
      const { outcome, multiplier } = playInstant({ game: 'limbo', target: input.target }, seeds);
      const result = outcome.game === 'limbo' ? outcome.result : 0;
      return { game: 'limbo', result, won: multiplier > 0, multiplier };
    }
    case 'plinko': {
      const { outcome, multiplier } = playInstant(
        { game: 'plinko', rows: input.rows, risk: input.risk },
        seeds,
      );
      const { path, slot } = outcome.game === 'plinko' ? outcome : { path: [], slot: 0 };
      return { game: 'plinko', path, slot, multiplier, table: plinkoTable(input.rows, input.risk) };
    }
    case 'rowDouble': {
      const { outcome, multiplier } = playInstant({ game: 'rowDouble', color: input.color }, seeds);
      const tile = outcome.game === 'rowDouble' ? outcome.tile : 0;
      return { game: 'rowDouble', tile, color: rowDoubleColor(tile), won: multiplier > 0, multiplier };
    }
  }
}

export interface SlotVerification {
  serverSeedHash: string;
  floats: FloatLine[];
  outcome: SlotOutcome;
  /** The spin's whole win as a multiple of the bet (free spins and cascades included). */
  multiplier: number;
}

/**
 * Recomputes a spin of one of our studio's slots (games.md: each reel stop is one float of the seed pair, in
 * order, through cascades and free spins): the steps, reel stops and grids the round recall shows.
 */
export function verifySlot(game: SlotGame, seeds: Seeds): SlotVerification {
  const outcome = spinSlot(game, seeds);
  return {
    serverSeedHash: hashServerSeed(seeds.serverSeed),
    floats: floatLines(seeds, outcome.draws),
    outcome,
    multiplier: outcome.units / game.unitsPerBet,
  };
}
