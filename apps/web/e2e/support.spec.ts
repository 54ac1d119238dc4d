import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newEmail, OPERATOR_KEY, registerViaApi, screenshot, signInFromHome } from './helpers';

/** The operator's side through the API (the back office is a later issue); the key acts as an admin. */
const operator = { 'x-operator-key': OPERATOR_KEY };

async function conversationOf(request: APIRequestContext, who: string): Promise<number> {
  let id = 0;
  await expect
    .poll(async () => {
      const res = await request.get('/api/operator/support/conversations', { headers: operator });
      const rows = (await res.json()).data as Array<{
        id: number;
        username: string | null;
        visitorEmail: string | null;
      }>;
      id = rows.find((r) => r.username === who || r.visitorEmail === who)?.id ?? 0;
      return id;
    })
    .toBeGreaterThan(0);
  return id;
}

async function reply(request: APIRequestContext, id: number, text: string) {
  const res = await request.post(`/api/operator/support/conversations/${id}/messages`, {
    headers: operator,
    data: { text },
  });
  expect(res.status()).toBe(200);
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: /^Abrir atendimento/ }).click();
  await expect(page.getByRole('dialog', { name: 'Atendimento ao cliente' })).toBeVisible();
}

test('a signed-in player chats with an operator in real time on a phone, keyboard open', async ({
  page,
  request,
}) => {
  const email = newEmail('chat');
  await registerViaApi(request, email);
  await signInFromHome(page, email);
  await openChat(page);

  const box = page.getByLabel('Mensagem');
  await box.fill('<b>Olá</b>, meu depósito não caiu');
  await box.press('Enter');
  const mine = page.getByTestId('support-message').filter({ hasText: 'meu depósito não caiu' });
  await expect(mine).toContainText('<b>Olá</b>');
  await expect(mine.getByLabel('Enviada')).toBeVisible();

  const id = await conversationOf(request, email);
  await reply(request, id, 'Olá! Já estou verificando.');
  await expect(page.getByText('Olá! Já estou verificando.')).toBeVisible();
  await expect(mine.getByLabel('Lida')).toBeVisible();

  // The keyboard takes the lower part of the screen: the composer stays above it.
  await page.setViewportSize({ width: 393, height: 480 });
  await box.focus();
  await expect
    .poll(async () => {
      const b = await box.boundingBox();
      return b ? b.y + b.height : 9999;
    })
    .toBeLessThanOrEqual(480);
  await screenshot(page, 'support/e2e-player-keyboard');
  await page.setViewportSize({ width: 393, height: 852 });

  // Closed panel: a new answer shows as an unread count on the floating button.
  await page.getByRole('button', { name: 'Fechar' }).click();
  await reply(request, id, 'Seu depósito foi creditado.');
  await expect(page.getByTestId('support-unread')).toHaveText('1');
  await openChat(page);
  await expect(page.getByText('Seu depósito foi creditado.')).toBeVisible();
  await page.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByTestId('support-unread')).toHaveCount(0);
});

test('a visitor gives an e-mail and chats with an operator', async ({ page, request }) => {
  const email = newEmail('visitor');
  await page.goto('/');
  await openChat(page);
  const chat = page.getByRole('dialog', { name: 'Atendimento ao cliente' });
  await chat.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await chat.getByRole('button', { name: 'Iniciar chat' }).click();
  await chat.getByLabel('Mensagem').fill('Como faço para me cadastrar?');
  await chat.getByLabel('Mensagem').press('Enter');
  // The message in the conversation (the composer holds the same text until the send clears it).
  await expect(
    chat.getByTestId('support-message').filter({ hasText: 'Como faço para me cadastrar?' }),
  ).toBeVisible();
  const id = await conversationOf(request, email);
  await reply(request, id, 'Toque em Registrar no topo da página.');
  await expect(page.getByText('Toque em Registrar no topo da página.')).toBeVisible();
  await screenshot(page, 'support/e2e-visitor');
});
