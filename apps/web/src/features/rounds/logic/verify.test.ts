import type { RoundChain, RoundHistoryItem } from '@aposta/contracts';
import { chainWalk, crashPoint, doubleTile, roundValue } from '@aposta/fairness';
import { describe, expect, it } from 'vitest';
import { checkRounds, roundOk } from './verify';

const start = 'a'.repeat(64);
const LENGTH = 30;
const salt = '0000000000000000000b4a9c1f';
const hashOf = (round: number) => chainWalk(start, LENGTH - round); // round j uses h_{N-j}
const chain: RoundChain = {
  chainId: '7',
  commitment: chainWalk(start, LENGTH),
  committedAt: '2026-11-24T00:00:00.000Z',
  salt,
  saltSetAt: '2026-11-24T00:00:01.000Z',
  length: LENGTH,
  used: 12,
};
const item = (round: number, result: number): RoundHistoryItem => ({
  roundId: String(100 + round),
  hash: hashOf(round),
  result,
  settledAt: null,
  period: null,
  chainId: '7',
});
/** Rounds `from`..`to`, newest first, with their true double tiles. */
const doubles = (rounds: number[]) =>
  rounds.map((r) => item(r, doubleTile(roundValue(hashOf(r), salt)))).reverse();
const chains = new Map([['7', chain]]);

describe('checkRounds', () => {
  it('accepts true results and links, back to the commitment', () => {
    const checked = checkRounds('double', doubles([1, 2, 3, 4, 5]), chains);
    expect(checked.map(roundOk)).toEqual([true, true, true, true, true]);
    expect(checked.at(-1)!.linked).toBe(true);
  });

  it('follows the chain over rounds missing from the history (refunded ones)', () => {
    const checked = checkRounds('double', doubles([3, 4, 8, 9]), chains);
    expect(checked.every((c) => c.linked === true)).toBe(true);
  });

  it('flags a result that the hash and salt do not give', () => {
    const history = doubles([1, 2, 3]);
    history[1] = { ...history[1]!, result: (history[1]!.result + 1) % 15 };
    const checked = checkRounds('double', history, chains);
    expect(checked.map(roundOk)).toEqual([true, false, true]);
    expect(checked[1]!.computed).not.toBe(checked[1]!.shown);
  });

  it('flags a hash that is not on the chain', () => {
    const history = doubles([1, 2, 3]);
    history[0] = { ...history[0]!, hash: 'b'.repeat(64) };
    const checked = checkRounds('double', history, chains);
    expect(checked[0]!.linked).toBe(false);
    expect(roundOk(checked[0]!)).toBe(false);
  });

  it('reads crash results in the shown unit (×) against the point in hundredths', () => {
    const history = [2, 1].map((r) => item(r, crashPoint(roundValue(hashOf(r), salt)) / 100));
    expect(checkRounds('crash', history, chains).map(roundOk)).toEqual([true, true]);
  });

  it('says the salt is not published instead of guessing', () => {
    const noSalt = new Map([['7', { ...chain, salt: null, saltSetAt: null }]]);
    const checked = checkRounds('double', doubles([1]), noSalt);
    expect(checked[0]!.computed).toBeNull();
    expect(roundOk(checked[0]!)).toBe(false);
  });

  it('checks a history across an operator’s new chain: each round against its own chain, salt and commitment', () => {
    // Chain 8 replaced chain 7 after its round 12: the history shows chain 8's rounds 1–3, then chain 7's 10–12.
    const start8 = 'c'.repeat(64);
    const salt8 = '00000000000000000002f7e1aa';
    const hash8 = (round: number) => chainWalk(start8, LENGTH - round);
    const chain8: RoundChain = {
      ...chain,
      chainId: '8',
      commitment: chainWalk(start8, LENGTH),
      salt: salt8,
      used: 3,
    };
    const newer = [3, 2, 1].map((r) => ({
      ...item(r, doubleTile(roundValue(hash8(r), salt8))),
      roundId: String(200 + r),
      hash: hash8(r),
      chainId: '8',
    }));
    const history = [...newer, ...doubles([10, 11, 12])];
    const both = new Map([
      ['7', chain],
      ['8', chain8],
    ]);
    const checked = checkRounds('double', history, both);
    expect(checked.map(roundOk)).toEqual([true, true, true, true, true, true]);
    // The new chain's first round links to its own commitment, not to the old chain's last round.
    expect(checked[2]!.linked).toBe(true);
    // A round of the new chain checked against the old chain's salt does not verify.
    const crossed = checkRounds('double', history, new Map([...both, ['8', { ...chain8, salt }]]));
    expect(crossed.slice(0, 3).some((c) => !roundOk(c))).toBe(true);
  });
});
