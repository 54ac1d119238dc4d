import type { Config } from '../config';

/** A connection URL fit for a log: no password, no query string (it may carry secrets too). */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    url.search = '';
    return url.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * The start banner: what this node serves and with which risky switches, in one log entry at listen. The
 * fields travel as `banner` for log search; the message is the block a person reads.
 */
export function startBanner(config: Config, listeningAt: string) {
  const fields = {
    url: listeningAt,
    publicUrl: config.publicUrl,
    env: config.env,
    database:
      config.database.kind === 'postgres'
        ? `PostgreSQL ${redactUrl(config.database.url)} (pool ${config.database.poolSize})`
        : `embedded PGlite in ${config.database.dataDir}`,
    redis: config.redisUrl
      ? `on ${redactUrl(config.redisUrl)} (prefix ${config.redisPrefix})`
      : 'off (single node)',
    sandbox: config.sandbox ? 'ON: sandbox outbox, PIX page and payout rail are served' : 'off',
    testCaptcha: config.testCaptchaCode ? 'ON: a fixed code passes every captcha' : 'off',
    operatorKey: config.operatorKey ? 'set' : 'not set',
  };
  const rows: [string, string][] = [
    ['Listening', fields.url],
    ['Public URL', fields.publicUrl],
    ['NODE_ENV', fields.env],
    ['Database', fields.database],
    ['Redis', fields.redis],
    ['Sandbox mode', fields.sandbox],
    ['Test captcha', fields.testCaptcha],
    ['Operator key', fields.operatorKey],
  ];
  const text = ['Aposta server started', ...rows.map(([k, v]) => `  ${`${k}:`.padEnd(14)}${v}`)].join('\n');
  return { fields, text };
}
