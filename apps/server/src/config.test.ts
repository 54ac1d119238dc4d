import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('defaults to the embedded database in ./data on port 3000, sandbox on', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe('pglite');
    expect(c.database.kind === 'pglite' && c.database.dataDir).toMatch(/\/data$/);
    expect(c.sandbox).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' });
    expect(c.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@127.0.0.1:5432/x' });
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'not a url' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/LOG_LEVEL/);
    expect(message).toMatch(/DATABASE_URL/);
  });

  it('trusts only named proxies, never whatever a client writes in X-Forwarded-For', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.10' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('turns the sandbox on by default only on a loopback address', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).sandbox).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://staging.example.com' }).sandbox).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://staging.example.com', SANDBOX: 'true' }).sandbox).toBe(true);
  });

  it('refuses the test captcha and the sandbox in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CAPTCHA_CODE: '1234' })).toThrow(
      /TEST_CAPTCHA_CODE/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' })).toThrow(/SANDBOX/);
    expect(loadConfig({ NODE_ENV: 'production', CASINO_SECRET_KEY: 'ab'.repeat(32) }).sandbox).toBe(false);
  });

  it('asks the sandbox identity bureau in sandbox mode only; none by default in production', () => {
    expect(loadConfig({}).identityBureau).toBe('sandbox');
    const prod = { NODE_ENV: 'production', CASINO_SECRET_KEY: 'ab'.repeat(32) };
    expect(loadConfig(prod).identityBureau).toBe('none');
    expect(() => loadConfig({ ...prod, IDENTITY_BUREAU: 'sandbox' })).toThrow(
      /IDENTITY_BUREAU=sandbox needs SANDBOX on/,
    );
    expect(() => loadConfig({ IDENTITY_BUREAU: 'datavalid' })).toThrow(/IDENTITY_BUREAU/);
  });

  it('asks Serpro with both credentials: refused without them, chosen by default outside sandbox with them', () => {
    const prod = { NODE_ENV: 'production', CASINO_SECRET_KEY: 'ab'.repeat(32) };
    const creds = { SERPRO_CONSUMER_KEY: 'key', SERPRO_CONSUMER_SECRET: 'secret' };
    for (const partial of [{}, { SERPRO_CONSUMER_KEY: 'key' }, { SERPRO_CONSUMER_SECRET: 'secret' }])
      expect(() => loadConfig({ ...prod, IDENTITY_BUREAU: 'serpro', ...partial })).toThrow(
        /IDENTITY_BUREAU=serpro needs SERPRO_CONSUMER_KEY and SERPRO_CONSUMER_SECRET/,
      );
    const c = loadConfig({ ...prod, ...creds });
    expect(c.identityBureau).toBe('serpro');
    expect(c.serpro).toEqual({ consumerKey: 'key', consumerSecret: 'secret', baseUrl: undefined });
    expect(loadConfig({ ...prod, ...creds, IDENTITY_BUREAU: 'none' }).identityBureau).toBe('none');
    // Sandbox mode keeps the sandbox bureau unless told; SERPRO_BASE_URL must be a URL.
    expect(loadConfig(creds).identityBureau).toBe('sandbox');
    const local = loadConfig({ ...creds, IDENTITY_BUREAU: 'serpro', SERPRO_BASE_URL: 'http://127.0.0.1:9' });
    expect(local.serpro?.baseUrl).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ ...creds, SERPRO_BASE_URL: 'gateway' })).toThrow(/SERPRO_BASE_URL/);
  });

  it('needs the key of the providers’ secrets in production; elsewhere derives a marked development key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CASINO_SECRET_KEY/);
    expect(() => loadConfig({ CASINO_SECRET_KEY: 'short' })).toThrow(/CASINO_SECRET_KEY/);
    const set = loadConfig({ NODE_ENV: 'production', CASINO_SECRET_KEY: 'ab'.repeat(32) }).casino;
    expect(set.secretKey.toString('hex')).toBe('ab'.repeat(32));
    expect(set.secretKeyIsDevDefault).toBe(false);
    const dev = loadConfig({ NODE_ENV: 'development' }).casino;
    expect(dev.secretKey).toHaveLength(32);
    expect(dev.secretKeyIsDevDefault).toBe(true);
    // The same on every start, so a development database stays readable.
    expect(loadConfig({ NODE_ENV: 'test' }).casino.secretKey.equals(dev.secretKey)).toBe(true);
  });
});
