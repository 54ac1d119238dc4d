import { expect, test } from '@playwright/test';
import { newEmail, registerViaApi } from '../../web/e2e/helpers';
import { createOperator, screenshots, signIn } from './helpers';

/**
 * A risk operator limits a suspicious player from the RG page: the limit saved shows beside the player's own,
 * a value the server refuses is shown under its field with the server's message, and the player cannot set
 * theirs above the operator's.
 */
test('a risk operator imposes a loss limit; a refused value is shown beside its field', async ({
  page,
  request,
}) => {
  const risk = await createOperator(request, 'risk');
  const token = await registerViaApi(request, newEmail('limitado'));
  const auth = { Authorization: `Bearer ${token}` };
  const userId = (await (await request.get('/api/app/user/userInfo', { headers: auth })).json()).data
    .uId as number;

  // A wrong password is said once, under the form (not again in a toast titled "login").
  await page.goto('/backoffice/login');
  const form = page.getByRole('form', { name: 'Entrar no back office' });
  await form.getByLabel('E-mail').fill(risk.email);
  await form.getByLabel('Senha').fill('not-the-password');
  await form.getByLabel('Código do autenticador').fill('000000');
  await form.getByRole('button', { name: 'Entrar' }).click();
  const refusal = 'E-mail, senha ou código incorretos (cada código vale uma só vez)';
  await expect(form.getByRole('alert')).toHaveText(refusal);
  // Refine opened its toast with the refusal: counted once it would be up (a retried count would pass once
  // the toast closed by itself).
  await page.waitForTimeout(1_000);
  expect(await page.getByText(refusal).count()).toBe(1);

  await signIn(page, risk);
  // An e-mail typed where the id goes is said beside the field, not silently ignored.
  await page.goto('/backoffice/rg');
  const search = page.getByRole('searchbox', { name: 'ID do jogador' });
  await search.fill('limitado@example.com');
  await search.press('Enter');
  await expect(
    page.getByText('Informe o ID do jogador (só números); o e-mail leva a Jogadores'),
  ).toBeVisible();
  await page.goto(`/backoffice/rg?userId=${userId}`);
  const card = page.getByTestId('operator-limits');
  await card.getByLabel('Perda · Dia').fill('50');
  await card.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Limites da operadora salvos')).toBeVisible();
  await expect(page.getByText('operadora: R$ 50,00')).toBeVisible();

  // Over the largest limit, beside a fine one: refused by the server, its message under that field only;
  // nothing saved.
  await card.getByLabel('Valor apostado · Mês').fill('2000000');
  await card.getByLabel('Depósito · Semana').fill('300');
  await card.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(
    card.getByText('Limite grande demais: no máximo R$ 1.000.000 ou a duração do período'),
  ).toHaveCount(1);
  const row = (kind: string) => card.getByRole('row').filter({ hasText: kind });
  await expect(row('Valor apostado').getByText('Limite grande demais', { exact: false })).toBeVisible();
  await expect(row('Depósito').getByText('Limite grande demais', { exact: false })).toHaveCount(0);
  await screenshots(page, 'rg-operator-limits');

  // The number of bets is a whole count: a fraction is refused beside it; a count saves as a count.
  await page.reload();
  await card.getByLabel('Número de apostas · Dia').fill('2,5');
  await card.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(
    row('Número de apostas').getByText('O número de apostas deve ser um número inteiro, maior que zero'),
  ).toBeVisible();
  await card.getByLabel('Número de apostas · Dia').fill('20');
  await card.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('operadora: 20', { exact: true })).toBeVisible();

  // The player sees the operator's limit and cannot set theirs above it.
  const mine = (await (await request.get('/api/app/rg/limits', { headers: auth })).json()).data;
  expect(mine.loss.day.operatorValue).toBe(50);
  expect(mine.stake.month.operatorValue).toBeNull();
  expect(mine.deposit.week.operatorValue).toBeNull();
  expect(mine.bets.day.operatorValue).toBe(20);
  const above = await request.put('/api/app/rg/limits', { headers: auth, data: { loss: { day: 80 } } });
  expect(above.status()).toBe(400);
  expect((await above.json()).message).toMatch(/^A operadora definiu este limite em R\$\s50,00/);
});
