import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/db';
import { createPostgresDatabase, onPostgres } from '../../../test/helpers';
import { startServer, type ServerProcess } from '../../../test/server-process';
import { connectClient, connected, registerPlayer, type Client } from '../../../test/realtime-client';
import { createOperatorsService } from '../operators';

/**
 * The support chat on two server processes sharing one PostgreSQL database and one Redis: a signed-in
 * player, a visitor and an operator connected to different nodes talk in real time.
 */
const config = loadConfig();
const PASSWORD = 'a long operator password';

describe.runIf(onPostgres && config.redisUrl)('support chat on two nodes', () => {
  const nodes: ServerProcess[] = [];
  const clients: Client[] = [];
  const base: string[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let operatorToken = '';

  beforeAll(async () => {
    database = await createPostgresDatabase((config.database as { url: string }).url);
    const env = {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: config.redisUrl!,
      REDIS_PREFIX: `t${crypto.randomBytes(4).toString('hex')}:`,
    };
    nodes.push(...(await Promise.all([startServer(env), startServer(env)])));
    base.push(...nodes.map((n) => n.base));
    // A support operator, made as `npm run operator:create` makes one, signed in with password and TOTP.
    const db = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    try {
      const email = `support-${crypto.randomBytes(4).toString('hex')}@aposta.test`;
      const { otpauthUrl } = await createOperatorsService({ database: db, config }).create({
        email,
        password: PASSWORD,
        role: 'support',
      });
      const totp = (OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP).generate();
      const res = await post(base[0]!, '/api/operator/auth/login', { email, password: PASSWORD, totp });
      operatorToken = res.data.access_token as string;
    } finally {
      await db.close();
    }
  }, 90_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
    await database?.drop();
  }, 60_000);

  const open = async (node: number, query: Record<string, string>) => {
    const socket = connectClient(base[node]!, query);
    clients.push(socket);
    return connected(socket);
  };

  it('carries a player on node B and an operator on node A both ways', async () => {
    const token = await registerPlayer(base[0]!);
    const [player, operatorA] = await Promise.all([open(1, { token }), open(0, { token: operatorToken })]);
    const toOperator = nextFrom(operatorA, 'player');
    const sent = await post(
      base[1]!,
      '/api/app/support/messages',
      { text: 'oi do nó B' },
      { authorization: `Bearer ${token}` },
    );
    expect(await toOperator).toMatchObject({ text: 'oi do nó B' });
    const toPlayer = nextFrom(player, 'operator');
    await post(
      base[0]!,
      `/api/operator/support/conversations/${sent.data.conversationId}/messages`,
      { text: 'resposta do nó A' },
      { authorization: `Bearer ${operatorToken}` },
    );
    expect(await toPlayer).toMatchObject({ text: 'resposta do nó A' });
  });

  it('carries a visitor on node A and an operator on node B both ways', async () => {
    const start = await post(base[1]!, '/api/app/support/visitor', { email: 'visitante@example.com' });
    const visitorToken = start.data.token as string;
    const [visitor, operatorB] = await Promise.all([
      open(0, { visitor: visitorToken }),
      open(1, { token: operatorToken }),
    ]);
    const toOperator = nextFrom(operatorB, 'visitor');
    await post(
      base[0]!,
      '/api/app/support/messages',
      { text: 'sou visitante' },
      { 'x-support-visitor': visitorToken },
    );
    expect(await toOperator).toMatchObject({ text: 'sou visitante' });
    const toVisitor = nextFrom(visitor, 'operator');
    await post(
      base[1]!,
      `/api/operator/support/conversations/${start.data.conversationId}/messages`,
      { text: 'bem-vindo' },
      { authorization: `Bearer ${operatorToken}` },
    );
    expect(await toVisitor).toMatchObject({ text: 'bem-vindo' });
  });
});

async function post(baseUrl: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; message: string; data: Record<string, unknown> };
  if (json.status !== 0) throw new Error(`${url}: ${json.message}`);
  return json;
}

function nextFrom(socket: Client, from: string) {
  return new Promise<{ text: string }>((resolve) => {
    const on = (m: { from: string; text: string }) => {
      if (m.from !== from) return;
      socket.off('supportMessage', on);
      resolve(m);
    };
    socket.on('supportMessage', on);
  });
}
