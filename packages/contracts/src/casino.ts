import { z } from 'zod';
import { formVersion } from './backoffice';
import { moneyNumber } from './user';

/**
 * The casino: game providers plug into our seamless wallet (casino.md), the lobby, launching a game on `/play`,
 * the round recall, and our own studio ("Aposta Studios"), which is a provider like any other.
 *
 * Provider → platform (the seamless wallet; NOT enveloped, amounts are integer centavos, always HTTP 200 with a
 * status name, as Hub88 answers; a missing or wrong `X-Signature`, or an unknown provider, is
 * `RS_ERROR_INVALID_SIGNATURE`, checked before anything else):
 *   POST /api/provider/{providerCode}/user/info             walletUserRequest     -> walletAnswer
 *   POST /api/provider/{providerCode}/user/balance          walletUserRequest     -> walletAnswer
 *   POST /api/provider/{providerCode}/transaction/bet       walletBetRequest      -> walletAnswer
 *   POST /api/provider/{providerCode}/transaction/win       walletWinRequest      -> walletAnswer
 *   POST /api/provider/{providerCode}/transaction/rollback  walletRollbackRequest -> walletAnswer
 *   Header `X-Signature`: lower-case hex HMAC-SHA256 of the raw request body, keyed with the provider's secret;
 *   or, for a provider configured with a `publicKey` (Hub88's option), the base64 RSA-SHA256 signature of the raw
 *   body made with its private key.
 *
 * Player (enveloped `{status, message, data}`, amounts in major units):
 *   GET  /api/app/casino/games?category=&q=&provider=  -> casinoLobby (no sign-in needed)
 *   GET  /api/app/casino/hot                           -> casinoGame[] (the home page's hot games, HOT_GAME_LIST)
 *   POST /api/app/casino/launch                        casinoLaunchRequest -> casinoLaunchAnswer (sign-in needed)
 *   GET  /api/app/game/inPlay                          -> inPlay | null (the game and round in play)
 *   GET  /api/app/game/stopGame                        -> null (ends the player's open game sessions)
 *   GET  /api/app/casino/rounds?limit=&before=         -> casinoRound[] (my last rounds, newest first, paged)
 *   GET  /api/app/casino/rounds/{roundId}              -> casinoRound (with every wallet call)
 *
 * Operator (permission `casino.manage`, audited; `casino.read` for the lists and the recall). Providers and games
 * carry a `version` that grows with every write; an edit carrying an older one (a stale back-office form) is
 * refused with 409 `staleVersion` and changes nothing. Required on an edit; on an upsert optional (without it the
 * write is unconditional, older callers), `0` meaning "a new one" (an existing code is then refused):
 *   GET  /api/operator/casino/providers                       -> casinoProvider[]
 *   POST /api/operator/casino/providers                       casinoProviderRequest -> casinoProvider (upsert)
 *   POST /api/operator/casino/providers/{code}/secret         casinoProviderKeyRequest -> casinoProvider (rotation)
 *   GET  /api/operator/casino/games                           -> operatorCasinoGame[] (every game, disabled too)
 *   POST /api/operator/casino/providers/{code}/games          casinoGameRequest -> casinoGame (upsert)
 *   POST /api/operator/casino/games/{gameCode}                casinoGameUpdate -> operatorCasinoGame (enable,
 *                                                              order, hot, category)
 *   GET  /api/operator/casino/rounds/{roundId}                -> casinoRound (any player's; `provider:round`, or
 *                                                              `provider:transaction_uuid` for that call's round)
 *
 * Our studio's game client (enveloped; the page the launch URL opens, served by the web app at
 * `/studio/{gameCode}?token=…` or `?demo=1`):
 *   POST /api/studio/session        studioSessionRequest -> studioSession (exchanges the one-time launch token)
 *   POST /api/studio/spin           studioSpinRequest -> studioSpin
 *   GET  /api/studio/rounds?session= -> studioRound[] (the player's last rounds of the studio, every step)
 *   GET  /api/studio/rounds/{roundId}?session= -> studioRound
 *   POST /api/studio/fairness/rotate studioRotateRequest -> studioRotateAnswer (reveals the pair's server seed)
 *   GET  /api/operator/casino/studio/rounds/{roundId}         -> studioRound (operator, permission casino.read)
 */
