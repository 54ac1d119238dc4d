import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * API SERPRO's gateway played by a local HTTP server on a free port, answering the recorded exchanges in
 * fixtures/serpro (written from Serpro's public docs): POST /token with the contract's Basic credentials
 * issues tokens; GET /consulta-cpf-df/v1/cpf/{ni} with a live token answers the CPF's record, or 404.
 */

interface Answer {
  status: number;
  body: unknown;
}

const read = <T>(name: string): T =>
  JSON.parse(fs.readFileSync(new URL(`./fixtures/serpro/${name}.json`, import.meta.url), 'utf8')) as T;

export const tokenFixture = read<{
  consumerKey: string;
  consumerSecret: string;
  request: { headers: Record<string, string>; body: string };
  response: { status: number; body: { access_token: string; expires_in: number } };
  unauthorized: Answer;
}>('token');

/** The recorded answers by NI (a copy: tests may add their own people). */
export const recordedPeople = (): Map<string, Answer> =>
  new Map(Object.entries(read<{ answers: Record<string, Answer> }>('consulta-cpf').answers));

export type SerproMode = 'ok' | 'down' | 'slow' | 'unauthorized';

export interface SerproServer {
  url: string;
  /** Every token request as received. */
  tokenRequests: Array<{ authorization?: string; contentType?: string; body: string }>;
  /** Every token issued, in order (the recorded one first). */
  issued: string[];
  /** Every look-up as received (the NI and the bearer it carried). */
  lookups: Array<{ ni: string; authorization?: string; accept?: string }>;
  /** Who the register knows; an NI it does not know is 404. */
  people: Map<string, Answer>;
  /**
   * ok; down: every look-up answers 500; slow: every look-up answers after `slowMs`; unauthorized: every
   * look-up answers 401, whatever its token.
   */
  mode: SerproMode;
  slowMs: number;
  /** The gateway forgets every token it issued (as when they expire): their next use is 401. */
  expireTokens(): void;
  close(): Promise<void>;
}

export async function startSerproServer(): Promise<SerproServer> {
  const basic = tokenFixture.request.headers.Authorization;
  const live = new Set<string>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  const send = (res: http.ServerResponse, { status, body }: Answer) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const state: Omit<SerproServer, 'url' | 'close'> = {
    tokenRequests: [],
    issued: [],
    lookups: [],
    people: recordedPeople(),
    mode: 'ok',
    slowMs: 1_000,
    expireTokens: () => live.clear(),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '';
      if (req.method === 'POST' && path === '/token') {
        state.tokenRequests.push({
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body,
        });
        if (req.headers.authorization !== basic || body !== 'grant_type=client_credentials')
          return send(res, { status: 401, body: { error: 'invalid_client' } });
        // The recorded token first, then new ones (a renewed token differs from the one it replaces).
        const n = state.issued.length;
        const token = n === 0 ? tokenFixture.response.body.access_token : `token-${n + 1}`;
        state.issued.push(token);
        live.add(token);
        return send(res, { status: 200, body: { ...tokenFixture.response.body, access_token: token } });
      }
      const match = /^\/consulta-cpf-df\/v1\/cpf\/([^/?]+)$/.exec(path);
      if (req.method !== 'GET' || !match) return send(res, { status: 403, body: { message: 'wrong path' } });
      const ni = decodeURIComponent(match[1]!);
      state.lookups.push({ ni, authorization: req.headers.authorization, accept: req.headers.accept });
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !live.has(bearer) || state.mode === 'unauthorized')
        return send(res, tokenFixture.unauthorized);
      if (state.mode === 'down') return send(res, { status: 500, body: { message: 'Erro interno' } });
      const answer = state.people.get(ni) ?? { status: 404, body: { message: 'CPF não encontrado' } };
      if (state.mode === 'slow') {
        const timer = setTimeout(() => {
          pendingTimers.delete(timer);
          if (!res.destroyed) send(res, answer);
        }, state.slowMs);
        pendingTimers.add(timer);
        return;
      }
      send(res, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const t of pendingTimers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
