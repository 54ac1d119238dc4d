import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identityMismatch } from './identity';
import { createSerproIdentityBureau, type SerproDeps } from './identity.serpro';
import { startSerproServer, tokenFixture, type SerproServer } from './identity.serpro.test-server';

/**
 * The Serpro Consulta CPF adapter against API SERPRO's gateway played by a local HTTP server (recorded answers
 * written from Serpro's docs, fixtures/serpro): real fetch, real HTTP, nothing of ours replaced.
 */

let serpro: SerproServer;
beforeAll(async () => {
  serpro = await startSerproServer();
});
afterAll(() => serpro.close());
beforeEach(() => {
  serpro.mode = 'ok';
  serpro.expireTokens();
  serpro.tokenRequests.length = 0;
  serpro.lookups.length = 0;
});

const { consumerKey, consumerSecret } = tokenFixture;
const bureau = (over: Partial<SerproDeps> = {}) =>
  createSerproIdentityBureau({ consumerKey, consumerSecret, baseUrl: serpro.url, ...over });
const lookup = (b: ReturnType<typeof bureau>, cpf: string) =>
  b.lookupCpf({ cpf, name: 'whoever declared it', birthDate: null });

describe('Serpro Consulta CPF adapter (recorded answers on a local server)', () => {
  it('reads a regular CPF: its name and its birth date (DDMMAAAA) as YYYY-MM-DD', async () => {
    const record = await lookup(bureau(), '40442820135');
    expect(record).toEqual({
      situation: 'regular',
      name: 'Nome do CPF 404.428.201-35',
      birthDate: '1986-02-10',
    });
    // The record then confirms the declaration as KYC compares it (case and accents aside).
    expect(
      identityMismatch(record, {
        cpf: '40442820135',
        name: 'NOME DO CPF 404.428.201-35',
        birthDate: '1986-02-10',
      }),
    ).toBeNull();
  });

  it('asks the token with the contract credentials (HTTP Basic key:secret), then calls with the bearer', async () => {
    await lookup(bureau(), '40442820135');
    expect(serpro.tokenRequests).toEqual([
      {
        authorization: tokenFixture.request.headers.Authorization,
        contentType: 'application/x-www-form-urlencoded',
        body: 'grant_type=client_credentials',
      },
    ]);
    const basic = serpro.tokenRequests[0]!.authorization!.replace('Basic ', '');
    expect(Buffer.from(basic, 'base64').toString()).toBe(`${consumerKey}:${consumerSecret}`);
    expect(serpro.lookups).toEqual([
      {
        ni: '40442820135',
        authorization: `Bearer ${serpro.issued.at(-1)}`,
        accept: 'application/json',
      },
    ]);
    // Other credentials: the gateway refuses the token and the look-up throws.
    await expect(lookup(bureau({ consumerSecret: 'not-the-secret' }), '40442820135')).rejects.toThrow(
      /serpro token answered 401/,
    );
  });

  it('maps each situation code of the docs', async () => {
    const b = bureau();
    const cases: Array<[string, string]> = [
      ['40442820135', 'regular'], // 0 Regular
      ['47856021985', 'cancelled'], // 1 Cancelada por Encerramento de Espólio
      ['40532176871', 'suspended'], // 2 Suspensa
      ['05137518743', 'deceased'], // 3 Titular Falecido
      ['07691852312', 'pending'], // 4 Pendente de Regularização
      ['01648527949', 'cancelled'], // 5 Cancelada por Multiplicidade
      ['98302514705', 'null'], // 8 Nula
      ['64913872591', 'cancelled'], // 9 Cancelada de Ofício
    ];
    for (const [cpf, situation] of cases) {
      expect((await lookup(b, cpf))?.situation, cpf).toBe(situation);
    }
    // A code the docs do not list is not guessed at: the bureau "did not answer".
    serpro.people.set('11144477735', {
      status: 200,
      body: {
        ni: '11144477735',
        nome: 'X',
        nascimento: '01011990',
        situacao: { codigo: '7', descricao: '?' },
      },
    });
    await expect(lookup(b, '11144477735')).rejects.toThrow(/unknown situation code 7/);
  });

  it('404: the Receita Federal has no such CPF (null)', async () => {
    expect(await lookup(bureau(), '52998224725')).toBeNull();
    expect(serpro.lookups.map((l) => l.ni)).toEqual(['52998224725']);
  });

  it('fetches the token once and reuses it; a new one shortly before expires_in', async () => {
    let clock = 1_000_000;
    const b = bureau({ now: () => clock });
    await lookup(b, '40442820135');
    await Promise.all([lookup(b, '40532176871'), lookup(b, '07691852312')]);
    clock += (tokenFixture.response.body.expires_in - 61) * 1000;
    await lookup(b, '40442820135');
    expect(serpro.tokenRequests).toHaveLength(1);
    // Within the last minute of its life the token is renewed before use.
    clock += 2_000;
    await lookup(b, '40442820135');
    expect(serpro.tokenRequests).toHaveLength(2);
    const bearers = serpro.lookups.map((l) => l.authorization);
    expect(new Set(bearers.slice(0, 4)).size).toBe(1);
    expect(bearers[4]).not.toBe(bearers[0]);
  });

  it('a 401 (the gateway expired the token): one new token, the call repeated', async () => {
    const b = bureau();
    await lookup(b, '40442820135');
    serpro.expireTokens();
    expect((await lookup(b, '40532176871'))?.situation).toBe('suspended');
    expect(serpro.tokenRequests).toHaveLength(2);
    expect(serpro.lookups.map((l) => l.ni)).toEqual(['40442820135', '40532176871', '40532176871']);
    // Both calls of the retried look-up: 401 with the old token, then the new one.
    const [, stale, fresh] = serpro.lookups.map((l) => l.authorization);
    expect(stale).toBe(serpro.lookups[0]!.authorization);
    expect(fresh).not.toBe(stale);
    // Later calls use the new token without asking again.
    await lookup(b, '40442820135');
    expect(serpro.tokenRequests).toHaveLength(2);
  });

  it('throws when the gateway errs or is slow, without the secret, the token or the CPF in what it says', async () => {
    const warnings: string[] = [];
    const log = { warn: (obj: object, msg: string) => void warnings.push(JSON.stringify(obj) + msg) };
    const b = bureau({ timeoutMs: 300, log });
    await lookup(b, '40442820135');
    const token = serpro.lookups[0]!.authorization!.replace('Bearer ', '');
    serpro.mode = 'down';
    const down = await lookup(b, '40442820135').catch((e: Error) => e);
    expect(down).toBeInstanceOf(Error);
    expect((down as Error).message).toBe('serpro consulta-cpf answered 500');
    serpro.mode = 'slow';
    const started = Date.now();
    const slow = await lookup(b, '40442820135').catch((e: Error) => e);
    expect((slow as Error).message).toMatch(/^serpro consulta-cpf did not answer/);
    expect(Date.now() - started).toBeLessThan(serpro.slowMs);
    // An answer without what KYC needs is not a record.
    serpro.mode = 'ok';
    serpro.people.set('11144477735', { status: 206, body: { ni: '11144477735', situacao: { codigo: '0' } } });
    await expect(lookup(b, '11144477735')).rejects.toThrow(/without a complete record/);

    expect(warnings).toHaveLength(3);
    for (const said of [...warnings, (down as Error).message, (slow as Error).message]) {
      expect(said).not.toContain(consumerSecret);
      expect(said).not.toContain(token);
      expect(said).not.toContain('40442820135');
    }
  });

  it('a 401 again with the new token throws (one retry, no loop)', async () => {
    const b = bureau();
    await lookup(b, '40442820135');
    serpro.mode = 'unauthorized';
    await expect(lookup(b, '40442820135')).rejects.toThrow('serpro consulta-cpf answered 401');
    expect(serpro.tokenRequests).toHaveLength(2);
    expect(serpro.lookups).toHaveLength(3);
  });
});
