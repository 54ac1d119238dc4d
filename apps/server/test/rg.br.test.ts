import crypto from 'node:crypto';
import { RG_PATH, rgLimits } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { playerAccounts } from '../src/modules/ledger';
import { randomCpf } from '../src/modules/payments/payments.test-client';
import {
  brasiliaTime,
  baseUrlOf,
  createTestApp,
  expectCleanLedgerThenClose,
  testOperators,
  TEST_CAPTCHA,
  TEST_OPERATOR_KEY,
} from './helpers';
import { connectClient, connected, next } from './realtime-client';

/**
 * The Brazilian licence profile (JURISDICTION=br) beside the default one, through the real routes: registration
 * with CPF and birth date (18+) and its limits, no USDT payouts, no transfers between players, no deposit gifts,
 * sessions that end after 30 minutes idle. The default app shows the spec's behaviour is unchanged.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type RegisteredHook = TestApp['app']['accounts']['hooks']['registered'][number];
let br: TestApp;
let plain: TestApp;
const PWD = 'correct horse 1';
const env = { SANDBOX_PIX_SECRET: 'payments-sandbox-secret-for-tests', PUBLIC_URL: 'http://localhost:3500' };

beforeAll(async () => {
  [br, plain] = await Promise.all([createTestApp({ ...env, JURISDICTION: 'br' }), createTestApp(env)]);
});
afterAll(async () => {
  await expectCleanLedgerThenClose(br.database, br.close);
  await expectCleanLedgerThenClose(plain.database, plain.close);
});

const call = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: object,
  lang?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(lang ? { lang } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(payload ? { payload } : {}),
  });

/** Today minus `years` (and `days`), as `YYYY-MM-DD`. */
function birthDate(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function register(t: TestApp, extra: Record<string, unknown>, lang?: string) {
  const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
  await call(t, 'GET', `/api/auth/user/captcha/${codeId}`);
  const username = `br-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const res = await call(
    t,
    'POST',
    '/api/auth/user/restRegister',
    undefined,
    {
      username,
      pwd: PWD,
      pwd1: PWD,
      codeId,
      captCode: TEST_CAPTCHA,
      ...extra,
    },
    lang,
  );
  return { res, username };
}

async function player(t: TestApp, extra: Record<string, unknown> = {}) {
  const cpf = randomCpf();
  const { res, username } = await register(t, { cardNo: cpf, birthDate: birthDate(30), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.access_token as string;
  const kyc = await call(t, 'POST', '/api/app/user/updateKyc', token, { name: 'Ana Souza', cardNo: cpf });
  expect(kyc.statusCode, kyc.body).toBe(200);
  return { token, username, cpf };
}

describe('registration', () => {
  it('the app learns the profile from a public call', async () => {
    expect((await call(br, 'GET', '/api/app/rg/profile')).json().data.jurisdiction).toBe('br');
    expect((await call(plain, 'GET', '/api/app/rg/profile')).json().data.jurisdiction).toBe('default');
  });

  it('under br: CPF and birth date required, under-18 refused, each with its message', async () => {
    for (const [extra, status, message] of [
      [{}, 400, 'Informe um CPF válido'],
      // A CPF given but not one is refused by the contract, under any profile.
      [{ cardNo: '123.456.789-00', birthDate: birthDate(30) }, 400, 'CPF inválido'],
      [{ cardNo: randomCpf() }, 400, 'Informe a data de nascimento (AAAA-MM-DD)'],
      [{ cardNo: randomCpf(), birthDate: '30/01/1990' }, 400, 'Informe a data de nascimento (AAAA-MM-DD)'],
      // ISO dates, but no one's birth: year 0000 (which PostgreSQL refuses: a 500 before) and the future.
      [{ cardNo: randomCpf(), birthDate: '0000-01-01' }, 400, 'Informe a data de nascimento (AAAA-MM-DD)'],
      [{ cardNo: randomCpf(), birthDate: birthDate(-1) }, 400, 'Informe a data de nascimento (AAAA-MM-DD)'],
      [
        { cardNo: randomCpf(), birthDate: birthDate(18, 1) },
        403,
        'Apostas são proibidas para menores de 18 anos',
      ],
    ] as const) {
      const { res } = await register(br, extra);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Eighteen today is old enough.
    expect((await register(br, { cardNo: randomCpf(), birthDate: birthDate(18) })).res.statusCode).toBe(200);
  });

  it('under br: the loss and time limits asked at registration are in force at once', async () => {
    const p = await player(br, { lossLimit: 50, timeLimit: 120 });
    const body = rgLimits.parse((await call(br, 'GET', `${RG_PATH}/limits`, p.token)).json().data);
    expect(body.loss.day.value).toBe(50);
    expect(body.time.day.value).toBe(120);
    const bad = await register(br, { cardNo: randomCpf(), birthDate: birthDate(30), lossLimit: -1 });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().message).toBe(
      'O limite deve ser um valor positivo, com no máximo 2 casas decimais',
    );
  });

  it('default profile: neither CPF nor birth date is needed', async () => {
    expect((await register(plain, {})).res.statusCode).toBe(200);
  });
});

describe('one person, one account under br', () => {
  const login = async (t: TestApp, username: string) => {
    const codeId = String(crypto.randomInt(10_000_000, 100_000_000));
    await call(t, 'GET', `/api/auth/user/captcha/${codeId}`);
    return call(t, 'POST', '/api/auth/user/restLogin', undefined, {
      username,
      pwd: PWD,
      codeId,
      captCode: TEST_CAPTCHA,
    });
  };
  const accountsOf = async (t: TestApp, cpf: string) =>
    (
      (await t.database.db.execute(
        sql`select id, username from users where card_no = ${cpf} order by id`,
      )) as unknown as { rows: { id: number; username: string }[] }
    ).rows;
  const TAKEN = 'Este CPF já tem uma conta: entre nela ou recupere a senha (uma conta por pessoa)';

  it('a self-excluded player cannot register again with the same CPF (written either way); nothing is created', async () => {
    const p = await player(br);
    const excluded = await call(br, 'POST', `${RG_PATH}/exclusion`, p.token, { kind: 'self' });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const formatted = `${p.cpf.slice(0, 3)}.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-${p.cpf.slice(9)}`;
    for (const cardNo of [p.cpf, formatted]) {
      const { res, username } = await register(br, { cardNo, birthDate: birthDate(30) });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message: TAKEN, data: { field: 'cardNo' } });
      const [n] = (
        (await br.database.db.execute(
          sql`select count(*)::int as n from users where username = ${username}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(n!.n).toBe(0);
    }
    expect((await accountsOf(br, p.cpf)).map((a) => a.username)).toEqual([p.username]);
    // In the player's language.
    const en = await register(br, { cardNo: p.cpf, birthDate: birthDate(30) }, 'en');
    expect(en.res.json().message).toBe(
      'This CPF already has an account: sign in to it or reset its password (one account per person)',
    );
  });

  it('KYC keeps the registration CPF: another CPF is refused beside the field and nothing changes', async () => {
    const cpf = randomCpf();
    const { res } = await register(br, { cardNo: cpf, birthDate: birthDate(30) });
    const token = res.json().data.access_token as string;
    let other = randomCpf();
    while (other === cpf) other = randomCpf();
    const kyc = await call(br, 'POST', '/api/app/user/updateKyc', token, {
      name: 'Ana Souza',
      cardNo: other,
    });
    expect(kyc.statusCode, kyc.body).toBe(400);
    expect(kyc.json()).toMatchObject({
      message: 'No Brasil, a identidade é verificada com o CPF informado no cadastro',
      data: { field: 'cardNo' },
    });
    const info = (await call(br, 'GET', '/api/app/user/userInfo', token)).json().data;
    expect(info).toMatchObject({ cardNo: cpf, kyc: 0 });
    // The registration's CPF passes; the default profile still takes any CPF before KYC.
    const own = await call(br, 'POST', '/api/app/user/updateKyc', token, { name: 'Ana Souza', cardNo: cpf });
    expect(own.statusCode, own.body).toBe(200);
    const q = await register(plain, { cardNo: randomCpf() });
    const plainKyc = await call(plain, 'POST', '/api/app/user/updateKyc', q.res.json().data.access_token, {
      name: 'Ana Souza',
      cardNo: other,
    });
    expect(plainKyc.statusCode, plainKyc.body).toBe(200);
  });

  it('two registrations with one CPF at once: exactly one succeeds', async () => {
    const cpf = randomCpf();
    // Each registration of this CPF waits inside its transaction, after its insert, until the other is there too
    // (at most 1.5 s): without the CPF's lock both would insert; with it the second waits for the first's commit.
    let inside = 0;
    const meet: RegisteredHook = async (_tx, _userId, input) => {
      if (input.cardNo !== cpf) return;
      inside++;
      await vi.waitFor(() => expect(inside).toBe(2), { timeout: 1_500, interval: 20 }).catch(() => undefined);
    };
    br.app.accounts.hooks.registered.push(meet);
    try {
      const results = await Promise.all(
        [0, 1].map(() => register(br, { cardNo: cpf, birthDate: birthDate(30) })),
      );
      const codes = results.map((r) => r.res.statusCode).sort();
      expect(codes, results.map((r) => r.res.body).join('\n')).toEqual([200, 409]);
    } finally {
      br.app.accounts.hooks.registered.splice(br.app.accounts.hooks.registered.indexOf(meet), 1);
    }
    expect(await accountsOf(br, cpf)).toHaveLength(1);
  });

  it('an account without a CPF (from before the profile) cannot take one another account holds at KYC', async () => {
    const p = await player(br);
    const { res, username } = await register(br, { cardNo: randomCpf(), birthDate: birthDate(30) });
    await br.database.db.execute(sql`update users set card_no = '' where username = ${username}`);
    const kyc = await call(br, 'POST', '/api/app/user/updateKyc', res.json().data.access_token, {
      name: 'Ana Souza',
      cardNo: p.cpf,
    });
    expect(kyc.statusCode, kyc.body).toBe(409);
    expect(kyc.json().message).toBe(TAKEN);
    expect((await accountsOf(br, p.cpf)).map((a) => a.username)).toEqual([p.username]);
  });

  it('an exclusion follows the CPF: a second account of the person (from before the profile) is signed out and refused', async () => {
    const a = await player(br);
    const { res, username } = await register(br, { cardNo: randomCpf(), birthDate: birthDate(30) });
    const tokenB = res.json().data.access_token as string;
    // Two accounts of one CPF can only come from before the profile was switched on.
    await br.database.db.execute(sql`update users set card_no = ${a.cpf} where username = ${username}`);
    const excluded = await call(br, 'POST', `${RG_PATH}/exclusion`, a.token, { kind: 'cooloff', days: 3 });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const endsAt = excluded.json().data.endsAt as string;
    expect((await call(br, 'GET', '/api/app/user/userInfo', tokenB)).statusCode).toBe(401);
    const again = await login(br, username);
    expect(again.statusCode, again.body).toBe(403);
    expect(again.json().message).toBe(
      `Sua conta está pausada até ${brasiliaTime(endsAt)}. O acesso volta depois dessa data.`,
    );
    const [b] = (await accountsOf(br, a.cpf)).filter((x) => x.username === username);
    expect(await br.app.accounts.signInRefusal(b!.id)).toMatchObject({ key: 'rgSignInUntil' });
  });

  it('default profile: one CPF may have several accounts, and an exclusion stays with its account (the spec)', async () => {
    const cpf = randomCpf();
    const first = await register(plain, { cardNo: cpf });
    expect(first.res.statusCode).toBe(200);
    await call(plain, 'POST', `${RG_PATH}/exclusion`, first.res.json().data.access_token, { kind: 'self' });
    const second = await register(plain, { cardNo: cpf });
    expect(second.res.statusCode, second.res.body).toBe(200);
    expect((await login(plain, second.username)).statusCode).toBe(200);
  });
});

