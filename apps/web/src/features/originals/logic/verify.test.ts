import {
  floats,
  hashServerSeed,
  minesPositions,
  playInstant,
  plinkoTable,
  type Seeds,
} from '@aposta/fairness';
import { describe, expect, it } from 'vitest';
import { floatLines, verify, type VerifyInput } from './verify';

const seeds: Seeds = {
  serverSeed: 'b3d1f1f8a6e4c2d09a7b5e3c1f0e9d8c7b6a5f4e3d2c1b0a99887766554433221',
  clientSeed: 'meu-seed',
  nonce: 42,
};
const base: VerifyInput = {
  ...seeds,
  game: 'dice',
  target: 5050,
  condition: 'over',
  mines: 3,
  rows: 16,
  risk: 'medium',
  color: 'red',
};

describe('the verifier recomputes with @aposta/fairness', () => {
  it('floats come from the bytes, block after block', () => {
    const lines = floatLines(seeds, 12);
    expect(lines.map((l) => l.value)).toEqual(floats(seeds, 12));
    expect(lines[8]).toMatchObject({ round: 1, offset: 0 });
    for (const l of lines) expect(l.value).toBe(l.bytes.reduce((s, b, i) => s + b / 256 ** (i + 1), 0));
  });

  it.each([0, 1, 7, 1234])('gives every game the outcome of the package (nonce %i)', (nonce) => {
    const s = { ...seeds, nonce };
    const v = (patch: Partial<VerifyInput>) => verify({ ...base, nonce, ...patch });
    expect(v({}).serverSeedHash).toBe(hashServerSeed(s.serverSeed));

    const dice = playInstant({ game: 'dice', target: 5050, condition: 'over' }, s);
    expect(v({ game: 'dice' }).outcome).toMatchObject({
      roll: (dice.outcome as { roll: number }).roll,
      won: dice.multiplier > 0,
    });
    const limbo = playInstant({ game: 'limbo', target: 200 }, s);
    expect(v({ game: 'limbo', target: 200 }).outcome).toMatchObject({
      result: (limbo.outcome as { result: number }).result,
      multiplier: limbo.multiplier,
    });
    const plinko = playInstant({ game: 'plinko', rows: 12, risk: 'high' }, s);
    expect(v({ game: 'plinko', rows: 12, risk: 'high' }).outcome).toMatchObject({
      ...(plinko.outcome as object),
      game: 'plinko',
      multiplier: plinko.multiplier,
      table: plinkoTable(12, 'high'),
    });
    const row = playInstant({ game: 'rowDouble', color: 'white' }, s);
    expect(v({ game: 'rowDouble', color: 'white' }).outcome).toMatchObject({
      tile: (row.outcome as { tile: number }).tile,
      multiplier: row.multiplier,
    });
    expect(v({ game: 'mines', mines: 10 }).outcome).toEqual({ game: 'mines', mines: minesPositions(s, 10) });
    expect(v({ game: 'mines', mines: 10 }).floats).toHaveLength(10);
    expect(v({ game: 'plinko', rows: 16 }).floats).toHaveLength(16);
  });
});