export const PROVIDER_PATH = '/api/provider';
// CASINO_PATH ('/api/app/casino') is in paths.ts.
export const GAME_PATH = '/api/app/game';
export const STUDIO_PATH = '/api/studio';
export const OPERATOR_CASINO_PATH = '/api/operator/casino';

/** The code of our own studio as a provider. */
export const STUDIO_PROVIDER_CODE = 'aposta';

export const WALLET_CALLS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type WalletCall = (typeof WALLET_CALLS)[number];

/** Hub88's status names (casino.md), plus its two for a malformed body. */
export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_UNKNOWN',
] as const;
export const walletStatus = z.enum(WALLET_STATUSES);
export type WalletStatus = z.infer<typeof walletStatus>;

/** No spaces or control characters: the ledger's references are built from it and refuse them. */
const uuidField = z.string().regex(/^[^\s\p{Cc}]{1,100}$/u);
/** An integer amount in centavos, zero or more, up to the ledger's largest (MAX_MINOR of `@aposta/money`). */
const centavos = z.number().int().nonnegative().max(10_000_000_000_000);

export const walletUserRequest = z.object({
  request_uuid: uuidField,
  token: z.string().min(1).max(200),
  game_code: z.string().max(100).optional(),
});
export type WalletUserRequest = z.infer<typeof walletUserRequest>;

const transactionFields = {
  request_uuid: uuidField,
  transaction_uuid: uuidField,
  token: z.string().min(1).max(200),
  /** The same for every call of one round. */
  round: z.string().min(1).max(100),
  round_closed: z.boolean(),
  game_code: z.string().min(1).max(100),
  currency: z.string().min(3).max(8),
  amount: centavos,
};

/** A stake: debits `amount` (more than 0). */
export const walletBetRequest = z.object(transactionFields);
export type WalletBetRequest = z.infer<typeof walletBetRequest>;

/** A win (0 or more) for a round, referring to its bet by `reference_transaction_uuid`. */
export const walletWinRequest = z.object({
  ...transactionFields,
  reference_transaction_uuid: uuidField,
});
export type WalletWinRequest = z.infer<typeof walletWinRequest>;

/** Undoes a bet (`reference_transaction_uuid`); `amount` is informative. */
export const walletRollbackRequest = z.object({
  ...transactionFields,
  amount: centavos.optional(),
  reference_transaction_uuid: uuidField,
});
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequest>;

export const walletAnswer = z.object({
  status: walletStatus,
  /** The player's spendable balance (cash + bonus) in centavos; 0 when the player is unknown. */
  balance: z.number().int(),
  currency: z.string(),
  request_uuid: z.string(),
  /** The player's id as text; '' when unknown. */
  user: z.string(),
});
export type WalletAnswer = z.infer<typeof walletAnswer>;

// ————————————————————————————————— catalogue —————————————————————————————————

export const CASINO_CATEGORIES = ['slots', 'table', 'live', 'crash', 'fishing', 'other'] as const;
export const casinoCategory = z.enum(CASINO_CATEGORIES, { error: 'casinoCategoryUnknown' });
export type CasinoCategory = z.infer<typeof casinoCategory>;

const providerCode = z
  .string({ error: 'casinoProviderCode' })
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'casinoProviderCode');
const gameCode = z.string({ error: 'casinoGameCode' }).regex(/^[a-z0-9][a-z0-9_.-]{0,99}$/, 'casinoGameCode');

