import crypto from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createBus, type BusEvents } from '../../platform/bus';
import { platformPlugin } from '../../platform/module';
import { createTestApp, expectCleanLedgerThenClose, TEST_CAPTCHA } from '../../../test/helpers';
import { mailModule } from '../mail';
import { operatorsModule } from '../operators';
import { settingsModule } from '../settings';
import { walletModule } from '../wallet';
import { accountsModule, type Accounts } from './index';

describe('accounts public face', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let accounts: Accounts;
  /** The accounts module (and the wallet over it) alone, mounted on a bare Fastify. */
  let mine: FastifyInstance;
  const bus = createBus();
  const revoked: BusEvents['session.revoked'][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const config = loadConfig({ NODE_ENV: 'test', TEST_CAPTCHA_CODE: TEST_CAPTCHA });
    // A second instance over the app's database, with its own bus, to see what it publishes.
    bus.subscribe('session.revoked', (e) => revoked.push(e));
    mine = Fastify();
    mine.setValidatorCompiler(validatorCompiler);
    mine.setSerializerCompiler(serializerCompiler);
    mine.decorateRequest('lang', 'pt_BR');
    await mine.register(platformPlugin, { config, database: t.database, bus });
    await mine.register(rateLimit, { global: true }); // as registerHttp does, before the modules
    await mine.register(operatorsModule);
    await mine.register(settingsModule);
    await mine.register(mailModule);
    await mine.register(accountsModule);
    await mine.register(walletModule);
    await mine.ready();
    accounts = mine.accounts;
  });
  afterAll(async () => {
    await mine.close();
    await bus.close();
    await expectCleanLedgerThenClose(t.database, t.close);
  });

  it('refuses to start without the modules it depends on', async () => {
    const bare = Fastify();
    const config = loadConfig({ NODE_ENV: 'test' });
    await bare.register(platformPlugin, { config, database: t.database, bus });
    await expect(bare.register(accountsModule)).rejects.toThrow(/mail/);
    await bare.close();
  });

  const login = async (username: string, pwd: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user/restLogin',
      payload: { username, pwd, codeId: String(crypto.randomInt(1e8)), captCode: TEST_CAPTCHA },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.access_token as string;
  };

  it('creates play-money test accounts that can sign in and read their credentials', async () => {
    const created = await accounts.createTestUser();
    expect(created.username).toMatch(/^test-[0-9a-f]{12}@test\.aposta\.local$/);
    expect(created.pwd).toHaveLength(12);
    expect(await accounts.findUserByUsername(created.username.toUpperCase())).toEqual({
      id: created.userId,
      username: created.username,
      testFlag: '1',
      kyc: 0,
      name: '',
    });

    const token = await login(created.username, created.pwd);
    const res = await t.app.inject({
      url: '/api/app/user/getUserTest',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().data).toEqual({ username: created.username, pwd: created.pwd, balance: 0 });
    const info = (
      await t.app.inject({ url: '/api/app/user/userInfo', headers: { authorization: `Bearer ${token}` } })
    ).json().data;
    expect(info.testFlag).toBe('1');
    expect(JSON.parse(info.extendInfo)).toEqual({ username: created.username, pwd: created.pwd, balance: 0 });
    expect(await accounts.findUserByUsername('nobody@example.com')).toBeNull();
  });

  it('verifies tokens and publishes session.revoked on logout', async () => {
    const { userId, username, pwd } = await accounts.createTestUser();
    const token = await login(username, pwd);
    const session = await accounts.verifyToken(token);
    expect(session).toEqual({ userId, sessionId: expect.any(String) });
    expect(await accounts.verifyToken('x'.repeat(43))).toBeNull();
    expect(await accounts.verifyToken('')).toBeNull();

    const out = await mine.inject({
      method: 'POST',
      url: '/api/auth/user/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    await new Promise((r) => setImmediate(r));
    expect(revoked).toContainEqual({ userId, sessionIds: [session!.sessionId] });
    expect(await accounts.verifyToken(token)).toBeNull();
  });

  it('leaves money to the wallet, which composes userInfo, getBalance and getUserTest with its figures', async () => {
    expect('userInfo' in accounts || 'balance' in accounts).toBe(false);
    const { username, pwd } = await mine.wallet.createTestAccount();
    const token = await login(username, pwd);
    const headers = { authorization: `Bearer ${token}` };
    const info = (await mine.inject({ url: '/api/app/user/userInfo', headers })).json().data;
    expect(info).toMatchObject({ username, testFlag: '1', balance: 1000, freeBalance: 0, level: 0 });
    expect(info.nextlevel).toEqual({ paySumAmount: 100, gameSumAmount: 400 });
    expect(JSON.parse(info.extendInfo)).toEqual({ username, pwd, balance: 1000 });
    const balance = (await mine.inject({ url: '/api/app/user/getBalance', headers })).json().data;
    expect(balance).toEqual({ balance: 1000, freeBalance: 0 });
    const test = (await mine.inject({ url: '/api/app/user/getUserTest', headers })).json().data;
    expect(test).toEqual({ username, pwd, balance: 1000 });
  });
});
