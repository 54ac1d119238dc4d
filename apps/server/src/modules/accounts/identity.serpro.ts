import { z } from 'zod';
import type { CpfRecord, CpfSituation, IdentityBureau } from './identity';

/**
 * Serpro's **Consulta CPF** (API SERPRO), the Receita Federal's CPF register, as an identity bureau. Written to
 * Serpro's public documentation: the API's pages at apicenter.estaleiro.serpro.gov.br/documentacao/consulta-cpf
 * ("Guias rápidos": the token; "Códigos de retorno": the HTTP codes and the path `/consulta-cpf-df/v1/cpf/{ni}`)
 * and Serpro's own swagger (github.com/devserpro/consulta-cpf, `swagger/swagger-cpf-prod-spo.json`: the answer's
 * fields and the table of situation codes).
 * - Token (OAuth2 client credentials): POST {base}/token, `Authorization: Basic base64(consumerKey:consumerSecret)`,
 *   `Content-Type: application/x-www-form-urlencoded`, body `grant_type=client_credentials`; answer
 *   `{access_token, token_type: "Bearer", expires_in}` (seconds, about an hour). Kept until shortly before it
 *   expires; the gateway answers 401 to an expired token, and then a new one is asked once and the call repeated.
 * - Look-up: GET {base}/consulta-cpf-df/v1/cpf/{ni} with `Authorization: Bearer <token>`; 200 (206 when partial)
 *   `{ni, nome, nascimento: "DDMMAAAA", situacao: {codigo, descricao}, obito?}`; 404: no CPF with that number
 *   (null). Anything else throws, so that KYC answers 503 and stores nothing: 400 (invalid number), 403 (wrong
 *   path), 422 (a minor's data withheld under the LGPD), 500, 503, 504, a time-out, an answer without a field
 *   KYC needs or with an unknown situation code.
 * Neither the consumer secret nor the token is ever logged or put in an error; nor is the CPF.
 */

export const SERPRO_GATEWAY = 'https://gateway.apiserpro.serpro.gov.br';
const CPF_PATH = '/consulta-cpf-df/v1/cpf/';

/** The swagger's "Tipos de Situação Cadastral Retornados" (codes 6 and 7 are not used). */
const SITUATIONS: Record<string, CpfSituation> = {
  '0': 'regular', // Regular
  '1': 'cancelled', // Cancelada por Encerramento de Espólio
  '2': 'suspended', // Suspensa
  '3': 'deceased', // Titular Falecido
  '4': 'pending', // Pendente de Regularização
  '5': 'cancelled', // Cancelada por Multiplicidade
  '8': 'null', // Nula
  '9': 'cancelled', // Cancelada de Ofício
};

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

const cpfAnswer = z.object({
  ni: z.string(),
  nome: z.string().trim().min(1),
  nascimento: z.string().regex(/^\d{8}$/),
  situacao: z.object({ codigo: z.coerce.string() }),
});

export interface SerproDeps {
  consumerKey: string;
  consumerSecret: string;
  /** The gateway (tests: their local server). */
  baseUrl?: string;
  /** Each request's limit; past it the look-up throws (the bureau did not answer). */
  timeoutMs?: number;
  now?: () => number;
  /** Where a failure is told (the app's logger): the operators learn why KYC answered 503. */
  log?: { warn(obj: object, msg: string): void };
}

/** A token is renewed this long before the gateway would expire it (half its life when that is shorter). */
const TOKEN_MARGIN_MS = 60_000;

export function createSerproIdentityBureau(deps: SerproDeps): IdentityBureau {
  const base = (deps.baseUrl ?? SERPRO_GATEWAY).replace(/\/$/, '');
  const timeoutMs = deps.timeoutMs ?? 5_000;
  const now = deps.now ?? Date.now;
  const basic = Buffer.from(`${deps.consumerKey}:${deps.consumerSecret}`).toString('base64');
  let token: { value: string; renewAt: number } | null = null;
  /** One token request at a time: look-ups that arrive meanwhile wait for it. */
  let pending: Promise<string> | null = null;

  function fail(message: string, cause?: unknown): never {
    deps.log?.warn({ bureau: 'serpro' }, message);
    throw new Error(message, cause === undefined ? undefined : { cause });
  }

  async function request(what: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      return fail(`serpro ${what} did not answer (${(err as Error).name})`, err);
    }
  }

  async function fetchToken(): Promise<string> {
    const res = await request('token', `${base}/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) {
      await res.body?.cancel();
      fail(`serpro token answered ${res.status}`);
    }
    const parsed = tokenAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) fail('serpro token answer has no access_token or expires_in');
    const lifeMs = parsed.data.expires_in * 1000;
    token = {
      value: parsed.data.access_token,
      renewAt: now() + Math.max(lifeMs / 2, lifeMs - TOKEN_MARGIN_MS),
    };
    return token.value;
  }

  function currentToken(): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  const consult = async (cpf: string, bearer: string) =>
    request('consulta-cpf', `${base}${CPF_PATH}${cpf}`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/json' },
    });

  return {
    name: 'serpro',
    async lookupCpf({ cpf }): Promise<CpfRecord | null> {
      if (!/^\d{11}$/.test(cpf)) fail('serpro consulta-cpf asked for a malformed CPF');
      let bearer = await currentToken();
      let res = await consult(cpf, bearer);
      if (res.status === 401) {
        // The token expired at the gateway before we thought: one new token, one more try.
        await res.body?.cancel();
        if (token?.value === bearer) token = null;
        bearer = await currentToken();
        res = await consult(cpf, bearer);
      }
      if (res.status !== 200 && res.status !== 206) {
        await res.body?.cancel();
        if (res.status === 404) return null;
        fail(`serpro consulta-cpf answered ${res.status}`);
      }
      const parsed = cpfAnswer.safeParse(await res.json().catch(() => null));
      if (!parsed.success) fail(`serpro consulta-cpf answered ${res.status} without a complete record`);
      const { ni, nome, nascimento, situacao } = parsed.data;
      if (ni.replace(/\D/g, '') !== cpf) fail('serpro consulta-cpf answered for another CPF');
      const situation = SITUATIONS[situacao.codigo];
      if (!situation) fail(`serpro consulta-cpf answered an unknown situation code ${situacao.codigo}`);
      const birthDate = `${nascimento.slice(4)}-${nascimento.slice(2, 4)}-${nascimento.slice(0, 2)}`;
      return { situation, name: nome, birthDate };
    },
  };
}