export const casinoProviderRequest = z
  .strictObject({
    code: providerCode,
    name: z.string().trim().min(1).max(80),
    /** The HMAC secret of its calls (16–200 characters); never answered nor logged. */
    secret: z.string().min(16, 'casinoSecretShort').max(200).optional(),
    /** Or its RSA public key (PEM, SPKI): its calls are then signed RSA-SHA256 with its private key. */
    publicKey: z
      .string()
      .max(4000)
      .regex(/-----BEGIN PUBLIC KEY-----/, 'casinoPublicKey')
      .optional(),
    /** The version the form read, 0 for a new provider (see above); without it the upsert is unconditional. */
    version: formVersion.optional(),
  })
  .refine((p) => Boolean(p.secret) !== Boolean(p.publicKey), 'casinoSecretShort');
export type CasinoProviderRequest = z.input<typeof casinoProviderRequest>;

/** A provider's new key (rotation): a new HMAC secret, or a new RSA public key. Never answered nor audited. */
export const casinoProviderKeyRequest = z
  .strictObject({
    secret: z.string().min(16, 'casinoSecretShort').max(200).optional(),
    publicKey: z
      .string()
      .max(4000)
      .regex(/-----BEGIN PUBLIC KEY-----/, 'casinoPublicKey')
      .optional(),
    /** The provider's version the form read. */
    version: formVersion,
  })
  .refine((p) => Boolean(p.secret) !== Boolean(p.publicKey), 'casinoSecretShort');
export type CasinoProviderKeyRequest = z.input<typeof casinoProviderKeyRequest>;

export const casinoProvider = z.object({
  code: z.string(),
  name: z.string(),
  /** How its calls are signed. */
  signature: z.enum(['hmac', 'rsa']),
  enabled: z.boolean(),
  games: z.number().int(),
  /** Grows with every write (stale forms, see above). */
  version: z.number().int(),
  createdAt: z.string(),
});
export type CasinoProvider = z.infer<typeof casinoProvider>;

/**
 * A link the app puts in an iframe or an image: http(s) or a path of this site. Never `javascript:`, `data:` or a
 * protocol-relative `//host` — the /play frame would run it in our origin.
 */
const isSiteOrWebUrl = (v: string) =>
  /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(v) || /^\/(?![/\\])\S*$/.test(v);

export const casinoGameRequest = z.strictObject({
  gameCode,
  name: z.string().trim().min(1).max(80),
  category: casinoCategory,
  /** Declared return to player in percent, e.g. 96.5. */
  rtp: z.number().min(50).max(100),
  /** An image URL (absolute, or a path of this site); empty for none. */
  thumbnail: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || isSiteOrWebUrl(v), 'casinoUrl'),
  /** Where the game opens: the launch URL gets `token`, `game`, `currency`, `lang` (and `demo`) appended. */
  launchUrl: z.string().trim().max(500).refine(isSiteOrWebUrl, 'casinoUrl'),
  /** The version the form read, 0 for a new game (see above); without it the upsert is unconditional. */
  version: formVersion.optional(),
});
export type CasinoGameRequest = z.input<typeof casinoGameRequest>;

/** A game's place in the lobby: lower comes first. */
export const CASINO_SORT = { min: 0, max: 1_000_000 } as const;

export const casinoGameUpdate = z.strictObject({
  enabled: z.boolean().optional(),
  /** Lower comes first in the lobby. */
  sort: z.number().int().min(CASINO_SORT.min).max(CASINO_SORT.max).optional(),
  hot: z.boolean().optional(),
  category: casinoCategory.optional(),
  /** The game's version the form read. */
  version: formVersion,
});
export type CasinoGameUpdate = z.input<typeof casinoGameUpdate>;

export const casinoGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  provider: z.string(),
  providerName: z.string(),
  category: casinoCategory,
  rtp: z.number(),
  thumbnail: z.string(),
  enabled: z.boolean(),
  hot: z.boolean(),
  sort: z.number().int(),
  /** Whether a play-money launch is offered. */
  demo: z.boolean(),
});
export type CasinoGame = z.infer<typeof casinoGame>;

