import crypto from 'node:crypto';
import {
  SUPPORT_FLOOD,
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_IMAGES_PER_DAY,
  type OperatorRole,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, createTestApp, testPlayers, TEST_OPERATOR_KEY } from '../../../test/helpers';
import { connectClient, connected, next, refusal, type Client } from '../../../test/realtime-client';
import { responseFigures } from './support.service';

/** The live support chat through the real app: players, visitors, operators, sockets and every bad input. */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let base: string;
let players: ReturnType<typeof testPlayers>;
const sockets: Client[] = [];
const PASSWORD = 'a long operator password';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: (process.env.SUPPORT_TEST_LOG ?? 'silent') as 'silent' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = baseUrlOf(t.app.server);
  players = testPlayers(t.app, t.database);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function operator(role: OperatorRole) {
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@aposta.test`;
  const { otpauthUrl, id } = await t.app.operators.create({ email, password: PASSWORD, role });
  const totp = OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/operator/auth/login',
    payload: { email, password: PASSWORD, totp: totp.generate() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id, email, token: res.json().data.access_token as string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const visitorHeader = (token: string) => ({ 'x-support-visitor': token });
type Headers = Record<string, string>;
const send = (headers: Headers, payload: Record<string, unknown>, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/app/support/messages', headers: { ...headers, lang }, payload });
const thread = (headers: Headers) => t.app.inject({ url: '/api/app/support/conversation', headers });
const upload = (headers: Headers, body: Buffer, type: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/support/attachments',
    headers: { ...headers, 'content-type': type, lang: 'en' },
    payload: body,
  });
const op = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/operator/support${url}`,
    headers: { ...bearer(token), lang: 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** The next `supportMessage` from `from` (a socket also hears its own side's messages, e.g. other tabs). */
function nextFrom(s: Client, from: string) {
  return new Promise<{ from: string; text: string }>((resolve) => {
    const on = (m: { from: string; text: string }) => {
      if (m.from !== from) return;
      s.off('supportMessage', on);
      resolve(m);
    };
    s.on('supportMessage', on);
  });
}

async function socket(query: Record<string, string>) {
  const s = connectClient(base, query);
  sockets.push(s);
  return connected(s);
}

describe('support chat', () => {
  let agent: Awaited<ReturnType<typeof operator>>;
  let agentSocket: Client;

  beforeAll(async () => {
    agent = await operator('support');
    agentSocket = await socket({ token: agent.token });
  });

  it('an alert for the operators (a payout nearing its deadline) reaches their sockets, checked by its contract', async () => {
    const alert = {
      kind: 'payoutOverdue' as const,
      orderId: 'W2026112500000012345678',
      userId: 7,
      minutesWaiting: 95,
      deadlineMinutes: 120,
    };
    const heard = next(agentSocket, 'operatorAlert');
    await t.app.bus.publish('operator.alert', alert);
    expect(await heard).toEqual(alert);
  });

  it('answers our own chat as the configuration', async () => {
    const res = await t.app.inject({ url: '/api/app/support/config' });
    expect(res.json().data).toEqual({
      provider: 'own',
      licenseId: null,
      name: null,
      email: null,
      identity: null,
    });
  });

  it('carries a signed-in player and an operator in real time: messages, typing, read marks, unread', async () => {
    const player = await players.signUp('chat');
    const playerSocket = await socket({ token: player.token });
    const seen = nextFrom(agentSocket, 'player');
    const sent = await send(bearer(player.token), { text: 'Meu depósito não caiu' });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = sent.json().data;
    expect(await seen).toMatchObject({
      id: message.id,
      from: 'player',
      text: 'Meu depósito não caiu',
      read: false,
    });

    // The queue shows the player's identity and the unread message.
    const queue = (await op(agent.token, 'GET', '/conversations')).json().data as Array<
      Record<string, unknown>
    >;
    const row = queue.find((c) => c.id === message.conversationId)!;
    expect(row).toMatchObject({ userId: player.id, username: player.username, unread: 1, status: 'open' });

    // Typing both ways.
    const typingToAgent = next(agentSocket, 'supportTyping');
    await t.app.inject({ method: 'POST', url: '/api/app/support/typing', headers: bearer(player.token) });
    expect(await typingToAgent).toEqual({ conversationId: message.conversationId, from: 'player' });
    const typingToPlayer = next(playerSocket, 'supportTyping');
    await op(agent.token, 'POST', `/conversations/${message.conversationId}/typing`);
    expect(await typingToPlayer).toEqual({ conversationId: message.conversationId, from: 'operator' });

    // The reply reaches the player's socket; answering assigns the conversation and reads the player's message.
    const reply = nextFrom(playerSocket, 'operator');
    const answered = await op(agent.token, 'POST', `/conversations/${message.conversationId}/messages`, {
      text: 'Olá! Vou verificar.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(await reply).toMatchObject({ from: 'operator', text: 'Olá! Vou verificar.' });
    let mine = (await thread(bearer(player.token))).json().data;
    expect(mine.unread).toBe(1);
    expect(mine.messages.map((m: { from: string; read: boolean }) => [m.from, m.read])).toEqual([
      ['player', true],
      ['operator', false],
    ]);
    const detail = (await op(agent.token, 'GET', `/conversations/${message.conversationId}`)).json().data;
    expect(detail).toMatchObject({ status: 'assigned', assignedTo: { id: agent.id, email: agent.email } });

    // The player reads: the operator sees it, the badge clears.
    const readMark = next(agentSocket, 'supportRead');
    await t.app.inject({
      method: 'POST',
      url: '/api/app/support/read',
      headers: bearer(player.token),
      payload: { upTo: answered.json().data.id },
    });
    expect(await readMark).toMatchObject({ conversationId: message.conversationId, by: 'player' });
    mine = (await thread(bearer(player.token))).json().data;
    expect(mine.unread).toBe(0);

    // The summary beside the conversation: money, orders, KYC, limits.
    await players.fund(player.id, 12_345);
    const summary = await op(agent.token, 'GET', `/conversations/${message.conversationId}/player`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().data).toMatchObject({
      userId: player.id,
      username: player.username,
      kyc: 0,
      balance: 123.45,
      deposits: [],
      withdrawals: [],
    });
    expect(summary.json().data.limits.deposit.day).toMatchObject({ value: null });

    // Closed with a reason: the player hears it; the next message opens a new conversation, history kept.
    const closedEvent = next(playerSocket, 'supportConversation');
    const close = await op(agent.token, 'POST', `/conversations/${message.conversationId}/close`, {
      reason: 'resolved',
      note: 'deposit found',
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(await closedEvent).toMatchObject({ id: message.conversationId, status: 'closed' });
    const again = await send(bearer(player.token), { text: 'Mais uma dúvida' });
    expect(again.json().data.conversationId).not.toBe(message.conversationId);
    mine = (await thread(bearer(player.token))).json().data;
    expect(mine.messages).toHaveLength(3);
    expect(mine.conversationId).toBe(again.json().data.conversationId);
  });

  it('keeps a read mark at the last message: later messages still show as unread, both ways', async () => {
    const player = await players.signUp('marks');
    const first = (await send(bearer(player.token), { text: 'Oi' })).json().data;
    const id = first.conversationId as number;
    const reply = await op(agent.token, 'POST', `/conversations/${id}/messages`, { text: 'Olá!' });
    expect(reply.statusCode, reply.body).toBe(200);
    // Both sides mark far past the last message (a client's bug, or a curious player).
    const far = reply.json().data.id + 1_000_000;
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/read',
      headers: bearer(player.token),
      payload: { upTo: far },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await op(agent.token, 'POST', `/conversations/${id}/read`, { upTo: far })).statusCode).toBe(200);

    await op(agent.token, 'POST', `/conversations/${id}/messages`, { text: 'Encontrei o depósito.' });
    const mine = (await thread(bearer(player.token))).json().data;
    expect(mine.unread).toBe(1);
    expect(mine.messages.at(-1)).toMatchObject({ from: 'operator', read: false });
    await send(bearer(player.token), { text: 'Obrigado' });
    const queue = (await op(agent.token, 'GET', '/conversations')).json().data as Array<
      Record<string, unknown>
    >;
    expect(queue.find((c) => c.id === id)).toMatchObject({ unread: 1 });
  });

  it('lets a visitor chat after giving an e-mail, on their own socket', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/visitor',
      headers: { lang: 'en' },
      payload: { email: 'not an e-mail' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid e-mail address');
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/visitor',
      payload: { email: 'Visitor@Example.com' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { token, conversationId } = start.json().data;
    const visitorSocket = await socket({ visitor: token });
    expect((await send(visitorHeader(token), { text: 'Como faço para me cadastrar?' })).statusCode).toBe(200);
    const queue = (await op(agent.token, 'GET', '/conversations')).json().data as Array<
      Record<string, unknown>
    >;
    expect(queue.find((c) => c.id === conversationId)).toMatchObject({
      userId: null,
      visitorEmail: 'visitor@example.com',
    });
    const reply = nextFrom(visitorSocket, 'operator');
    await op(agent.token, 'POST', `/conversations/${conversationId}/messages`, {
      text: 'Pelo botão Registrar.',
    });
    expect(await reply).toMatchObject({ from: 'operator', text: 'Pelo botão Registrar.' });
    expect((await thread(visitorHeader(token))).json().data.messages).toHaveLength(2);
    // A visitor has no player behind them.
    expect((await op(agent.token, 'GET', `/conversations/${conversationId}/player`)).statusCode).toBe(404);

    await op(agent.token, 'POST', `/conversations/${conversationId}/close`, { reason: 'resolved' });
    const after = await send(visitorHeader(token), { text: 'ainda aí?' });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This conversation is closed');
  });

  it('refuses unknown visitor tokens, on the API (403, not a sign-out) and on the socket', async () => {
    const res = await thread({ ...visitorHeader('sv_forged'), lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/chat session has ended/);
    const s = connectClient(base, { visitor: 'sv_forged' });
    sockets.push(s);
    expect((await refusal(s)).data?.status).toBe(40101);
  });

  it('keeps HTML and scripts as plain text, exactly as sent', async () => {
    const player = await players.signUp('html');
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';
    const res = await send(bearer(player.token), { text });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.text).toBe(text);
    const detail = (await op(agent.token, 'GET', `/conversations/${res.json().data.conversationId}`)).json()
      .data;
    expect(detail.messages[0].text).toBe(text);
    expect((await send(bearer(player.token), { text: '   ' })).json().message).toBe(
      'Write a message or attach an image',
    );
    expect((await send(bearer(player.token), { text: 'x'.repeat(2001) })).statusCode).toBe(400);
  });

  it('limits floods per conversation with a translated 429, and stores nothing past the limit', async () => {
    const player = await players.signUp('flood');
    const answers = [];
    for (let i = 0; i < SUPPORT_FLOOD.messages + 2; i++)
      answers.push(await send(bearer(player.token), { text: `spam ${i}` }, 'pt_BR'));
    expect(answers.slice(0, SUPPORT_FLOOD.messages).every((a) => a.statusCode === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Você está enviando mensagens rápido demais. Aguarde alguns segundos e tente de novo.',
    );
    expect((await thread(bearer(player.token))).json().data.messages).toHaveLength(SUPPORT_FLOOD.messages);
  });

  it('counts uploads in the flood, caps a day of images per conversation and sweeps those never sent', async () => {
    const player = await players.signUp('uploads');
    const conversationOf = async () =>
      Number((await thread(bearer(player.token))).json().data.conversationId);
    const answers = [];
    for (let i = 0; i < SUPPORT_FLOOD.messages + 1; i++)
      answers.push((await upload(bearer(player.token), PNG, 'image/png')).statusCode);
    expect(answers.slice(0, SUPPORT_FLOOD.messages)).not.toContain(429);
    expect(answers.at(-1)).toBe(429);
    // A message is refused too while the uploads fill the window.
    expect((await send(bearer(player.token), { text: 'hello' })).statusCode).toBe(429);

    const id = await conversationOf();
    const count = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*) as n from support_attachments where conversation_id = ${id}`,
          )) as unknown as { rows: { n: number | string }[] }
        ).rows[0]!.n,
      );
    expect(await count()).toBe(SUPPORT_FLOOD.messages);
    // Out of the flood window, up to the day's cap (older uploads of the day still count).
    const age = (seconds: number) =>
      t.database.db.execute(
        sql`update support_attachments set created_at = now() - make_interval(secs => ${seconds})
            where conversation_id = ${id}`,
      );
    await age(60);
    await t.database.db.execute(
      sql`insert into support_attachments (conversation_id, uploader, content_type, size, data, created_at)
          select ${id}, 'customer', 'image/png', 1, '\\x00'::bytea, now() - interval '1 minute'
          from generate_series(1, ${SUPPORT_IMAGES_PER_DAY - SUPPORT_FLOOD.messages - 1})`,
    );
    expect((await upload(bearer(player.token), PNG, 'image/png')).statusCode).toBe(200);
    const capped = await upload(bearer(player.token), PNG, 'image/png');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toMatch(/as many images as a conversation takes in a day/);
    expect(await count()).toBe(SUPPORT_IMAGES_PER_DAY);
    // A message still goes through, with one of the day's images.
    const [{ id: kept }] = (
      (await t.database.db.execute(
        sql`select id from support_attachments where conversation_id = ${id} order by id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows as [{ id: number }];
    expect((await send(bearer(player.token), { text: 'see', attachmentId: Number(kept) })).statusCode).toBe(
      200,
    );

    // A day later the images never sent are swept; the one sent stays, and the cap is free again.
    await age(86_400 + 60);
    expect(await t.app.support.dropUnsentImages()).toBeGreaterThanOrEqual(SUPPORT_IMAGES_PER_DAY - 1);
    expect(await count()).toBe(1);
    expect((await upload(bearer(player.token), PNG, 'image/png')).statusCode).toBe(200);
  });

  it('takes real images only, served to the participants with their type and nosniff', async () => {
    const owner = await players.signUp('img');
    const other = await players.signUp('img');
    const up = await upload(bearer(owner.token), PNG, 'image/png');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ type: 'image/png', size: PNG.length });
    const sent = await send(bearer(owner.token), { text: '', attachmentId: up.json().data.id });
    expect(sent.json().data.image).toMatchObject({ id: up.json().data.id });

    const got = await t.app.inject({
      url: `/api/app/support/attachments/${up.json().data.id}`,
      headers: bearer(owner.token),
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const asOperator = await op(agent.token, 'GET', `/attachments/${up.json().data.id}`);
    expect(asOperator.statusCode).toBe(200);

    // Another player can neither see the image nor send it in their own conversation.
    const peek = await t.app.inject({
      url: `/api/app/support/attachments/${up.json().data.id}`,
      headers: bearer(other.token),
    });
    expect(peek.statusCode).toBe(404);
    const steal = await send(bearer(other.token), { text: 'olha', attachmentId: up.json().data.id });
    expect(steal.statusCode).toBe(400);
    expect(steal.json().message).toBe('This image is not part of the conversation');

    // Disguised: HTML sent as a PNG, a PNG sent as a JPEG, an SVG (script-capable) image.
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [body, type] of [
      [html, 'image/png'],
      [PNG, 'image/jpeg'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
    ] as const) {
      const res = await upload(bearer(owner.token), body, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toBe('Only PNG, JPEG, GIF or WebP images can be sent');
    }
    const big = Buffer.concat([PNG, Buffer.alloc(SUPPORT_IMAGE_MAX_BYTES)]);
    const tooBig = await upload(bearer(owner.token), big, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().status).toBe(40000);
  });

  it('lets an operator send an image into the conversation, checked and audited like the customer’s', async () => {
    const owner = await players.signUp('opimg');
    await send(bearer(owner.token), { text: 'Pode me mandar o comprovante?' });
    const conversationId = (await thread(bearer(owner.token))).json().data.conversationId as number;
    const opUpload = (id: number, body: Buffer, type: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/operator/support/conversations/${id}/attachments`,
        headers: { ...bearer(agent.token), 'content-type': type, lang: 'en' },
        payload: body,
      });
    const disguised = await opUpload(
      conversationId,
      Buffer.from('<html><script></script></html>'),
      'image/png',
    );
    expect(disguised.statusCode).toBe(415);
    expect((await opUpload(conversationId + 100_000, PNG, 'image/png')).statusCode).toBe(404);
    const up = await opUpload(conversationId, PNG, 'image/png');
    expect(up.statusCode, up.body).toBe(200);
    const image = up.json().data.id as number;
    const reply = await op(agent.token, 'POST', `/conversations/${conversationId}/messages`, {
      text: '',
      attachmentId: image,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject({ from: 'operator', image: { id: image } });
    // The player sees it in their conversation and fetches it with their session.
    const last = (await thread(bearer(owner.token))).json().data.messages.at(-1);
    expect(last).toMatchObject({ from: 'operator', image: { id: image } });
    const got = await t.app.inject({
      url: `/api/app/support/attachments/${image}`,
      headers: bearer(owner.token),
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    const audit = await t.app.inject({
      url: '/api/operator/audit?limit=20',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({
        actorId: agent.id,
        target: `support:${conversationId}`,
        after: { attachment: image, type: 'image/png' },
      }),
    );
  });

  it('refuses operators without the support role on the API, a role without either room on the socket, and audits the refusal', async () => {
    const finance = await operator('finance');
    const res = await op(finance.token, 'GET', '/conversations');
    expect(res.statusCode).toBe(403);
    // The socket is refused to a role that neither chats nor reads withdrawals (whose readers hear the alerts).
    const trader = await operator('trader');
    const s = connectClient(base, { token: trader.token });
    sockets.push(s);
    expect((await refusal(s)).data?.status).toBe(40300);
    const player = await players.signUp('noop');
    const asPlayer = await t.app.inject({
      url: '/api/operator/support/conversations',
      headers: bearer(player.token),
    });
    expect(asPlayer.statusCode).toBe(403);
    const audit = await t.app.inject({
      url: '/api/operator/audit?limit=5',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({ actorId: finance.id, action: 'support.chat', outcome: 'refused' }),
    );
  });

  it("closes an operator's sockets when that operator signs out", async () => {
    const other = await operator('support');
    const s = await socket({ token: other.token });
    const closed = new Promise<string>((resolve) => s.once('disconnect', resolve));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/operator/auth/logout',
      headers: bearer(other.token),
    });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The agent of the other tests keeps theirs.
    expect(agentSocket.connected).toBe(true);
  });

  it('keeps canned replies, refuses a close without a known reason, and reports response times', async () => {
    const made = await op(agent.token, 'POST', '/canned', {
      title: 'Saudação',
      text: 'Olá! Como posso ajudar?',
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id;
    expect(
      (await op(agent.token, 'PUT', `/canned/${id}`, { title: 'Oi', text: 'Oi!' })).json().data,
    ).toMatchObject({
      title: 'Oi',
      text: 'Oi!',
    });
    expect((await op(agent.token, 'GET', '/canned')).json().data).toContainEqual(
      expect.objectContaining({ id }),
    );
    // The audit row keeps what the edit replaced, not only what it wrote.
    const audit = await t.app.inject({
      url: '/api/operator/audit?limit=20',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(audit.json().data).toContainEqual(
      expect.objectContaining({
        actorId: agent.id,
        target: `support-canned:${id}`,
        before: expect.objectContaining({ title: 'Saudação', text: 'Olá! Como posso ajudar?' }),
        after: expect.objectContaining({ title: 'Oi', text: 'Oi!' }),
      }),
    );
    expect((await op(agent.token, 'DELETE', `/canned/${id}`)).statusCode).toBe(200);
    expect((await op(agent.token, 'DELETE', `/canned/${id}`)).statusCode).toBe(404);
    // An id no reply can have is not found either, not a bad field.
    for (const odd of ['abc', '1.5', '0']) {
      const gone = await op(agent.token, 'DELETE', `/canned/${odd}`);
      expect([odd, gone.statusCode, gone.json().status]).toEqual([odd, 404, 40400]);
    }

    const player = await players.signUp('close');
    const conv = (await send(bearer(player.token), { text: 'oi' })).json().data.conversationId;
    const bad = await op(agent.token, 'POST', `/conversations/${conv}/close`, { reason: 'bored' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose why the conversation is closed');
    expect(
      (await op(agent.token, 'POST', `/conversations/999999/close`, { reason: 'other' })).statusCode,
    ).toBe(404);

    const stats = await op(agent.token, 'GET', '/stats?days=1');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data.conversations).toBeGreaterThan(2);
    expect(stats.json().data.answered).toBeGreaterThanOrEqual(2);
  });
});

describe('response-time figures', () => {
  it('measures the first answer and each wait for an answer', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const figures = responseFigures(at(0), 2, [
      { conversationId: 1, sender: 'player', at: at(0) },
      { conversationId: 1, sender: 'player', at: at(5) },
      { conversationId: 1, sender: 'operator', at: at(10) },
      { conversationId: 1, sender: 'operator', at: at(12) },
      { conversationId: 1, sender: 'player', at: at(20) },
      { conversationId: 1, sender: 'operator', at: at(50) },
      { conversationId: 2, sender: 'visitor', at: at(0) },
    ]);
    expect(figures.perConversation).toEqual([
      { id: 1, firstResponseSeconds: 10, avgResponseSeconds: 20, responses: 2 },
      { id: 2, firstResponseSeconds: null, avgResponseSeconds: null, responses: 0 },
    ]);
    expect(figures).toMatchObject({
      conversations: 2,
      answered: 1,
      firstResponseAvgSeconds: 10,
      responseAvgSeconds: 20,
    });
  });
});
