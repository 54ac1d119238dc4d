import type { ClusterSlot, GridSlot, LinesSlot, SlotGame } from './slots';

/**
 * Aposta Studios' three slots: reel strips and pay tables as data. Each strip is a string, one symbol per
 * character, read from top to bottom (a stop s shows characters s, s+1, … of its reel, wrapping). The RTPs below
 * are exact (enumeration of every stop combination, `exactSlotFigures`; slots.test.ts recomputes the two smaller
 * spaces, `npm run sim:slots` all three) and are what the catalogue declares.
 */

const strips = (...list: string[]) => list.map((s) => s.split(''));

/** 3×3, 5 lines; a screen of one symbol (the ox is wild) multiplies the spin by 5. 27,000 combinations. */
export const FORTUNE_OX: GridSlot = {
  code: 'fortune-ox',
  name: 'Fortune Ox',
  kind: 'grid3x3',
  rows: 3,
  symbols: [
    { id: 'W', name: 'Ox', wild: true },
    { id: 'A', name: 'Gold ingot' },
    { id: 'B', name: 'Coin bag' },
    { id: 'C', name: 'Red envelope' },
    { id: 'D', name: 'Orange' },
    { id: 'E', name: 'Firecracker' },
  ],
  strips: strips(
    'CEDBEACDWEBDCEDAEEBCDEEWCABDDE',
    'CAWDBDCEDEEABCDEEWCBDADECDBEEE',
    'DDEEBCDADECWBDEECADBEDCEEEWABC',
  ),
  unitsPerBet: 5,
  volatility: 'low',
  lines: [
    [0, 0, 0],
    [1, 1, 1],
    [2, 2, 2],
    [0, 1, 2],
    [2, 1, 0],
  ],
  pays: { W: 30, A: 20, B: 17, C: 13, D: 10, E: 6 },
  fullScreen: 5,
};

/**
 * 5×3, 10 lines, wild; 3+ scatters pay and give 8 free spins at ×2 (retriggerable). 33,554,432 combinations.
 * Rules 2: a line that starts with wilds pays the better of the wilds' own win and the substituted one (`lineWin`);
 * the scatter's pay for 3 went from 20 to 16 units to keep the RTP where it was (95.8683% under rules 1).
 * Rules 3: a round pays at most 5,000× the bet, free spins included (`maxWinMultiple`): retriggers are unbounded,
 * so without a cap no maximum win could be declared.
 */
export const CARNIVAL_LINES: LinesSlot = {
  code: 'carnival-lines',
  name: 'Carnival Lines',
  kind: 'lines5x3',
  rules: 3,
  maxWinMultiple: 5_000,
  rows: 3,
  symbols: [
    { id: 'W', name: 'Mask', wild: true },
    { id: 'S', name: 'Drum', scatter: true },
    { id: 'A', name: 'Queen' },
    { id: 'B', name: 'Dancer' },
    { id: 'C', name: 'Feather' },
    { id: 'D', name: 'Trumpet' },
    { id: 'E', name: 'Maracas' },
    { id: 'F', name: 'Confetti' },
    { id: 'G', name: 'Streamer' },
  ],
  strips: strips(
    'GEWCDFGGEABCDFESFDWCBEFDGAGCEFDB',
    'GCDFWBEFACDEGGDFBCEGWDFGACBDEFSE',
    'AGFBDEGWCFDEGGSBACDEFGEWBCDFFDEC',
    'CDEFGGGEAWBCDEDFCFGBDEFGAWCDEBSF',
    'BEFCGEADGFBCWDSEFGECDBAFGDECWFGD',
  ),
  unitsPerBet: 10,
  volatility: 'medium',
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 2, 2, 2, 2],
    [0, 1, 2, 1, 0],
    [2, 1, 0, 1, 2],
    [0, 0, 1, 2, 2],
    [2, 2, 1, 0, 0],
    [1, 0, 0, 0, 1],
    [1, 2, 2, 2, 1],
    [1, 0, 1, 2, 1],
  ],
  pays: {
    W: [37, 93, 232],
    A: [28, 74, 186],
    B: [23, 56, 140],
    C: [19, 42, 93],
    D: [11, 23, 56],
    E: [9, 23, 56],
    F: [7, 17, 37],
    G: [7, 17, 37],
  },
  scatterPays: [16, 50, 200],
  freeSpins: 8,
  freeSpinMultiplier: 2,
};