/** A game as the back office edits it: with its version (stale forms, see above). */
export const operatorCasinoGame = casinoGame.extend({ version: z.number().int() });
export type OperatorCasinoGame = z.infer<typeof operatorCasinoGame>;

export const casinoLobbyQuery = z.object({
  category: casinoCategory.optional(),
  q: z.string().trim().max(80).optional(),
  provider: z.string().max(40).optional(),
});
export const casinoLobby = z.object({
  games: z.array(casinoGame),
  categories: z.array(z.object({ category: casinoCategory, count: z.number().int() })),
  providers: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CasinoLobby = z.infer<typeof casinoLobby>;

export const casinoLaunchRequest = z.strictObject({
  gameCode: z
    .string({ error: 'casinoGameUnknown' })
    .min(1, 'casinoGameUnknown')
    .max(100, 'casinoGameUnknown'),
  demo: z.boolean().optional(),
});
export type CasinoLaunchRequest = z.input<typeof casinoLaunchRequest>;

/** The game's page, for a full-screen iframe on `/play`. */
export const casinoLaunchAnswer = z.object({
  url: z.string(),
  gameCode: z.string(),
  demo: z.boolean(),
});
export type CasinoLaunchAnswer = z.infer<typeof casinoLaunchAnswer>;

/** `GET /api/app/game/inPlay`: the game the player has open and its last round, or null. */
export const inPlay = z.object({
  gameCode: z.string(),
  name: z.string(),
  provider: z.string(),
  /** The last round's id in that game session, null before the first bet. */
  round: z.string().nullable(),
  /** Whether that round is still open (a bet without a win or rollback). */
  roundOpen: z.boolean(),
  startedAt: z.string(),
});
export type InPlay = z.infer<typeof inPlay>;

export const walletStep = z.object({
  call: z.enum(['bet', 'win', 'rollback']),
  transactionUuid: z.string(),
  amount: moneyNumber,
  status: z.enum(['ok', 'rolledBack']),
  balanceBefore: moneyNumber,
  balanceAfter: moneyNumber,
  at: z.string(),
});

/** A round as the platform saw it: its wallet calls, with the balance before and after each. */
export const casinoRound = z.object({
  roundId: z.string(),
  provider: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  userId: z.number().int(),
  currency: z.string(),
  stake: moneyNumber,
  win: moneyNumber,
  state: z.enum(['open', 'settled', 'rolledBack']),
  steps: z.array(walletStep),
  startedAt: z.string(),
});
export type CasinoRound = z.infer<typeof casinoRound>;
/**
 * `GET /api/app/casino/rounds`: `limit` rounds (20 by default), newest first (by their last wallet call);
 * `before` (a round id, `provider:round`) asks for the rounds older than that one's last call.
 */
export const casinoRoundsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.string().min(3).max(200).optional(),
});

// ————————————————————————————————— our studio —————————————————————————————————

export const STUDIO_GAMES = ['fortune-ox', 'carnival-lines', 'candy-cascade'] as const;
export const studioGameCode = z.enum(STUDIO_GAMES);
export type StudioGameCode = z.infer<typeof studioGameCode>;

export const studioSessionRequest = z.strictObject({
  /** The launch token of the URL; absent for a demo. */
  token: z.string().max(200).optional(),
  game: studioGameCode,
  demo: z.boolean().optional(),
});

