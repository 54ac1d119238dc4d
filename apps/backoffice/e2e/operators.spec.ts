import { expect, test, type Page } from '@playwright/test';
import { newEmail } from '../../web/e2e/helpers';
import {
  createOperator,
  openMenu,
  operatorKey,
  screenshots,
  signIn,
  totpNow,
  type TestOperator,
} from './helpers';
import { choose } from './support-chat';

/**
 * The list sorted by id, newest first. The first click on the header sorts ascending (the list's initial order
 * is not the header's state), so clicked until it says descending.
 */
async function newestFirst(page: Page) {
  const id = page.getByRole('columnheader', { name: 'ID' });
  await expect(async () => {
    await id.click();
    await expect(id).toHaveAttribute('aria-sort', 'descending', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

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
  await newestFirst(page);
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

/**
 * An admin gives an operator another role and a new 2FA secret (a lost phone) from its row: each asks first, ends
 * the operator's sessions and is audited; the new secret is shown once, as a new operator's. On a phone's width the
 * admin's own 2FA reset is refused, the reason shown beside the button. The operator then signs in with the new
 * secret, with its new role.
 */
test('an admin changes an operator’s role and resets its 2FA; its own reset is refused beside the button', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await createOperator(request, 'admin');
  const op = await createOperator(request, 'support');
  /** The operator's sign-in through the API, with the code of `totpSecret` now. */
  const apiSignIn = (totpSecret: string) =>
    request.post('/api/operator/auth/login', {
      data: { email: op.email, password: op.password, totp: totpNow(totpSecret) },
    });
  const signedIn = await apiSignIn(op.totpSecret);
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const opHeaders = { authorization: `Bearer ${(await signedIn.json()).data.access_token}` };
  /** Says yes to the question asked (a popover) before a change. */
  const confirm = (question: string) =>
    page.getByRole('tooltip').filter({ hasText: question }).getByRole('button', { name: 'Sim' }).click();
  await signIn(page, admin);
  await openMenu(page, 'Operadores');
  // The newest first: these two lead the list.
  await newestFirst(page);
  const row = page.getByRole('row').filter({ hasText: op.email });
  await expect(row).toContainText('Suporte');

  // The role: chosen in the row's select, then confirmed.
  const changeRole = row.getByRole('button', { name: 'Alterar perfil' });
  await expect(changeRole).toBeDisabled();
  await choose(page, row, `Novo perfil de ${op.email}`, 'Financeiro');
  await changeRole.click();
  await expect(page.getByRole('tooltip')).toContainText(`Mudar o perfil de ${op.email} para Financeiro?`);
  await confirm('Mudar o perfil');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Financeiro');
  await expect(changeRole).toBeDisabled();
  // Its session ended with the change.
  expect((await request.get('/api/operator/auth/me', { headers: opHeaders })).status()).toBe(401);

  // The 2FA: a new secret, shown once, as a new operator's.
  await row.getByRole('button', { name: 'Redefinir 2FA' }).click();
  await confirm('Redefinir o 2FA');
  const dialog = page.getByRole('dialog', { name: `Novo 2FA de ${op.email}` });
  await expect(dialog).toContainText('o segredo não será exibido de novo');
  await expect(dialog).toContainText(`${op.email} · Financeiro`);
  const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(secret).not.toBe(op.totpSecret);
  await screenshots(page, 'operators-totp-reset');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();

  // Both changes audited as this admin's (the creation above was the key's), neither secret in them.
  const audit = await (
    await request.get(`/api/operator/audit?target=operator:${op.id}&action=operators.manage&pageSize=10`, {
      headers: operatorKey,
    })
  ).json();
  const changes = (audit.data.list as { actorEmail: string; before: unknown; after: unknown }[]).filter(
    (r) => r.actorEmail === admin.email,
  );
  expect(changes.map((r) => [r.before, r.after])).toEqual([
    [{ totp: 'old' }, { totp: 'new', sessionsRevoked: 0 }],
    [{ role: 'support' }, { role: 'finance', sessionsRevoked: 1 }],
  ]);
  expect(JSON.stringify(audit)).not.toContain(secret);

  // On a phone: the page does not scroll sideways (the table scrolls inside itself), and the admin's own reset is
  // refused, the reason beside the button.
  await page.setViewportSize({ width: 393, height: 852 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(393);
  const own = page.getByRole('row').filter({ hasText: admin.email });
  await own.getByRole('button', { name: 'Redefinir 2FA' }).click();
  await confirm('Redefinir o 2FA');
  const refusal = own.getByRole('alert');
  await expect(refusal).toHaveText('Você não pode redefinir o seu próprio 2FA');
  // Narrower than the screen: once the table is scrolled to it, read whole (but a fraction of a pixel).
  await refusal.scrollIntoViewIfNeeded();
  await expect(refusal).toBeInViewport({ ratio: 0.99 });
  await screenshots(page, 'operators-own-reset-refused', [393]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The operator enrols the new secret and signs in with its new role; the old phone's codes no longer work.
  expect((await apiSignIn(op.totpSecret)).status()).toBe(401);
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await signIn(page, { ...op, totpSecret: secret });
  await expect(page.getByTestId('operator-role')).toHaveText('Financeiro');
});