/** 5×5 pays anywhere (8+ of a symbol), cascades refilled from the strips. 3,200,000 combinations. */
export const CANDY_CASCADE: ClusterSlot = {
  code: 'candy-cascade',
  name: 'Candy Cascade',
  kind: 'cluster',
  rows: 5,
  symbols: [
    { id: 'A', name: 'Heart' },
    { id: 'B', name: 'Star' },
    { id: 'C', name: 'Lollipop' },
    { id: 'D', name: 'Gumdrop' },
    { id: 'E', name: 'Jelly bean' },
    { id: 'F', name: 'Mint' },
  ],
  strips: strips(
    'ADCBEFDECFEDFBECDFEF',
    'CDEBFFDCEFEDABCEDFEF',
    'FDBECADEFFECBDEFDFCE',
    'FDBCEFDECFFDBEFCDAEE',
    'CBDEFFDCEAEBDFCEDFEF',
  ),
  unitsPerBet: 4,
  volatility: 'medium',
  minCount: 8,
  pays: {
    A: [14, 30, 60],
    B: [9, 20, 40],
    C: [6, 14, 28],
    D: [5, 9, 18],
    E: [3, 6, 12],
    F: [2, 4, 9],
  },
  cascadeMultipliers: [1],
  maxCascades: 20,
};

export const STUDIO_SLOTS: Record<string, SlotGame> = {
  [FORTUNE_OX.code]: FORTUNE_OX,
  [CARNIVAL_LINES.code]: CARNIVAL_LINES,
  [CANDY_CASCADE.code]: CANDY_CASCADE,
};

/**
 * Earlier rules of our slots, kept so that the rounds played under them still verify (a round records its rules).
 * Carnival Lines rules 1 paid a line that starts with wilds as the first other symbol only (W W W G paid 4 × G,
 * 17 units, where the paytable shows 37 for the three wilds), and nothing for wilds followed by the scatter; rules
 * 1 and 2 had no cap on a round's win.
 */
export const RETIRED_STUDIO_SLOTS: SlotGame[] = [
  { ...CARNIVAL_LINES, rules: 1, maxWinMultiple: undefined, scatterPays: [20, 50, 200] },
  { ...CARNIVAL_LINES, rules: 2, maxWinMultiple: undefined },
];

/** One of our slots under the given rules (absent: the current ones); undefined for rules it never had. */
export function studioSlot(code: string, rules?: number): SlotGame | undefined {
  const game = STUDIO_SLOTS[code];
  if (!game || rules === undefined || rules === (game.rules ?? 1)) return game;
  return RETIRED_STUDIO_SLOTS.find((g) => g.code === code && (g.rules ?? 1) === rules);
}

/**
 * Declared figures, from the exact enumeration (percent, 4 decimals), the hit frequency and the most a round can
 * pay × bet (`exactSlotFigures`: the largest win of Fortune Ox and Candy Cascade, whose rounds are their stops;
 * Carnival Lines' cap, as its free spins retrigger without end). slots.test.ts and `npm run sim:slots` hold the
 * maths to them.
 */
export const STUDIO_SLOT_FIGURES: Record<string, { rtp: number; hitFrequency: number; maxWin: number }> = {
  'fortune-ox': { rtp: 95.3119, hitFrequency: 0.4012, maxWin: 54 },
  'carnival-lines': { rtp: 95.8783, hitFrequency: 0.3738, maxWin: 5_000 },
  'candy-cascade': { rtp: 96.2723, hitFrequency: 0.3197, maxWin: 18.5 },
};

/** Stakes offered, in centavos: multiples of 20 so that every unit is a whole centavo. */
export const STUDIO_BETS = [20, 40, 100, 200, 400, 1_000, 2_000, 5_000, 10_000];
