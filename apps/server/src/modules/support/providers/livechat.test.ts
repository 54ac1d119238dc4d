import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cspDirective, testPlayers, TEST_OPERATOR_KEY } from '../../../../test/helpers';
import { createLiveChat } from './livechat';

/** The LiveChat adapter against recorded notifications (fixtures/livechat), alone and through the app. */
const SECRET = 'livechat-webhook-secret-for-tests';
const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(`./fixtures/livechat/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

describe('LiveChat adapter', () => {
  const liveChat = createLiveChat({ licenseId: '19191919', webhookSecret: SECRET });

  it('gives the app its license id with the player name and e-mail', () => {
    expect(liveChat.clientConfig({ name: 'Maria', email: 'maria@example.com' })).toEqual({
      provider: 'livechat',
      licenseId: '19191919',
      name: 'Maria',
      email: 'maria@example.com',
    });
    expect(liveChat.clientConfig(null)).toMatchObject({ licenseId: '19191919', name: null, email: null });
  });

  it('maps a new chat, an agent message and the end of the chat', () => {
    expect(liveChat.parseWebhook(fixture('incoming_chat'))).toEqual({
      kind: 'chat',
      chatId: 'RX8KQ2ZT4M',
      customer: { email: 'maria.souza@example.com', name: 'Maria Souza' },
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
    });
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