export const studioGameInfo = z.object({
  gameCode: studioGameCode,
  name: z.string(),
  /** 'grid3x3' | 'lines5x3' | 'cluster' */
  kind: z.enum(['grid3x3', 'lines5x3', 'cluster']),
  rows: z.number().int(),
  reels: z.number().int(),
  /** Symbol ids as in the grids; `wild`/`scatter` name the special ones. */
  symbols: z.array(z.object({ id: z.string(), name: z.string(), wild: z.boolean(), scatter: z.boolean() })),
  /** The lines (one row index per reel), for lines games. */
  lines: z.array(z.array(z.number().int())),
  /** Pay table: symbol → count → multiplier of the bet (lines: of the line bet). */
  paytable: z.record(z.string(), z.record(z.string(), z.number())),
  bets: z.array(moneyNumber),
  rtp: z.number(),
  hitFrequency: z.number(),
  maxWin: z.number(),
  volatility: z.enum(['low', 'medium', 'high']),
});
export type StudioGameInfo = z.infer<typeof studioGameInfo>;

export const studioFairness = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});

export const studioSession = z.object({
  session: z.string(),
  demo: z.boolean(),
  balance: moneyNumber,
  currency: z.string(),
  game: studioGameInfo,
  fairness: studioFairness,
});
export type StudioSession = z.infer<typeof studioSession>;

/** A studio game session's id, as every game-client call names it. */
export const studioSessionId = z.string().min(1).max(200);

export const studioSpinRequest = z.strictObject({
  session: studioSessionId,
  /** The stake in major units; one of `game.bets`. */
  bet: z.number().positive(),
});

/** One step of a round: a spin (base or free), a cascade, each with its grid and wins. */
export const studioStep = z.object({
  kind: z.enum(['spin', 'cascade', 'freeSpin', 'feature']),
  /** grid[row][reel], symbol ids. */
  grid: z.array(z.array(z.string())),
  /** Reel stop positions that produced the grid (the first step of a spin), for the verifier. */
  stops: z.array(z.number().int()),
  wins: z.array(
    z.object({
      symbol: z.string(),
      count: z.number().int(),
      /** Cells [row, reel] that won. */
      cells: z.array(z.tuple([z.number().int(), z.number().int()])),
      line: z.number().int().nullable(),
      /** The paytable's win, before the step's multiplier. */
      amount: moneyNumber,
    }),
  ),
  /** Free spins (×2) or a full screen (×5): `win` is the wins' sum times it. */
  multiplier: z.number(),
  win: moneyNumber,
  freeSpinsLeft: z.number().int(),
});
export type StudioStep = z.infer<typeof studioStep>;

export const studioRound = z.object({
  roundId: z.string(),
  gameCode: studioGameCode,
  demo: z.boolean(),
  bet: moneyNumber,
  win: moneyNumber,
  balanceBefore: moneyNumber,
  balanceAfter: moneyNumber,
  steps: z.array(studioStep),
  /** Provably fair inputs: the outcome is recomputable from them once the server seed is revealed. */
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The version of the game's rules the round was paid by (a later version may pay differently); absent: 1. */
  rules: z.number().int().optional(),
  at: z.string(),
});
export type StudioRound = z.infer<typeof studioRound>;

/** Rounds a page of the recall holds (`GET /api/studio/rounds`). */
export const STUDIO_ROUNDS_PAGE = 20;
/**
 * `GET /api/studio/rounds`: the session's player's settled rounds of the session's game, newest first,
 * `STUDIO_ROUNDS_PAGE` at a time; `before` (a round id) asks for the page after the one that ended with it.
 */
export const studioRoundsQuery = z.object({
  session: studioSessionId,
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'fieldInvalid')
    .optional(),
});

export const studioSpin = studioRound.extend({ balance: moneyNumber });
export type StudioSpin = z.infer<typeof studioSpin>;

export const studioRotateRequest = z.strictObject({
  session: studioSessionId,
  clientSeed: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,64}$/, 'originalsInvalidClientSeed')
    .optional(),
});
export const studioRotateAnswer = z.object({
  revealed: studioFairness.extend({ serverSeed: z.string() }),
  current: studioFairness,
});
export type StudioRotateAnswer = z.infer<typeof studioRotateAnswer>;
