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
  /** HMAC secret of the sandbox PIX provider's webhooks; random per process when unset. */
  SANDBOX_PIX_SECRET: z.string().min(16).optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  TEST_CAPTCHA_CODE: z.string().min(1).max(16).optional(),
  OPERATOR_KEY: z.string().min(16, 'OPERATOR_KEY must be at least 16 characters').optional(),
  OPERATOR_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  SMTP_URL: optionalUrl.optional(),
  MAIL_FROM: z.string().default('Aposta <no-reply@aposta.local>'),
  CORS_ORIGINS: z.string().optional(),
  TRUST_PROXY: bool.default(false),
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
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** 'paused' stops this node delivering outbox events (they wait, committed, for a node that delivers). */
  OUTBOX_RELAY: z.enum(['on', 'paused']).default('on'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** 'off' runs no job worker or schedule on this node (jobs are still queued, for the other nodes). */
  JOBS: z.enum(['on', 'off']).default('on'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** First provider check of an unpaid deposit (a lost webhook); later checks back off from there. */
  DEPOSIT_CHECK_AFTER_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
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
  const sandbox = e.SANDBOX ?? !production;
  const hasMercadoPago = Boolean(e.MERCADOPAGO_ACCESS_TOKEN && e.MERCADOPAGO_WEBHOOK_SECRET);
  // With no provider at all, deposits answer "provider unavailable" rather than the server refusing to start.
  const pixProvider =
    e.PIX_PROVIDER ?? (sandbox ? 'sandbox' : hasMercadoPago ? 'mercadopago' : ('none' as const));
  if (pixProvider === 'mercadopago' && !hasMercadoPago)
    problems.push('PIX_PROVIDER=mercadopago needs MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET');
  if (pixProvider === 'sandbox' && !sandbox) problems.push('PIX_PROVIDER=sandbox needs SANDBOX on');
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
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) } as const),
    redisUrl: e.REDIS_URL,
    /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
    redisPrefix: e.REDIS_PREFIX,
    testCaptchaCode: e.TEST_CAPTCHA_CODE,
    operatorKey: e.OPERATOR_KEY,
    operatorSessionTtlHours: e.OPERATOR_SESSION_TTL_HOURS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
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
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    outbox: { relay: e.OUTBOX_RELAY, pollMs: e.OUTBOX_POLL_MS },
    jobs: { enabled: e.JOBS === 'on', pollSeconds: e.JOBS_POLL_SECONDS },
    depositCheckAfterSeconds: e.DEPOSIT_CHECK_AFTER_SECONDS,
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
