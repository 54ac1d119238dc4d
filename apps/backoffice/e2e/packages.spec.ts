import { OPERATOR_PACKAGES_PATH, type OperatorPackage, type PricePackage } from '@aposta/contracts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOperator, openMenu, operatorKey, screenshots, signIn } from './helpers';

/**
 * Deposit packages as a marketing operator edits them: the gift of the R$ 500 package changed in the drawer,
 * seen first in the preview of the deposit grid, then in what the player app's getPrices answers; a second
 * pre-selected package in the group is refused by the server, its message shown beside the field.
 */
const PROMO = 'Promoções e conteúdo';

const prices = async (request: APIRequestContext) =>
  (await (await request.get('/api/app/order/getPrices')).json()).data as PricePackage[];
const all = async (request: APIRequestContext) => {
  const res = await request.get(OPERATOR_PACKAGES_PATH, { headers: operatorKey });
  return (await res.json()).data.list as OperatorPackage[];
};
const stored = async (request: APIRequestContext, pkgId: number) =>
  (await all(request)).find((p) => p.pkgId === pkgId)!;

test('a marketing operator changes a package’s gift: the player’s deposit grid offers the new one', async ({
  page,
  request,
}) => {
  const marketing = await createOperator(request, 'marketing');
  // The R$ 500 package of the deposit page (seeded with a R$ 35 gift).
  expect((await prices(request)).find((p) => p.pkgId === 6)).toMatchObject({ price: 500, gift: 35 });

  await signIn(page, marketing);
  await openMenu(page, 'Pacotes de depósito', PROMO);
  await expect(page.getByRole('tab', { name: /^BRL/ })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '6', exact: true }) });
  await expect(row).toContainText('R$ 500,00');
  await expect(row).toContainText('R$ 35,00');
  await expect(page.getByTestId('package-preview').getByTestId('preview-6')).toContainText('+R$ 35,00 bônus');
  await screenshots(page, 'packages');

  await row.getByRole('button', { name: 'Editar' }).click();
  const form = page.getByRole('form', { name: 'Editar o pacote #6' });
  await form.getByLabel('Bônus', { exact: true }).fill('60');
  // The preview follows the form before anything is saved.
  const drawerPreview = page.getByRole('dialog').getByTestId('preview-6');
  await expect(drawerPreview).toContainText('+R$ 60,00 bônus');

  // Only one pre-selected package per group (R$ 100 is): the server's refusal, beside the field.
  await form.getByLabel('Pré-selecionado quando o jogador abre a tela').check();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    form.getByText('O pacote #4 já é o pré-selecionado deste grupo; desmarque-o primeiro'),
  ).toBeVisible();
  await screenshots(page, 'package-editor');
  expect((await stored(request, 6)).gift).toBe(3_500);

  await form.getByLabel('Pré-selecionado quando o jogador abre a tela').uncheck();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('R$ 60,00');
  await expect(page.getByTestId('package-preview').getByTestId('preview-6')).toContainText('+R$ 60,00 bônus');

  // What the player's deposit page reads, at once.
  expect((await prices(request)).find((p) => p.pkgId === 6)).toMatchObject({ price: 500, gift: 60 });
  expect(await stored(request, 6)).toMatchObject({ gift: 6_000, version: 2, selected: false });

  // A new package asks for its price: saved untouched it is refused beside the field, nothing made.
  const before = (await all(request)).length;
  await page.getByRole('button', { name: 'Novo pacote' }).click();
  const create = page.getByRole('form', { name: /^Novo pacote/ });
  await expect(create.getByLabel('Preço')).toHaveValue('');
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(create.getByText('Obrigatório')).toBeVisible();
  await create.getByRole('button', { name: 'Cancelar' }).click();
  await expect(create).toBeHidden();
  expect(await all(request)).toHaveLength(before);
});
