import { RG_NATIONAL_SELF_EXCLUSION_URL } from '@aposta/contracts';
import { expect, test } from '@playwright/test';
import { createOperator, openMenu, operatorKey, screenshots, signIn } from './helpers';

/**
 * Settings → the national self-exclusion link (issue 17): an address that is not http(s) is refused with the
 * server's message in the card; a good one is saved, audited, and the player app's answer follows it.
 */
test('an admin changes the national self-exclusion link; a javascript: address is refused', async ({
  page,
  request,
}) => {
  const admin = await createOperator(request, 'admin');
  const linked = async () =>
    (await (await request.get('/api/app/rg/profile')).json()).data.nationalSelfExclusionUrl as string;
  expect(await linked()).toBe(RG_NATIONAL_SELF_EXCLUSION_URL);

  await signIn(page, admin);
  await openMenu(page, 'Configurações');
  const card = page.getByRole('form', { name: 'Jogo responsável' });
  const field = card.getByLabel('Link da plataforma nacional de autoexclusão');
  await expect(field).toHaveValue(RG_NATIONAL_SELF_EXCLUSION_URL);

  await field.fill('javascript:alert(1)');
  await card.getByRole('button', { name: 'Salvar' }).click();
  // The form refuses it beside the field before sending anything; the server refuses it too, sent anyway.
  await expect(
    card
      .locator('.ant-form-item', { has: page.getByLabel('Link da plataforma nacional de autoexclusão') })
      .last(),
  ).toContainText('Um endereço completo, como https://www.gov.br/');
  const forced = await request.put('/api/operator/settings', {
    headers: { ...operatorKey, 'Accept-Language': 'pt-BR' },
    data: { 'rg.nationalSelfExclusionUrl': 'javascript:alert(1)' },
  });
  expect(forced.status()).toBe(400);
  expect((await forced.json()).message).toContain(
    'O link da autoexclusão nacional deve ser um endereço http:// ou https://',
  );
  expect(await linked()).toBe(RG_NATIONAL_SELF_EXCLUSION_URL);

  const moved = 'https://autoexclusao.example.gov.br/inicio';
  await field.fill(moved);
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Feito')).toBeVisible();
  await expect(field).toHaveValue(moved);
  expect(await linked()).toBe(moved);
  await screenshots(page, 'settings-national-link');

  const audit = await request.get('/api/operator/audit', {
    headers: operatorKey,
    params: { action: 'settings.write', actor: admin.email, limit: 10 },
  });
  expect((await audit.json()).data).toContainEqual(
    expect.objectContaining({
      outcome: 'ok',
      before: { 'rg.nationalSelfExclusionUrl': RG_NATIONAL_SELF_EXCLUSION_URL },
      after: { 'rg.nationalSelfExclusionUrl': moved },
    }),
  );
  // Back to the default for the other tests of the run.
  const reset = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'rg.nationalSelfExclusionUrl': RG_NATIONAL_SELF_EXCLUSION_URL },
  });
  expect(reset.ok(), await reset.text()).toBe(true);
});
