import crypto from 'node:crypto';
import {
  isValidCpf,
  REALTIME_PATH,
  type ClientToServerEvents,
  type ServerEventPayloads,
  type ServerToClientEvents,
} from '@aposta/contracts';
import { io, type Socket } from 'socket.io-client';
import { TEST_CAPTCHA } from './helpers';

/** Test side of the realtime gateway: the official client, as the web app uses it. */
export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectClient(baseUrl: string, query: Record<string, string> = {}): Client {
  return io(baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    query,
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves once connected; rejects with the refusal (connect_error) otherwise. */
export function connected(socket: Client): Promise<Client> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

export function refusal(socket: Client): Promise<{ message: string; data?: { status?: number } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, but a refusal was expected')));
    socket.once('connect_error', (err) => resolve(err as Error & { data?: { status?: number } }));
  });
}

export function next<E extends keyof ServerEventPayloads>(
  socket: Client,
  event: E,
): Promise<ServerEventPayloads[E]> {
  return new Promise((resolve) =>
    (socket.once as (e: string, f: (p: ServerEventPayloads[E]) => void) => void)(event, resolve),
  );
}

export function disconnected(socket: Client): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}

/** A new player through the real sign-up call; answers the access token. */
export async function registerPlayer(baseUrl: string): Promise<string> {
  const pwd = 'secret-password-1';
  const res = await fetch(`${baseUrl}/api/auth/user/restRegister`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `rt-${crypto.randomBytes(5).toString('hex')}@example.com`,
      pwd,
      pwd1: pwd,
      codeId: String(crypto.randomInt(1, 99_999_999)),
      captCode: TEST_CAPTCHA,
    }),
  });
  const body = (await res.json()) as { status: number; message: string; data: { access_token: string } };
  if (body.status !== 0) throw new Error(`sign-up failed: ${body.message}`);
  return body.data.access_token;
}

export async function userIdOf(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/app/user/userInfo`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { uId: number } };
  return body.data.uId;
}

/** A first deposit as a player makes it: KYC, pre-pay of a package, then the sandbox PIX page's Pay button. */
export async function depositThroughSandbox(baseUrl: string, token: string, pkgId = 4) {
  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { status: number; message: string; data: { url: string } };
    if (answer.status !== 0) throw new Error(`${path} failed: ${answer.message}`);
    return answer.data;
  };
  let cpf: string;
  do cpf = String(crypto.randomInt(0, 100_000_000_000)).padStart(11, '0');
  while (!isValidCpf(cpf));
  await call('/api/app/user/updateKyc', { name: 'Ana Souza', cardNo: cpf });
  const order = await call(
    `/api/app/order/prePay/${pkgId}`,
    { gift: 0, pkgId, isapp: 0 },
    { 'idempotency-key': crypto.randomUUID() },
  );
  const pay = await fetch(`${baseUrl}${new URL(order.url).pathname}/pay`, { method: 'POST' });
  if (!pay.ok) throw new Error(`sandbox pay failed: ${await pay.text()}`);
}
