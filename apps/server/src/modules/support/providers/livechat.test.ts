import fs from 'node:fs';
import { SUPPORT_IDENTITY_FIELD } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, cspDirective, testPlayers, TEST_OPERATOR_KEY } from '../../../../test/helpers';
import { createLiveChat } from './livechat';

/** The LiveChat adapter against recorded notifications (fixtures/livechat), alone and through the app. */
const SECRET = 'livechat-webhook-secret-for-tests';
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(`./fixtures/livechat/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

/** The recorded new chat, its customer carrying `identity` as a session variable (as LiveChat sends it). */
function withIdentity(identity: unknown) {
  const body = fixture('incoming_chat') as { payload: { chat: { users: Array<Record<string, unknown>> } } };
  const [customer] = body.payload.chat.users;
  if (identity !== undefined)
    customer!.session_fields = [{ page: 'deposit' }, { [SUPPORT_IDENTITY_FIELD]: identity }];
  return body;
}

describe('LiveChat adapter', () => {
  const liveChat = createLiveChat({ licenseId: '19191919', webhookSecret: SECRET });

  it('gives the app its license id with the player name, e-mail and signed identity', () => {
    expect(liveChat.clientConfig({ id: 7, name: 'Maria', email: 'maria@example.com' })).toEqual({
      provider: 'livechat',
      licenseId: '19191919',
      name: 'Maria',
      email: 'maria@example.com',
      identity: expect.stringMatching(/^7\.\d+\.[\w-]{43}$/),
    });
    expect(liveChat.clientConfig(null)).toMatchObject({
      licenseId: '19191919',
      name: null,
      email: null,
      identity: null,
    });
  });

  it('links a chat to a player only by an identity it signed, for a day', () => {
    const playerOf = (identity: unknown) => {
      const body = withIdentity(identity);
      const event = liveChat.parseWebhook(body);
      return event?.kind === 'chat' ? event.customer.playerId : 'not a chat';
    };
    const signed = liveChat.clientConfig({ id: 7, name: 'Maria', email: 'maria@example.com' }).identity!;
    expect(playerOf(signed)).toBe(7);
    // The e-mail typed into the widget alone links nobody.
    expect(playerOf(undefined)).toBeNull();
    const [, issued, mac] = signed.split('.');
    expect(playerOf(`8.${issued}.${mac}`)).toBeNull();
    expect(playerOf(`7.${Number(issued) + 1}.${mac}`)).toBeNull();
    const other = createLiveChat({ licenseId: '19191919', webhookSecret: 'another secret' });
    expect(playerOf(other.clientConfig({ id: 7, name: 'M', email: 'm@x.co' }).identity)).toBeNull();
    expect(playerOf(12345)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 25 * 3600_000 });
    try {
      expect(playerOf(signed)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('maps a new chat, an agent message and the end of the chat', () => {
    expect(liveChat.parseWebhook(fixture('incoming_chat'))).toEqual({
      kind: 'chat',
      chatId: 'RX8KQ2ZT4M',
      customer: { email: 'maria.souza@example.com', name: 'Maria Souza', playerId: null },
      messages: [
        {
          externalId: 'RX8KQ2ZT4M_T1_1',
          from: 'customer',
          text: 'Olá, meu depósito não caiu',
          at: new Date('2026-11-20T13:02:12.410Z'),
        },
      ],
    });
    expect(liveChat.parseWebhook(fixture('incoming_event-agent'))).toMatchObject({
      kind: 'message',
      chatId: 'RX8KQ2ZT4M',
      message: { from: 'agent', text: 'Oi Maria! Vou verificar o seu pedido.' },
    });
    expect(liveChat.parseWebhook(fixture('chat_deactivated'))).toEqual({
      kind: 'closed',
      chatId: 'RX8KQ2ZT4M',
    });
  });

  it('refuses a notification with the wrong secret or a broken shape', () => {
    expect(liveChat.parseWebhook({ ...fixture('incoming_event-agent'), secret_key: 'guess' })).toBeNull();
    expect(liveChat.parseWebhook({ action: 'incoming_event' })).toBeNull();
    expect(liveChat.parseWebhook({ ...fixture('incoming_chat'), payload: { chat: { id: 1 } } })).toBeNull();
  });
});

describe('LiveChat through the app', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      SUPPORT_CHAT: 'livechat',
      LIVECHAT_LICENSE_ID: '19191919',
      LIVECHAT_WEBHOOK_SECRET: SECRET,
    });
  });
  afterAll(() => t.close());

  const notify = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/webhook/livechat',
      headers: { 'content-type': 'application/json', lang: 'en' },
      payload: JSON.stringify(body),
    });

  it('lets the widget load: LiveChat’s script, frame, API and images in the CSP', async () => {
    const csp = (await t.app.inject({ url: '/healthz' })).headers['content-security-policy'];
    // The widget's script (cdn.livechatinc.com/tracking.js), its frame (secure.), API (api., over wss too).
    expect(cspDirective(csp, 'script-src')).toEqual([
      "'self'",
      'https://*.livechat-static.com',
      'https://*.livechatinc.com',
    ]);
    expect(cspDirective(csp, 'frame-src')).toEqual(["'self'", 'https://*.livechatinc.com']);
    expect(cspDirective(csp, 'connect-src')).toEqual(
      expect.arrayContaining(['https://*.livechatinc.com', 'wss://*.livechatinc.com']),
    );
    expect(cspDirective(csp, 'img-src')).toEqual(
      expect.arrayContaining(['https://*.livechatinc.com', 'https://*.livechat-files.com']),
    );
    // Nothing that would let an injected inline script run.
    expect(String(csp)).not.toContain('unsafe-eval');
    expect(cspDirective(csp, 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('tells a signed-in player the license id with their name and e-mail', async () => {
    const player = await testPlayers(t.app, t.database).signUp('lc');
    const res = await t.app.inject({
      url: '/api/app/support/config',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(res.json().data).toEqual({
      provider: 'livechat',
      licenseId: '19191919',
      name: player.username,
      email: player.username,
      identity: expect.stringMatching(new RegExp(`^${player.id}\\.\\d+\\.[\\w-]{43}$`)),
    });
  });

  it("links a hosted chat to the player by the identity from the player's config, not by a typed e-mail", async () => {
    const player = await testPlayers(t.app, t.database).signUp('lc-link');
    const config = await t.app.inject({
      url: '/api/app/support/config',
      headers: { authorization: `Bearer ${player.token}` },
    });
    const queue = async () =>
      (
        await t.app.inject({
          url: '/api/operator/support/conversations?limit=200',
          headers: { 'x-operator-key': TEST_OPERATOR_KEY },
        })
      ).json().data as Array<{ id: string; userId: number | null; visitorEmail: string | null }>;
    /** The conversation a new hosted chat of a customer who typed the player's e-mail becomes. */
    const chat = async (chatId: string, identity: unknown) => {
      const before = new Set((await queue()).map((c) => c.id));
      const body = withIdentity(identity) as unknown as {
        payload: { chat: { id: string; users: Array<Record<string, unknown>> } };
      };
      body.payload.chat.id = chatId;
      body.payload.chat.users[0]!.email = player.username;
      expect((await notify(body)).statusCode).toBe(200);
      const added = (await queue()).filter((c) => !before.has(c.id));
      expect(added).toHaveLength(1);
      return added[0];
    };
    // Someone typing the player's e-mail into the widget is a visitor to the operator.
    expect(await chat('IMPOSTOR01', undefined)).toMatchObject({ userId: null });
    expect(await chat('PLAYER0001', config.json().data.identity)).toMatchObject({ userId: player.id });
  });

  it('links a hosted chat first met in a message once a later notification brings the identity', async () => {
    const player = await testPlayers(t.app, t.database).signUp('lc-late');
    const { identity } = (
      await t.app.inject({
        url: '/api/app/support/config',
        headers: { authorization: `Bearer ${player.token}` },
      })
    ).json().data;
    const queue = async () =>
      (
        await t.app.inject({
          url: '/api/operator/support/conversations?limit=200',
          headers: { 'x-operator-key': TEST_OPERATOR_KEY },
        })
      ).json().data as Array<{ id: string; userId: number | null }>;
    const before = new Set((await queue()).map((c) => c.id));
    // The agent's message arrives before the new-chat notification that carries the customer.
    const message = fixture('incoming_event-agent') as {
      payload: { chat_id: string; event: { id: string } };
    };
    message.payload.chat_id = 'LATELINK01';
    message.payload.event.id = 'LATELINK01_T1_1';
    expect((await notify(message)).statusCode).toBe(200);
    const [created] = (await queue()).filter((c) => !before.has(c.id));
    expect(created).toMatchObject({ userId: null });
    const chat = withIdentity(identity) as unknown as { payload: { chat: { id: string } } };
    chat.payload.chat.id = 'LATELINK01';
    expect((await notify(chat)).statusCode).toBe(200);
    const after = (await queue()).filter((c) => !before.has(c.id));
    expect(after).toEqual([expect.objectContaining({ id: created!.id, userId: player.id })]);
  });

  it('keeps the transcript once (replays too), as plain text, and closes it', async () => {
    for (const name of [
      'incoming_chat',
      'incoming_event-agent',
      'incoming_event-customer-html',
      'incoming_event-agent',
    ])
      expect((await notify(fixture(name))).statusCode).toBe(200);
    const queue = await t.app.inject({
      url: '/api/operator/support/conversations',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    const [conv] = queue.json().data;
    expect(conv).toMatchObject({
      provider: 'livechat',
      visitorEmail: 'maria.souza@example.com',
      status: 'open',
    });
    const detail = await t.app.inject({
      url: `/api/operator/support/conversations/${conv.id}`,
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(detail.json().data.messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['visitor', 'Olá, meu depósito não caiu'],
      ['operator', 'Oi Maria! Vou verificar o seu pedido.'],
      ['visitor', '<img src=x onerror=alert(1)> obrigada'],
    ]);
    expect((await notify(fixture('chat_deactivated'))).statusCode).toBe(200);
    const closed = await t.app.inject({
      url: `/api/operator/support/conversations/${conv.id}`,
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(closed.json().data.status).toBe('closed');
  });

  it('refuses a forged notification (401), and answers 404 for another provider', async () => {
    const forged = await notify({ ...fixture('incoming_event-agent'), secret_key: 'not-the-secret-at-all' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Invalid chat provider notification');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/support/webhook/zendesk',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(other.statusCode).toBe(404);
    // A body far larger than any notification is refused unread (the uploads' 2 MB do not apply here).
    const huge = await notify({ secret_key: 'x', pad: 'x'.repeat(100 * 1024) });
    expect(huge.statusCode).toBe(413);
  });
});
