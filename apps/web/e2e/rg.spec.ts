import { expect, test, type Page } from '@playwright/test';
import { depositViaApi, login, newEmail, registerViaApi, screenshot, signInFromHome } from './helpers';

/** R$ 1.234,56 → 123456 (centavos) */
const cents = async (page: Page) =>
  Number(((await page.getByTestId('header-balance').textContent()) ?? '').replace(/[^\d]/g, ''));

test('a daily stake limit stops a dice bet at the limit; a cool-off signs the player out and keeps them out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = newEmail('rg');
  const token = await registerViaApi(request, email);
  await depositViaApi(request, token);
  await signInFromHome(page, email);

  // The limits page: R$ 2,00 of stakes a day, lower than none, so at once.
  await page.goto('/jogoResponsavel');
  await expect(page.getByRole('heading', { name: 'Jogo responsável' })).toBeVisible();
  await page.getByLabel('Apostas · Por dia').fill('2');
  await page.getByRole('button', { name: 'Salvar limites' }).click();
  await expect(page.getByText('Limites salvos')).toBeVisible();
  await screenshot(page, 'rg/e2e-limits');

  // Two dice bets of R$ 1,00 fit in the limit; the third is refused and moves nothing.
  await page.goto('/dice');
  const myBets = page.getByTestId('my-bet');
  for (let i = 1; i <= 2; i++) {
    await page.getByTestId('bet-button').click();
    await expect(myBets).toHaveCount(i);
  }
  const before = await cents(page);
  await page.getByTestId('bet-button').click();
  await expect(page.getByText(/Limite diário de apostas atingido/)).toBeVisible();
  await expect(myBets).toHaveCount(2);
  expect(await cents(page)).toBe(before);
  await screenshot(page, 'rg/e2e-dice-refused');

  // A one-day cool-off: confirmed, the player is signed out, and a new sign-in is refused with the end date.
  await page.goto('/jogoResponsavel');
  await page.getByRole('radio', { name: /Pausa/ }).check();
  await page.getByLabel('Dias de pausa').fill('1');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
  const signIn = page.getByRole('banner').getByRole('button', { name: 'Entrar', exact: true });
  await expect(signIn).toBeVisible();
  await signIn.click();
  await login(page, email, 'Senha-forte-1');
  await expect(page.getByText(/Sua conta está pausada até/)).toBeVisible();
  await screenshot(page, 'rg/e2e-signin-refused');
});