describe('money under br', () => {
  it('a USDT withdrawal is refused with a clear message, and userInfo never enables USDT', async () => {
    const p = await player(br);
    const res = await call(br, 'POST', '/api/app/order/withdraw', p.token, {
      payCardBank: 'USDT',
      payCardNo: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      name: 'Ana Souza',
      whatsapp: '+5511999990000',
      amount: 50,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe('Saques em USDT não são permitidos no Brasil');
    await br.database.db.execute(sql`update users set lx = '20' where username = ${p.username}`);
    expect((await call(br, 'GET', '/api/app/user/userInfo', p.token)).json().data.lx).toBe('');
    const q = await player(plain);
    await plain.database.db.execute(sql`update users set lx = '20' where username = ${q.username}`);
    expect((await call(plain, 'GET', '/api/app/user/userInfo', q.token)).json().data.lx).toBe('20');
  });

  it('a transfer between players is refused with a clear message; the default profile still checks it', async () => {
    const a = await player(br);
    const b = await player(br);
    for (const path of ['/api/app/wallet/transfer', '/api/app/wallet/transfer/check']) {
      const res = await call(br, 'POST', path, a.token, { username: b.username, amount: 10 });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Transferências entre jogadores não são permitidas no Brasil');
    }
    const x = await player(plain);
    const y = await player(plain);
    const res = await call(plain, 'POST', '/api/app/wallet/transfer/check', x.token, {
      username: y.username,
      amount: 10,
    });
    expect(res.json().message).not.toBe('Transferências entre jogadores não são permitidas no Brasil');
  });

  it('no deposit gift is offered under br (the popup, and the order carries none); the default offers it', async () => {
    const p = await player(br);
    expect((await call(br, 'GET', '/api/app/main/userGift', p.token)).json().data).toBe(0);
    const order = await call(br, 'POST', '/api/app/order/prePay/4', p.token, { gift: 1, pkgId: 4, isapp: 0 });
    expect(order.statusCode, order.body).toBe(200);
    const [row] = (
      (await br.database.db.execute(
        sql`select gift from payment_orders where order_id = ${order.json().data.orderId}`,
      )) as unknown as { rows: { gift: string }[] }
    ).rows;
    expect(Number(row!.gift)).toBe(0);

    // The deposit panel's packages show no gift under br.
    const gifts = (t: TestApp) =>
      call(t, 'GET', '/api/app/order/getPrices').then((r) =>
        r.json().data.map((p: { gift: number }) => p.gift),
      );
    expect(new Set(await gifts(br))).toEqual(new Set([0]));
    expect((await gifts(plain)).some((g: number) => g > 0)).toBe(true);

    const q = await player(plain);
    expect((await call(plain, 'GET', '/api/app/main/userGift', q.token)).json().data).toBe(1);
    const giftOrder = await call(plain, 'POST', '/api/app/order/prePay/4', q.token, {
      gift: 1,
      pkgId: 4,
      isapp: 0,
    });
    const [g] = (
      (await plain.database.db.execute(
        sql`select gift from payment_orders where order_id = ${giftOrder.json().data.orderId}`,
      )) as unknown as { rows: { gift: string }[] }
    ).rows;
    expect(Number(g!.gift)).toBeGreaterThan(0);
  });
});

describe('PIX only from and to the player’s own CPF under br', () => {
  const withdraw = (t: TestApp, token: string, payCardBank: string, payCardNo: string) =>
    call(t, 'POST', '/api/app/order/withdraw', token, {
      payCardBank,
      payCardNo,
      name: 'Ana Souza',
      whatsapp: '+5511999990000',
      amount: 50,
    });

  it('a payout to another CPF or to a CNPJ key is refused with a clear message; the own CPF passes that check', async () => {
    const p = await player(br);
    for (const [bank, key] of [
      ['CPF', randomCpf()],
      ['CNPJ', '11.222.333/0001-81'],
    ] as const) {
      const res = await withdraw(br, p.token, bank, key);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(
        'No Brasil, saques são pagos apenas por PIX para uma chave no seu próprio CPF',
      );
    }
    // Past this check the spec's rules answer (nothing to withdraw yet).
    const own = await withdraw(br, p.token, 'CPF', p.cpf);
    expect(own.json().message).not.toMatch(/próprio CPF/);
    const q = await player(plain);
    const other = await withdraw(plain, q.token, 'CPF', randomCpf());
    expect(other.json().message).not.toMatch(/próprio CPF/);
  });

  /** A deposit paid on the sandbox page, from `payer`'s account (the player's own when absent): the order and cash. */
  async function deposit(t: TestApp, p: { token: string; username: string }, payer?: string) {
    const order = await call(t, 'POST', '/api/app/order/prePay/4', p.token, { gift: 0, pkgId: 4, isapp: 0 });
    expect(order.statusCode, order.body).toBe(200);
    const { orderId, url } = order.json().data as { orderId: string; url: string };
    const paid = await call(t, 'POST', `${new URL(url).pathname}/pay${payer ? `?payer=${payer}` : ''}`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.webhook.statusCode, paid.body).toBe(200);
    const [row] = (
      (await t.database.db.execute(
        sql`select o.status, o.flag, o.amount, o.user_id from payment_orders o where o.order_id = ${orderId}`,
      )) as unknown as { rows: { status: string; flag: string | null; amount: string; user_id: number }[] }
    ).rows;
    const cash =
      (await playerAccounts(t.database.db, Number(row!.user_id))).find((a) => a.kind === 'cash')?.balance ??
      0;
    const chargeId = new URL(url).pathname.split('/').at(-1)!;
    return {
      status: row!.status,
      flag: row!.flag,
      amount: Number(row!.amount),
      cash,
      orderId,
      chargeId,
      userId: Number(row!.user_id),
    };
  }

  it('a deposit paid from another CPF is not credited: the order closes flagged and its money is returned', async () => {
    const p = await player(br);
    const foreign = await deposit(br, p, randomCpf());
    expect(foreign).toMatchObject({ status: '-01', cash: 0 });
    expect(['payerMismatch', 'returned']).toContain(foreign.flag);
    // The return job refunds it through the provider (payments.return.test.ts tells the whole story).
    const flagOf = async () =>
      (
        (await br.database.db.execute(
          sql`select status, flag from payment_orders where order_id = ${foreign.orderId}`,
        )) as unknown as { rows: { status: string; flag: string | null }[] }
      ).rows[0];
    await vi.waitFor(async () => expect(await flagOf()).toMatchObject({ status: '-01', flag: 'returned' }), {
      timeout: 20_000,
      interval: 200,
    });
    // A later "paid" notice for that charge without the payer (a provider that leaves it out) credits nothing.
    await br.database.db.execute(
      sql`update payment_sandbox_charges set status = 'pending', payer_cpf = null
          where order_id = ${foreign.orderId}`,
    );
    const again = await call(br, 'POST', `/sandbox/pix/${foreign.chargeId}/pay`);
    expect(again.json().data.webhook.statusCode, again.body).toBe(200);
    expect(await flagOf()).toMatchObject({ status: '-01', flag: 'returned' });
    expect(
      (await playerAccounts(br.database.db, foreign.userId)).find((a) => a.kind === 'cash')?.balance ?? 0,
    ).toBe(0);
    // The player's own account: credited as usual.
    const own = await deposit(br, p);
    expect(own.status).toBe('10');
    expect(own.cash).toBe(own.amount);
  });

  it('identity is verified before the first deposit: no order without KYC, with the message', async () => {
    const { res, username } = await register(br, { cardNo: randomCpf(), birthDate: birthDate(30) });
    const token = res.json().data.access_token as string;
    const order = await call(br, 'POST', '/api/app/order/prePay/4', token, { gift: 0, pkgId: 4, isapp: 0 });
    expect(order.statusCode, order.body).toBe(422);
    expect(order.json().message).toBe(
      'Por favor, conclua a verificação de identidade (nome e CPF) antes de depositar',
    );
    const [n] = (
      (await br.database.db.execute(
        sql`select count(*)::int as n from payment_orders o join users u on u.id = o.user_id
            where u.username = ${username}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n!.n).toBe(0);
  });

  it('the default profile credits a deposit whoever paid it', async () => {
    const q = await player(plain);
    const paid = await deposit(plain, q, randomCpf());
    expect(paid.status).toBe('10');
    expect(paid.cash).toBe(paid.amount);
  });
});

describe('payouts within 120 minutes', () => {
  it('a withdrawal unpaid after the alert time (90 min) alerts the operators once, and is listed as waiting', async () => {
    const p = await player(br);
    const op = { 'x-operator-key': TEST_OPERATOR_KEY };
    const set = await br.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers: op,
      payload: { 'wagering.depositMultiplier': 0 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const order = await call(br, 'POST', '/api/app/order/prePay/4', p.token, { gift: 0, pkgId: 4, isapp: 0 });
    expect((await call(br, 'POST', `${new URL(order.json().data.url).pathname}/pay`)).statusCode).toBe(200);
    const w = await call(br, 'POST', '/api/app/order/withdraw', p.token, {
      payCardBank: 'CPF',
      payCardNo: p.cpf,
      name: 'Ana Souza',
      whatsapp: '+5511999990000',
      amount: 50,
    });
    expect(w.statusCode, w.body).toBe(200);
    const orderId = w.json().data.orderId as string;
    const alerts: unknown[] = [];
    const off = br.app.bus.subscribe('operator.alert', (a) => alerts.push(a));
    // A back-office operator of the withdrawal queue (finance: withdrawals.read, no support chat) on the gateway.
    await br.app.listen({ host: '127.0.0.1', port: 0 });
    const finance = await testOperators(br.app).signIn('finance');
    const socket = await connected(
      connectClient(baseUrlOf(br.app.server), {
        token: finance.headers.authorization.slice('Bearer '.length),
      }),
    );
    const heard = next(socket, 'operatorAlert');
    try {
      // Not yet: 89 minutes.
      await br.database.db.execute(
        sql`update payment_orders set created_at = now() - interval '89 minutes' where order_id = ${orderId}`,
      );
      await br.app.payments.withdrawals.alertOverdue();
      expect(alerts).toEqual([]);
      await br.database.db.execute(
        sql`update payment_orders set created_at = now() - interval '95 minutes' where order_id = ${orderId}`,
      );
      expect(await br.app.payments.withdrawals.alertOverdue()).toBe(1);
      // Once per order, however often the job runs.
      expect(await br.app.payments.withdrawals.alertOverdue()).toBe(0);
      await vi.waitFor(() =>
        expect(alerts).toEqual([
          expect.objectContaining({
            kind: 'payoutOverdue',
            orderId,
            minutesWaiting: 95,
            deadlineMinutes: 120,
          }),
        ]),
      );
      expect(await heard).toEqual({
        kind: 'payoutOverdue',
        orderId,
        userId: expect.any(Number),
        minutesWaiting: 95,
        deadlineMinutes: 120,
      });
    } finally {
      off();
      socket.close();
    }
    const report = await br.app.inject({ url: '/api/operator/withdrawals/payout-times', headers: op });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data).toMatchObject({ deadlineMinutes: 120, enforced: true, alertMinutes: 90 });
    expect(report.json().data.open).toContainEqual({ orderId, minutesWaiting: 95, late: false });
    // The default profile (no 120-minute rule) raises no alert.
    expect(await plain.app.payments.withdrawals.alertOverdue()).toBe(0);
  });
});

describe('sessions', () => {
  it('under br a session ends after 30 minutes without a call; the default keeps it', async () => {
    const idle = async (t: TestApp, minutes: number) => {
      const { res, username } = await register(t, { cardNo: randomCpf(), birthDate: birthDate(30) });
      const token = res.json().data.access_token as string;
      await t.database.db.execute(
        sql`update sessions set last_seen_at = now() - make_interval(mins => ${minutes})
            where user_id = (select id from users where username = ${username})`,
      );
      return (await call(t, 'GET', '/api/app/user/userInfo', token)).statusCode;
    };
    expect(await idle(br, 31)).toBe(401);
    expect(await idle(br, 29)).toBe(200);
    expect(await idle(plain, 31)).toBe(200);
  });

  it('a call keeps the session alive: its last call is written (at most once a minute)', async () => {
    const { res, username } = await register(br, { cardNo: randomCpf(), birthDate: birthDate(30) });
    const token = res.json().data.access_token as string;
    await br.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '20 minutes'
          where user_id = (select id from users where username = ${username})`,
    );
    expect((await call(br, 'GET', '/api/app/user/userInfo', token)).statusCode).toBe(200);
    const [s] = (
      (await br.database.db.execute(
        sql`select extract(epoch from now() - last_seen_at) as ago from sessions
            where user_id = (select id from users where username = ${username})`,
      )) as unknown as { rows: { ago: string }[] }
    ).rows;
    expect(Number(s!.ago)).toBeLessThan(60);
  });
});

describe('identity checked with the bureau under br (the sandbox bureau)', () => {
  const bureau = (t: TestApp, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/sandbox/identity/${path}`, payload });
  /** A registered br player whose CPF the sandbox bureau knows as `record` (null: no such CPF). */
  async function known(t: TestApp, record: object | null) {
    const cpf = randomCpf();
    const res = await bureau(t, 'people', { cpf, record });
    expect(res.statusCode, res.body).toBe(200);
    const reg = await register(t, { cardNo: cpf, birthDate: birthDate(30) });
    expect(reg.res.statusCode, reg.res.body).toBe(200);
    return { cpf, token: reg.res.json().data.access_token as string };
  }
  const kyc = (t: TestApp, p: { cpf: string; token: string }, name: string, lang?: string) =>
    call(t, 'POST', '/api/app/user/updateKyc', p.token, { name, cardNo: p.cpf }, lang);
  const kycOf = async (t: TestApp, token: string) =>
    (await call(t, 'GET', '/api/app/user/userInfo', token)).json().data.kyc as number;

  it('confirms a regular CPF of the declared name (accents, case and spaces aside) and birth date', async () => {
    const p = await known(br, { situation: 'regular', name: 'Ana Maria Souza', birthDate: birthDate(30) });
    const wrongName = await kyc(br, p, 'Ana Souza');
    expect(wrongName.statusCode, wrongName.body).toBe(400);
    expect(wrongName.json()).toMatchObject({
      message: 'O nome não confere com o deste CPF na Receita Federal: informe o nome completo como no CPF',
      data: { field: 'name' },
    });
    expect(await kycOf(br, p.token)).toBe(0);
    const ok = await kyc(br, p, '  ÁNA maria   Souza ');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await kycOf(br, p.token)).toBe(1);
  });

  it('refuses an irregular or unknown CPF and another birth date, each under its field; nothing is stored', async () => {
    const cases = [
      {
        record: { situation: 'suspended', name: 'Ana Souza', birthDate: birthDate(30) },
        message: 'Este CPF não está regular na Receita Federal: regularize-o para jogar',
        field: 'cardNo',
      },
      { record: null, message: 'Este CPF não consta na Receita Federal: confira o número', field: 'cardNo' },
      {
        record: { situation: 'regular', name: 'Ana Souza', birthDate: birthDate(41) },
        message: 'A data de nascimento do cadastro não confere com a deste CPF na Receita Federal',
        field: 'birthDate',
      },
    ];
    for (const c of cases) {
      const p = await known(br, c.record);
      const res = await kyc(br, p, 'Ana Souza');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: c.message, data: { field: c.field } });
      expect(await kycOf(br, p.token)).toBe(0);
    }
    // In the player's language.
    const p = await known(br, null);
    const en = await kyc(br, p, 'Ana Souza', 'en');
    expect(en.json().message).toBe("This CPF is not on the Receita Federal's register: check the number");
  });

  it('a bureau that does not answer: 503 with a message, nothing stored; the default profile never asks it', async () => {
    const p = await known(br, { situation: 'regular', name: 'Ana Souza', birthDate: birthDate(30) });
    expect((await bureau(br, 'mode', { mode: 'down' })).statusCode).toBe(200);
    try {
      const res = await kyc(br, p, 'Ana Souza');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(
        'A verificação de identidade está indisponível agora, tente novamente em alguns minutos',
      );
      expect(await kycOf(br, p.token)).toBe(0);
    } finally {
      await bureau(br, 'mode', { mode: 'ok' });
    }
    expect((await kyc(br, p, 'Ana Souza')).statusCode).toBe(200);

    // Default profile: a CPF the bureau does not know is taken as declared (the spec's KYC).
    const q = await known(plain, null);
    const res = await kyc(plain, q, 'Ana Souza');
    expect(res.statusCode, res.body).toBe(200);
    expect(await kycOf(plain, q.token)).toBe(1);
  });
});
