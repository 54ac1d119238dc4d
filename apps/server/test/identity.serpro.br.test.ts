import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSerproServer,
  tokenFixture,
  type SerproServer,
} from '../src/modules/accounts/identity.serpro.test-server';
import { paymentsClient, type Player, type TestApp } from '../src/modules/payments/payments.test-client';
import { createTestApp, expectCleanLedgerThenClose } from './helpers';

/**
 * KYC under the Brazilian profile with IDENTITY_BUREAU=serpro: the app's own wiring (config, accounts module,
 * the Serpro adapter, real fetch) against API SERPRO's gateway played by a local server on a free port.
 */

let serpro: SerproServer;
let t: TestApp;
let c: ReturnType<typeof paymentsClient>;

beforeAll(async () => {
  serpro = await startSerproServer();
  t = await createTestApp({
    JURISDICTION: 'br',
    IDENTITY_BUREAU: 'serpro',
    SERPRO_CONSUMER_KEY: tokenFixture.consumerKey,
    SERPRO_CONSUMER_SECRET: tokenFixture.consumerSecret,
    SERPRO_BASE_URL: serpro.url,
  });
  c = paymentsClient(t);
});
afterAll(async () => {
  await expectCleanLedgerThenClose(t.database, t.close);
  await serpro.close();
});

/** A br player (registered 30 years old, KYC not done) whom the Receita Federal knows as `nome`, regular. */
async function known(nome: string): Promise<Player> {
  const p = await c.signUp({ br: true, kyc: false });
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 30);
  const [yyyy, mm, dd] = birth.toISOString().slice(0, 10).split('-');
  serpro.people.set(p.cpf, {
    status: 200,
    body: {
      ni: p.cpf,
      nome,
      nascimento: `${dd}${mm}${yyyy}`,
      situacao: { codigo: '0', descricao: 'Regular' },
    },
  });
  return p;
}
const kyc = (p: Player, name: string) =>
  c.call('POST', '/api/app/user/updateKyc', p.token, { name, cardNo: p.cpf });
const kycOf = async (p: Player) =>
  (await c.call('GET', '/api/app/user/userInfo', p.token)).json().data.kyc as number;

describe('KYC under br asks Serpro Consulta CPF', () => {
  it('refuses a name that is not the CPF holder’s under `name`; the holder’s name passes', async () => {
    const p = await known('ANA MARIA SOUZA');
    const wrong = await kyc(p, 'Ana Souza');
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'O nome não confere com o deste CPF na Receita Federal: informe o nome completo como no CPF',
      data: { field: 'name' },
    });
    expect(await kycOf(p)).toBe(0);
    const ok = await kyc(p, 'Ana Maria Souza');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await kycOf(p)).toBe(1);
    // Both asked Serpro about this CPF, with one token.
    expect(serpro.lookups.filter((l) => l.ni === p.cpf)).toHaveLength(2);
    expect(serpro.tokenRequests).toHaveLength(1);
  });

  it('a CPF Serpro does not know is refused under `cardNo`; Serpro failing is 503 and nothing is stored', async () => {
    const unknown = await c.signUp({ br: true, kyc: false });
    const res = await kyc(unknown, 'Ana Souza');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Este CPF não consta na Receita Federal: confira o número',
      data: { field: 'cardNo' },
    });

    const p = await known('Ana Souza');
    serpro.mode = 'down';
    try {
      const down = await kyc(p, 'Ana Souza');
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json().message).toBe(
        'A verificação de identidade está indisponível agora, tente novamente em alguns minutos',
      );
      expect(await kycOf(p)).toBe(0);
    } finally {
      serpro.mode = 'ok';
    }
    expect((await kyc(p, 'Ana Souza')).statusCode).toBe(200);
  });
});
