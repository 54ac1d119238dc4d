import { expect, test } from '@playwright/test';
import { createOperator, screenshots, signIn } from './helpers';
import { choose, talkWithVisitorAndPlayer } from './support-chat';

/**
 * The support console in the back office (`/backoffice/support`), on one server: a support operator answers a
 * visitor and a signed-in player on phones; a marketing operator is refused; the player app's old address of
 * the console leads here.
 */

test('a support operator answers a visitor and a signed-in player from the console, in real time', async ({
  browser,
  baseURL,
  request,
}) => {
  // Three browsers and a server on a shared, loaded machine.
  test.setTimeout(600_000);
  const desk = await talkWithVisitorAndPlayer({
    browser,
    playerBase: baseURL!,
    consoleBase: baseURL!,
    playerApi: request,
    consoleApi: request,
    shots: 'support/backoffice',
  });
  await screenshots(desk, 'support-console');
  await desk.context().close();
});

test('the console is refused to a role without the chat, and its old address leads to it', async ({
  page,
  request,
}) => {
  const marketing = await createOperator(request, 'marketing');
  await signIn(page, marketing);
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Atendimento' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Console de suporte' })).toHaveCount(0);
  // The player app's former console address sends to the back office's page.
  await page.goto('/operator/support');
  await expect(page).toHaveURL(/\/backoffice\/support$/);
  await expect(page.getByText('Sua função não dá acesso a esta página')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fila de conversas' })).toHaveCount(0);
  // And the server refuses its calls all the same.
  const token = await page.evaluate(() => sessionStorage.getItem('OPERATOR_TOKEN'));
  const res = await request.get('/api/operator/support/conversations', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);

  // A support operator reaches it from the header's button, in English too.
  const support = await createOperator(request, 'support');
  await page.getByRole('button', { name: 'Sair' }).click();
  await signIn(page, support);
  await page.getByRole('button', { name: 'Console de suporte' }).click();
  await expect(page).toHaveURL(/\/backoffice\/support$/);
  await choose(page, page, 'Idioma', 'English');
  await expect(page.getByRole('heading', { name: 'Support console' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Active' })).toBeChecked();
  await choose(page, page, 'Language', 'Português');
});
