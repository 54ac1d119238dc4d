import crypto from 'node:crypto';
import { request as http, test, type APIRequestContext } from '@playwright/test';
import { createPostgresDatabase } from '../../server/test/postgres';
import { startServer, type ServerProcess } from '../../server/test/server-process';
import { screenshots } from './helpers';
import { talkWithVisitorAndPlayer } from './support-chat';

/**
 * The "done when": a visitor and a signed-in player on phones talk with an operator in the back
 * office's console, in real time, across two server processes. Node A serves the player app, node B the back
 * office; both on one fresh PostgreSQL database and one Redis (the bus carries every message, typing signal
 * and read mark from one node's sockets to the other's). The nodes are started here, on free ports, from the
 * builds this run made (playwright.config.ts's metadata).
 */
interface Setup {
  webDist: string;
  backofficeDist: string;
  databaseUrl: string;
  redisUrl: string;
}

let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
const nodes: ServerProcess[] = [];
const contexts: APIRequestContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const setup = test.info().config.metadata as Setup;
  database = await createPostgresDatabase(setup.databaseUrl);
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: setup.redisUrl,
    REDIS_PREFIX: `e2e${crypto.randomBytes(4).toString('hex')}:`,
    WEB_DIST: setup.webDist,
    BACKOFFICE_DIST: setup.backofficeDist,
    OPERATOR_KEY: 'operator-key-for-tests-only',
  };
  // One after the other: the first applies the migrations to the new database.
  nodes.push(await startServer(env));
  nodes.push(await startServer(env));
});

test.afterAll(async () => {
  await Promise.all(contexts.map((c) => c.dispose()));
  await Promise.all(nodes.map((n) => n.kill('SIGTERM')));
  await database?.drop();
});

test('a visitor and a player on node A talk with an operator on node B, in real time', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const [a, b] = nodes as [ServerProcess, ServerProcess];
  const playerApi = await http.newContext({ baseURL: a.base });
  const consoleApi = await http.newContext({ baseURL: b.base });
  contexts.push(playerApi, consoleApi);
  const desk = await talkWithVisitorAndPlayer({
    browser,
    playerBase: a.base,
    consoleBase: b.base,
    playerApi,
    consoleApi,
    shots: 'support/cluster',
  });
  await screenshots(desk, 'support-console-cluster');
  await desk.context().close();
});
