import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './platform/paths';

/**
 * The only reader of process.env (lint forbids it elsewhere). Every setting is listed in README.md.
 * Parsing fails fast and lists every problem at once.
 */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());
/**
 * Which proxies' `X-Forwarded-For` entries to believe: a comma-separated list of their addresses, CIDR ranges or
 * proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`); `true` means a proxy on a private network (all
 * three names). The client is the first address from the right that is not such a proxy; what a client writes
 * further left is never read, so it cannot pick the address every per-IP limit counts. Never "trust all" (the
 * leftmost entry, the client's own), and no hop count (Fastify ignores one: it cannot check the nearest peer).
 */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | string[] => {
    const lower = v.toLowerCase();
    if (['', 'false', '0', 'no'].includes(lower)) return false;
    if (['true', 'yes', '1'].includes(lower)) return PROXY_NAMES;
    const list = v.split(',').map((a) => a.trim());
    if (list.every((a) => PROXY_NAMES.includes(a) || net.isIP(a.replace(/\/\d{1,3}$/, '')) !== 0))
      return list;
    ctx.addIssue({
      code: 'custom',
      message: 'true, false, or proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: optionalUrl.optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/)
    .default('aposta:'),
  SANDBOX: bool.optional(),
  /** PIX pay-in provider; 'sandbox' needs SANDBOX on, 'mercadopago' its two MERCADOPAGO_* settings. */
  PIX_PROVIDER: z.enum(['sandbox', 'mercadopago']).optional(),
  /**
   * The identity bureau KYC asks under JURISDICTION=br (is the CPF regular, and the declared person's):
   * 'sandbox' (the default in sandbox mode; needs SANDBOX on), 'serpro' (Serpro's Consulta CPF; its two
   * SERPRO_CONSUMER_* settings; the default outside sandbox mode when they are set) or 'none' (self-declared).
   */
  IDENTITY_BUREAU: z.enum(['sandbox', 'serpro', 'none']).optional(),
  /** API SERPRO's contract credentials (Área do Cliente): the token is asked with them (HTTP Basic). */
  SERPRO_CONSUMER_KEY: z.string().min(1).optional(),
  SERPRO_CONSUMER_SECRET: z.string().min(1).optional(),
  /** API SERPRO's gateway; tests point it at their own server. */
  SERPRO_BASE_URL: optionalUrl.optional(),
  /** HMAC secret of the sandbox PIX provider's webhooks; random per process when unset. */
  SANDBOX_PIX_SECRET: z.string().min(16).optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The live chat the app shows: our own (default) or LiveChat by its license id. */
  SUPPORT_CHAT: z.enum(['own', 'livechat']).default('own'),
  LIVECHAT_LICENSE_ID: z
    .string()
    .regex(/^\d{1,20}$/, 'LIVECHAT_LICENSE_ID must be digits')
    .optional(),
  /** The secret LiveChat sends in its webhooks' `secret_key`. */
  LIVECHAT_WEBHOOK_SECRET: z.string().min(16).optional(),
  TEST_CAPTCHA_CODE: z.string().min(1).max(16).optional(),
  OPERATOR_KEY: z.string().min(16, 'OPERATOR_KEY must be at least 16 characters').optional(),
  OPERATOR_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  SMTP_URL: optionalUrl.optional(),
  /** Web push (VAPID): the key pair (base64url, `npx web-push generate-vapid-keys`) and a mailto: or https: contact. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/)
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/)
    .optional(),
  MAIL_FROM: z.string().default('Aposta <no-reply@aposta.local>'),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 14),
  WEB_DIST: z.string().optional(),
  BACKOFFICE_DIST: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** 'paused' stops this node delivering outbox events (they wait, committed, for a node that delivers). */
  OUTBOX_RELAY: z.enum(['on', 'paused']).default('on'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** 'off' runs no job worker or schedule on this node (jobs are still queued, for the other nodes). */
  JOBS: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** First provider check of an unpaid deposit (a lost webhook); later checks back off from there. */
  DEPOSIT_CHECK_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** AES-256-GCM key (64 hex characters) that encrypts the originals' unrevealed server seeds at rest. */
  ORIGINALS_SEED_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'ORIGINALS_SEED_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /**
   * 'off': this node never drives the shared rounds' clock (it still serves their calls). Nodes with JOBS=off
   * never drive it either. The test apps turn it off unless a test needs it.
   */
  ROUNDS_CLOCK: z.enum(['on', 'off']).default('on'),
  /** Shared rounds' clock speed: 1 in production; tests and demos shorten every phase (0.05 = 20x faster). */
  ROUNDS_TIME_SCALE: z.coerce.number().min(0.01).max(1).default(1),
  /** Hashes in each new shared-round chain (one per round); a used-up chain is followed by a new one. */
  ROUNDS_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(10_000),
  /**
   * The licence profile: 'default' is the spec's behaviour; 'br' the Brazilian licensed market (Lei
   * 14.790/2023): CPF and birth date at registration (18+), no USDT payouts nor transfers between players, no
   * deposit-linked gifts, sessions end after 30 minutes idle.
   */
  JURISDICTION: z.enum(['default', 'br']).default('default'),
  /**
   * The sportsbook's feed: 'sandbox' (the default in sandbox mode) keeps a schedule of simulated fixtures for
   * the twelve sports and plays them in play; 'off' runs none (events come from operators). Runs as a job.
   */
  SPORTS_FEED: z.enum(['sandbox', 'football-data', 'off']).optional(),
  /** football-data.org v4 API token (X-Auth-Token), needed by SPORTS_FEED=football-data. */
  FOOTBALL_DATA_TOKEN: z.string().min(1).optional(),
  /** Sandbox feed speed: match time per real time (1 = real time; 10 plays a football match in 9 minutes). */
  SPORTS_FEED_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
  /** Seconds between the feed job's steps. */
  SPORTS_FEED_SECONDS: z.coerce.number().min(1).max(59).default(5),
  /** HMAC secret of our studio's wallet calls (the `aposta` provider); random per process when unset. */
  STUDIO_SECRET: z.string().min(16).optional(),
  /** Where our studio reaches the wallet API; by default this server on the loopback (`http://127.0.0.1:PORT`). */
  STUDIO_WALLET_URL: optionalUrl.optional(),
  /**
   * AES-256-GCM key (64 hex characters) that seals the game providers' HMAC secrets in the database. Required
   * in production; elsewhere a fixed development key is derived (see `casino.secretKey` below).
   */
  CASINO_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'CASINO_SECRET_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /** Minutes a launch token may wait for the game to open it, and a game session lives without a call. */
  CASINO_LAUNCH_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  CASINO_SESSION_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(240),
});

export type Env = z.input<typeof envSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  if (production && e.TEST_CAPTCHA_CODE)
    problems.push('TEST_CAPTCHA_CODE must not be set when NODE_ENV=production');
  if (production && e.SANDBOX) problems.push('SANDBOX must not be true when NODE_ENV=production');
  if (production && e.ROUNDS_TIME_SCALE !== 1)
    problems.push('ROUNDS_TIME_SCALE must be 1 when NODE_ENV=production');
  const sandbox = e.SANDBOX ?? !production;
  const hasMercadoPago = Boolean(e.MERCADOPAGO_ACCESS_TOKEN && e.MERCADOPAGO_WEBHOOK_SECRET);
  // With no provider at all, deposits answer "provider unavailable" rather than the server refusing to start.
  const pixProvider =
    e.PIX_PROVIDER ?? (sandbox ? 'sandbox' : hasMercadoPago ? 'mercadopago' : ('none' as const));
  if (pixProvider === 'mercadopago' && !hasMercadoPago)
    problems.push('PIX_PROVIDER=mercadopago needs MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET');
  if (e.SPORTS_FEED === 'football-data' && !e.FOOTBALL_DATA_TOKEN)
    problems.push('SPORTS_FEED=football-data needs FOOTBALL_DATA_TOKEN');
  if (e.SUPPORT_CHAT === 'livechat' && !(e.LIVECHAT_LICENSE_ID && e.LIVECHAT_WEBHOOK_SECRET))
    problems.push('SUPPORT_CHAT=livechat needs LIVECHAT_LICENSE_ID and LIVECHAT_WEBHOOK_SECRET');
  if (pixProvider === 'sandbox' && !sandbox) problems.push('PIX_PROVIDER=sandbox needs SANDBOX on');
  const hasSerpro = Boolean(e.SERPRO_CONSUMER_KEY && e.SERPRO_CONSUMER_SECRET);
  const identityBureau =
    e.IDENTITY_BUREAU ?? (sandbox ? 'sandbox' : hasSerpro ? 'serpro' : ('none' as const));
  if (identityBureau === 'sandbox' && !sandbox) problems.push('IDENTITY_BUREAU=sandbox needs SANDBOX on');
  if (identityBureau === 'serpro' && !hasSerpro)
    problems.push('IDENTITY_BUREAU=serpro needs SERPRO_CONSUMER_KEY and SERPRO_CONSUMER_SECRET');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (set both or neither)');
  if (e.VAPID_PUBLIC_KEY && !e.VAPID_SUBJECT) problems.push('VAPID_PUBLIC_KEY needs VAPID_SUBJECT');
  if (production && !e.CASINO_SECRET_KEY)
    problems.push(
      'CASINO_SECRET_KEY is required when NODE_ENV=production (it seals the game providers’ secrets)',
    );
  if (problems.length)
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    production,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    /**
     * Sandbox outside parties (outbox, PIX page, payout rail) are on by default only on a laptop: outside
     * production AND on a loopback address. A reachable server that forgot NODE_ENV must not serve the outbox
     * (reset codes, login links) to anyone; SANDBOX=true turns them on there explicitly.
     */
    sandbox: e.SANDBOX ?? (!production && isLoopback(publicUrl)),
    payments: {
      pixProvider,
      sandboxPixSecret: e.SANDBOX_PIX_SECRET,
      mercadoPago: { accessToken: e.MERCADOPAGO_ACCESS_TOKEN, webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET },
    },
    identityBureau,
    /** Serpro's Consulta CPF credentials (null unless both are set); the secret is never logged. */
    serpro:
      e.SERPRO_CONSUMER_KEY && e.SERPRO_CONSUMER_SECRET
        ? {
            consumerKey: e.SERPRO_CONSUMER_KEY,
            consumerSecret: e.SERPRO_CONSUMER_SECRET,
            baseUrl: e.SERPRO_BASE_URL,
          }
        : null,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) } as const),
    redisUrl: e.REDIS_URL,
    /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
    redisPrefix: e.REDIS_PREFIX,
    support: {
      chat: e.SUPPORT_CHAT,
      liveChat: { licenseId: e.LIVECHAT_LICENSE_ID, webhookSecret: e.LIVECHAT_WEBHOOK_SECRET },
    },
    testCaptchaCode: e.TEST_CAPTCHA_CODE,
    operatorKey: e.OPERATOR_KEY,
    operatorSessionTtlHours: e.OPERATOR_SESSION_TTL_HOURS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    /**
     * Web push. Without keys: sandbox and tests make a key pair per process (logged at start); elsewhere push
     * is off. Outside the sandbox only the browsers' push services are called (push.module.ts).
     */
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT! }
          : null,
    },
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((s) => s.trim()) : [publicUrl],
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    auth: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      loginPerIpPerMinute: e.LOGIN_PER_IP_PER_MINUTE,
      sessionTtlHours: e.SESSION_TTL_HOURS,
    },
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    backofficeDist: path.resolve(e.BACKOFFICE_DIST ?? path.join(repoRoot, 'apps/backoffice/dist')),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    outbox: { relay: e.OUTBOX_RELAY, pollMs: e.OUTBOX_POLL_MS },
    jobs: { enabled: e.JOBS === 'on', pollSeconds: e.JOBS_POLL_SECONDS },
    depositCheckAfterSeconds: e.DEPOSIT_CHECK_AFTER_SECONDS,
    /** Unset: server seeds are stored as they are (still never logged nor answered before rotation). */
    originalsSeedKey: e.ORIGINALS_SEED_KEY,
    jurisdiction: e.JURISDICTION,
    sports: {
      feed: e.SPORTS_FEED ?? (sandbox ? ('sandbox' as const) : ('off' as const)),
      footballDataToken: e.FOOTBALL_DATA_TOKEN,
      feedSpeed: e.SPORTS_FEED_SPEED,
      feedSeconds: e.SPORTS_FEED_SECONDS,
    },
    rounds: {
      clock: e.ROUNDS_CLOCK === 'on' && e.JOBS === 'on',
      timeScale: e.ROUNDS_TIME_SCALE,
      chainLength: e.ROUNDS_CHAIN_LENGTH,
    },
    casino: {
      launchTtlMs: e.CASINO_LAUNCH_TTL_MINUTES * 60_000,
      sessionTtlMs: e.CASINO_SESSION_TTL_MINUTES * 60_000,
      /** Our studio is registered as the `aposta` provider at boot. */
      studioSecret: e.STUDIO_SECRET ?? crypto.randomBytes(32).toString('hex'),
      studioWalletUrl: (e.STUDIO_WALLET_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
      /**
       * The key that seals providers' secrets at rest. Without CASINO_SECRET_KEY (development and tests only:
       * production refuses to start) it is DERIVED FROM A PUBLIC STRING, the same on every run so that a local
       * database stays readable: it protects nothing, and `secretKeyIsDevDefault` makes the module say so.
       */
      secretKey: e.CASINO_SECRET_KEY
        ? Buffer.from(e.CASINO_SECRET_KEY, 'hex')
        : crypto.createHash('sha256').update('aposta:casino-secret-key:development-only').digest(),
      secretKeyIsDevDefault: !e.CASINO_SECRET_KEY,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
