import { expect, test } from '@playwright/test';
import { newEmail } from '../../web/e2e/helpers';
import { createOperator, openMenu, operatorKey, screenshots, signIn, type TestOperator } from './helpers';

/**
 * Operators managed by an admin in the browser: a new one made with an e-mail pasted with spaces around it (kept
 * without them), disabled, then enabled again (audited as the disable is); it signs in once more.
 */
test('an admin creates an operator from a pasted e-mail, disables it and enables it again', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await createOperator(request, 'admin');
  await signIn(page, admin);
  await openMenu(page, 'Operadores');

  const email = newEmail('colado');
  const password = 'Senha-do-operador-2';
  await page.getByRole('button', { name: 'Novo operador' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo operador' });
  await dialog.getByLabel('E-mail').fill(`  ${email}  `);
  await dialog.getByLabel('Senha').fill(password);
  await dialog.getByRole('button', { name: 'Novo operador' }).click();
  const secret = dialog.getByTestId('totp-secret');
  await expect(secret).toBeVisible();
  await expect(dialog).toContainText(`${email} · Suporte`);
  const op: TestOperator = {
    id: 0,
    email,
    password,
    role: 'support',
    totpSecret: (await secret.textContent())!.trim(),
    otpauthUrl: '',
  };
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // The newest first: the list may hold more operators than a page.
  await page.getByRole('columnheader', { name: 'ID' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ativo');
  op.id = Number(await row.getByRole('cell').first().textContent());

  await row.getByRole('button', { name: 'Desativar' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sim' }).click();
  await expect(row).toContainText('Desativado');
  await expect(row.getByRole('button', { name: 'Desativar' })).toHaveCount(0);
  await screenshots(page, 'operators-disabled');

  await row.getByRole('button', { name: 'Reativar' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sim' }).click();
  await expect(row).toContainText('Ativo');
  await expect(row.getByRole('button', { name: 'Desativar' })).toBeVisible();

  // Both changes in the audit log, alike: this admin's, about that operator, its state before and after.
  const audit = await (
    await request.get(`/api/operator/audit?target=operator:${op.id}&pageSize=10`, { headers: operatorKey })
  ).json();
  const changes = (audit.data.list as { actorEmail: string; before: unknown; after: unknown }[]).filter(
    (r) => r.actorEmail === admin.email && r.before !== null,
  );
  expect(changes.map((r) => [r.before, r.after])).toEqual([
    [{ active: false }, { active: true }],
    [{ active: true }, { active: false, sessionsRevoked: 0 }],
  ]);

  // Enabled again, it signs in (the e-mail as saved, without the pasted spaces).
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await signIn(page, op);
  await expect(page.getByTestId('operator-role')).toHaveText('Suporte');
});
