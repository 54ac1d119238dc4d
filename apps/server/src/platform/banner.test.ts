import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startBanner } from './banner';

describe('start banner', () => {
  it('names URL, PostgreSQL and Redis without their passwords, and the risky switches', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://app:s3cret-pw@db.internal:5432/aposta?sslpassword=other-secret',
      REDIS_URL: 'redis://:redis-pw@cache:6379',
      TEST_CAPTCHA_CODE: 'TEST42',
      OPERATOR_KEY: 'operator-key-for-tests-only',
      SANDBOX: 'true',
    });
    const { text, fields } = startBanner(config, 'http://127.0.0.1:4321');
    expect(text).toContain('http://127.0.0.1:4321');
    expect(text).toContain('PostgreSQL postgres://app:***@db.internal:5432/aposta');
    expect(text).toMatch(/Redis:\s+on redis:\/\/:\*\*\*@cache:6379/);
    expect(text).toMatch(/Sandbox mode:\s+ON/);
    expect(text).toMatch(/Test captcha:\s+ON/);
    expect(text).toMatch(/Operator key:\s+set/);
    const all = text + JSON.stringify(fields);
    for (const secret of ['s3cret-pw', 'other-secret', 'redis-pw', 'TEST42', 'operator-key-for-tests-only'])
      expect(all).not.toContain(secret);
  });

  it('says embedded database, Redis off and the switches off in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/srv/aposta-data',
      CASINO_SECRET_KEY: 'ab'.repeat(32),
    });
    const { text } = startBanner(config, 'http://0.0.0.0:3000');
    expect(text).toContain('embedded PGlite in /srv/aposta-data');
    expect(text).toMatch(/Redis:\s+off/);
    expect(text).toMatch(/Sandbox mode:\s+off/);
    expect(text).toMatch(/Test captcha:\s+off/);
    expect(text).toMatch(/Operator key:\s+not set/);
  });
});
