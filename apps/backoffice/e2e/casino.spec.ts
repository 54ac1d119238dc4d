import crypto from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createOperator, operatorKey, screenshots, signIn } from './helpers';

/**
 * An admin rotates a game provider's key in the back office: the old secret stops signing, the new one
 * signs, and neither is ever shown or written to the audit log.
 */

/** A signed user/info with an unknown token: the status says whether the signature was accepted. */
async function signedWith(request: APIRequestContext, code: string, secret: string) {
  const raw = JSON.stringify({ request_uuid: `q-${Date.now()}`, token: 'no-such-token' });
  const res = await request.post(`/api/provider/${code}/user/info`, {
    headers: {
      'content-type': 'application/json',
      'x-signature': crypto.createHmac('sha256', secret).update(raw).digest('hex'),
    },
    data: raw,
  });
  return (await res.json()).status as string;
}

test('an admin rotates a provider’s key: the old one stops, the new one signs, no key in the audit', async ({
  page,
  request,
}) => {
  const code = `bo${Date.now().toString(36)}`;
  const old = crypto.randomBytes(20).toString('hex');
  const fresh = crypto.randomBytes(20).toString('hex');
  const created = await request.post('/api/operator/casino/providers', {
    headers: operatorKey,
    data: { code, name: `Estúdio ${code}`, secret: old },
  });
  expect(created.ok(), await created.text()).toBe(true);
  expect(await signedWith(request, code, old)).toBe('RS_ERROR_INVALID_TOKEN');

  await signIn(page, await createOperator(request, 'admin'));
  await page.goto('/backoffice/casino');
  const row = page.getByRole('row', { name: new RegExp(code) });
  await row.getByRole('button', { name: 'Trocar chave' }).click();
  const dialog = page.getByRole('dialog', { name: `Nova chave de Estúdio ${code}` });
  await expect(dialog.getByText('A chave atual deixa de valer')).toBeVisible();
  await dialog.getByLabel('Segredo HMAC').fill(fresh);
  await screenshots(page, 'casino-rotate-key');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();

  expect(await signedWith(request, code, old)).toBe('RS_ERROR_INVALID_SIGNATURE');
  expect(await signedWith(request, code, fresh)).toBe('RS_ERROR_INVALID_TOKEN');
  const audit = await request.get(`/api/operator/audit?target=casinoProvider:${code}`, {
    headers: operatorKey,
  });
  const text = await audit.text();
  expect(text).toContain(`/api/operator/casino/providers/${code}/secret`);
  expect(text).not.toContain(fresh);
  expect(text).not.toContain(old);
  await expect(page.locator('body')).not.toContainText(fresh);
});

test('a game edited by another operator meanwhile: the stale edit is refused with a reload, nothing overwritten', async ({
  page,
  request,
}) => {
  // 'a0…' sorts before the studio's 'aposta': the game is on the table's first page.
  const code = `a0${Date.now().toString(36)}`;
  const gameCode = `${code}-slot`;
  const name = `Slot ${code}`;
  const made = await request.post('/api/operator/casino/providers', {
    headers: operatorKey,
    data: { code, name: `Estúdio ${code}`, secret: crypto.randomBytes(20).toString('hex') },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const added = await request.post(`/api/operator/casino/providers/${code}/games`, {
    headers: operatorKey,
    data: { gameCode, name, category: 'slots', rtp: 96, thumbnail: '', launchUrl: '/studio/x' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const stored = async () =>
    (
      (await (await request.get('/api/operator/casino/games', { headers: operatorKey })).json()).data as {
        gameCode: string;
        hot: boolean;
        sort: number;
        version: number;
      }[]
    ).find((g) => g.gameCode === gameCode)!;

  await signIn(page, await createOperator(request, 'admin'));
  await page.goto('/backoffice/casino');
  const row = page.getByRole('row', { name: new RegExp(gameCode) });
  await expect(row.getByLabel(`Ordem de ${name}`)).toHaveValue('1000');
  // The RTP is written the Brazilian way, as on the originals' page.
  await expect(row).toContainText('96,00%');

  // Another operator saves the game after this screen read it.
  const other = await request.post(`/api/operator/casino/games/${gameCode}`, {
    headers: operatorKey,
    data: { sort: 5, version: 1 },
  });
  expect(other.ok(), await other.text()).toBe(true);

  await row.getByRole('switch', { name: `${name} em alta` }).click();
  const stale = page
    .getByRole('alert')
    .filter({ hasText: 'Outro operador alterou este registro; recarregue' });
  await expect(stale).toBeVisible();
  await screenshots(page, 'casino-stale-game');
  expect(await stored()).toMatchObject({ hot: false, sort: 5, version: 2 });
  await expect(row.getByRole('switch', { name: `${name} em alta` })).not.toBeChecked();

  await stale.getByRole('button', { name: 'Recarregar' }).click();
  await expect(stale).toBeHidden();
  await expect(row.getByLabel(`Ordem de ${name}`)).toHaveValue('5');
  await row.getByRole('switch', { name: `${name} em alta` }).click();
  await expect(row.getByRole('switch', { name: `${name} em alta` })).toBeChecked();
  expect(await stored()).toMatchObject({ hot: true, sort: 5, version: 3 });

  // The order: a cleared field goes back to the stored order (not saved as 0); one past the bounds is marked,
  // with the bounds beside it, and not sent (nothing saved, no audit row); a new one is saved when the field is
  // left.
  const sortField = row.getByLabel(`Ordem de ${name}`);
  await sortField.fill('');
  await sortField.blur();
  await expect(sortField).toHaveValue('5');
  await sortField.fill('2000000');
  await expect(sortField).toHaveAttribute('aria-invalid', 'true');
  await sortField.blur();
  await expect(row.getByText('De 0 a 1.000.000')).toBeVisible();
  await screenshots(page, 'casino-sort-bounds');
  expect(await stored()).toMatchObject({ sort: 5, version: 3 });
  await sortField.fill('7');
  await sortField.blur();
  await expect.poll(async () => (await stored()).sort).toBe(7);
  expect(await stored()).toMatchObject({ hot: true, version: 4 });

  // Two edits of the game in quick succession, the second made while the first is still on its way (held back
  // here for a moment): the second waits for the first and carries the version it was answered with, so both
  // are saved and nobody is told that another operator changed the game.
  let held = false;
  await page.route(`**/api/operator/casino/games/${gameCode}`, async (route) => {
    if (!held) {
      held = true;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    await route.continue();
  });
  await sortField.fill('8');
  await sortField.blur();
  await row.getByRole('switch', { name: `${name} em alta` }).click();
  await expect.poll(async () => await stored()).toMatchObject({ hot: false, sort: 8, version: 6 });
  await expect(stale).toBeHidden();
  await expect(row.getByRole('switch', { name: `${name} em alta` })).not.toBeChecked();
  await expect(sortField).toHaveValue('8');
  await page.unroute(`**/api/operator/casino/games/${gameCode}`);

  const audit = await request.get(`/api/operator/audit?target=casinoGame:${gameCode}&limit=10`, {
    headers: operatorKey,
  });
  const rows = (await audit.json()).data as { outcome: string; httpStatus: number; reason: string | null }[];
  expect(rows.map((r) => `${r.outcome}:${r.httpStatus}`).reverse()).toEqual([
    'ok:200',
    'ok:200',
    'failed:409',
    'ok:200',
    'ok:200',
    'ok:200',
    'ok:200',
  ]);
});
