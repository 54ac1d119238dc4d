import { expect, test, type Locator, type Page } from '@playwright/test';
import { createOperator, openMenu, operatorKey, screenshots, signIn, type TestOperator } from './helpers';

/**
 * The business settings as forms (each setting by its label, in its unit: reais with the decimal comma,
 * percent, seconds, a switch), checked before saving, the server's refusal beside its field; and the audit
 * log in words, showing changes by default while every read stays recorded.
 */

/** The settings these tests change, put back as they found them (other specs share the server). */
const TOUCHED = [
  'sports.minStake',
  'sports.maxStake',
  'sports.acceptanceDelayMs',
  'sports.inPlayMarginBp',
  'transfer.enabled',
  'rg.nationalSelfExclusionUrl',
];
let found: Record<string, unknown> = {};
let admin: TestOperator;

test.beforeAll(async ({ request }) => {
  const set = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: {
      'sports.minStake': 100,
      'sports.maxStake': 1_000_000,
      'sports.acceptanceDelayMs': 2_000,
      'sports.inPlayMarginBp': 200,
      'transfer.enabled': true,
    },
  });
  expect(set.ok(), await set.text()).toBe(true);
  found = (await set.json()).data as Record<string, unknown>;
  admin = await createOperator(request, 'admin');
});

test.afterAll(async ({ request }) => {
  await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: Object.fromEntries(TOUCHED.map((k) => [k, found[k]])),
  });
});

const held = async (page: Page) =>
  (await (await page.request.get('/api/operator/settings', { headers: operatorKey })).json()).data as Record<
    string,
    unknown
  >;

/** A form field's own box (its input, label and the messages beside it). */
const itemOf = (form: Locator, label: string) =>
  form.locator('.ant-form-item', { has: form.page().getByLabel(label) }).last();

/** A desktop tool, which still works on a phone: the screen at 1280 px and 393 px. */
const phoneShots = (page: Page, name: string) => screenshots(page, name, [1280, 393]);

test('an admin edits settings by their labels, in reais, percent and seconds, checked before saving', async ({
  page,
}) => {
  // Five forms saved and refused, with screenshots: more than the default 90 s on a loaded machine.
  test.setTimeout(180_000);
  await signIn(page, admin);
  await openMenu(page, 'Configurações');

  // Sports limits: money in reais with the decimal comma (kept as centavos), the delay in seconds.
  const limits = page.getByRole('form', { name: 'Esportes: limites e aceite' });
  const minStake = limits.getByLabel('Aposta mínima');
  const maxStake = limits.getByLabel('Aposta máxima');
  const delay = limits.getByLabel(/^Atraso de aceite ao vivo(?! por)/);
  await expect(minStake).toHaveValue('1,00');
  await expect(maxStake).toHaveValue('10.000,00');
  await expect(delay).toHaveValue('2');
  await phoneShots(page, 'settings-form');

  // A largest stake under the smallest is named beside it, and nothing is sent.
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/operator/settings')) puts += 1;
  });
  await minStake.fill('2,50');
  await maxStake.fill('2');
  await limits.getByRole('button', { name: 'Salvar' }).click();
  await expect(itemOf(limits, 'Aposta máxima')).toContainText('Não pode ser menor que “Aposta mínima”');
  expect(puts).toBe(0);

  await maxStake.fill('5000');
  await delay.fill('2,5');
  await limits.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Feito')).toBeVisible();
  await expect
    .poll(async () => {
      const s = await held(page);
      return [s['sports.minStake'], s['sports.maxStake'], s['sports.acceptanceDelayMs']];
    })
    .toEqual([250, 500_000, 2_500]);
  await expect(minStake).toHaveValue('2,50');

  // Thousands are grouped once the amount is typed (the text typed stays as it is meanwhile), and the grouped
  // amount reads back to the same centavos, saved and shown again after a reload.
  await maxStake.fill('1234567,89');
  await expect(maxStake).toHaveValue('1234567,89');
  await maxStake.blur();
  await expect(maxStake).toHaveValue('1.234.567,89');
  await limits.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await held(page))['sports.maxStake']).toBe(123_456_789);
  await page.reload();
  await expect(maxStake).toHaveValue('1.234.567,89');
  // Grouped text typed or pasted as such is read the same; a point before the last two digits is the decimal one.
  await maxStake.fill('1.234.567,89');
  await maxStake.blur();
  await expect(maxStake).toHaveValue('1.234.567,89');
  await minStake.fill('3.50');
  await minStake.blur();
  await expect(minStake).toHaveValue('3,50');
  // Beyond the largest amount: kept as typed and refused beside the field (the last amount was once kept
  // silently), and nothing is sent.
  const putsBefore = puts;
  await maxStake.fill('12345678901234567');
  await maxStake.blur();
  await expect(itemOf(limits, 'Aposta máxima')).toContainText(
    'Valor grande demais: no máximo R$ 100.000.000.000,00',
  );
  await expect(maxStake).toHaveAttribute('aria-invalid', 'true');
  await limits.getByRole('button', { name: 'Salvar' }).click();
  await expect(maxStake).toHaveAttribute('aria-invalid', 'true');
  expect(puts).toBe(putsBefore);
  expect((await held(page))['sports.maxStake']).toBe(123_456_789);
  await maxStake.fill('1.234.567,89');
  await maxStake.blur();
  await expect(itemOf(limits, 'Aposta máxima')).not.toContainText('Valor grande demais');

  // A margin in percent (kept in basis points): out of its bounds it is refused here, with the bounds.
  const margins = page.getByRole('form', { name: 'Esportes: margens' });
  const inPlay = margins.getByLabel('Margem adicional ao vivo');
  await expect(inPlay).toHaveValue('2,00');
  await inPlay.fill('25');
  await margins.getByRole('button', { name: 'Salvar' }).click();
  await expect(itemOf(margins, 'Margem adicional ao vivo')).toContainText('Entre 0 % e 20 %');
  await inPlay.fill('2,75');
  await margins.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await held(page))['sports.inPlayMarginBp']).toBe(275);

  // A yes/no setting is a switch.
  const transfers = page.getByRole('form', { name: 'Transferências entre jogadores' });
  const enabled = transfers.getByRole('switch', { name: 'Transferências entre jogadores ativas' });
  await expect(enabled).toBeChecked();
  await enabled.click();
  await transfers.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await held(page))['transfer.enabled']).toBe(false);

  // The server's own refusal (an address that is not http or https) is shown beside the field; nothing changed.
  const rg = page.getByRole('form', { name: 'Jogo responsável' });
  const url = rg.getByLabel('Link da plataforma nacional de autoexclusão');
  const before = (await held(page))['rg.nationalSelfExclusionUrl'];
  await url.fill('ftp://exemplo.gov.br/autoexclusao');
  await rg.getByRole('button', { name: 'Salvar' }).click();
  await expect(itemOf(rg, 'Link da plataforma nacional de autoexclusão')).toContainText(
    'O link da autoexclusão nacional deve ser um endereço http:// ou https://',
  );
  await expect(rg.locator('.ant-alert')).toHaveCount(0);
  expect((await held(page))['rg.nationalSelfExclusionUrl']).toBe(before);
  await phoneShots(page, 'settings-refused');
});

test('the audit log names actions in words and shows changes unless reads are asked for', async ({
  page,
}) => {
  await signIn(page, admin);
  // Reads (this page's settings) and a change, all this admin's.
  await openMenu(page, 'Configurações');
  const rg = page.getByRole('form', { name: 'Jogo responsável' });
  await rg.getByLabel('Link da plataforma nacional de autoexclusão').fill('https://www.gov.br/autoexclusao');
  await rg.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Feito')).toBeVisible();
  // A body outside the contract, sent with this admin's session: the framework refuses it, and it is audited.
  const refused = await page.evaluate(async () => {
    const res = await fetch('/api/operator/promo/bonuses', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${sessionStorage.getItem('OPERATOR_TOKEN')}`,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ userId: 'x' }),
    });
    return res.status;
  });
  expect(refused).toBe(400);

  const firstList = page.waitForResponse((r) => r.url().includes('/api/operator/audit?'));
  await openMenu(page, 'Auditoria');
  // The default view asks the server for changes only.
  expect(new URL((await firstList).url()).searchParams.get('kind')).toBe('change');
  const filters = page.getByRole('form', { name: 'Filtros da auditoria' });
  await filters.getByLabel('Operador').fill(admin.email);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const rows = page.getByRole('row').filter({ hasText: admin.email });
  const change = rows.filter({ hasText: 'Alteração de configurações' });
  const reads = rows.filter({ hasText: 'Consulta de configurações' });
  await expect(change.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'Entrada no back office' }).first()).toBeVisible();
  await expect(reads).toHaveCount(0);
  // Words, not permission codes.
  await expect(page.getByRole('table')).not.toContainText('settings.write');
  await expect(page.getByRole('table')).not.toContainText('auth.login');
  // The framework's refusal has a reason in words, its code on hover only.
  const invalid = rows.filter({ hasText: 'Gestão de promoções' }).first();
  await expect(invalid).toContainText('Requisição inválida');
  await expect(invalid).not.toContainText('FST_ERR');
  await phoneShots(page, 'audit-changes');

  // Reads are still recorded: asked for, they show, marked as reads.
  await page.getByText('Tudo, com consultas', { exact: true }).click();
  await expect(reads.first()).toBeVisible();
  await expect(reads.first()).toContainText('consulta');
  await expect(change.first()).toBeVisible();
  await page.getByText('Só consultas', { exact: true }).click();
  await expect(reads.first()).toBeVisible();
  await expect(change).toHaveCount(0);
  await phoneShots(page, 'audit-reads');
});

test('the originals limits: a maximum payout under the maximum stake is refused beside it, nothing sent', async ({
  page,
}) => {
  await signIn(page, admin);
  await openMenu(page, 'Originais', 'Jogos');
  const limits = page.getByRole('form', { name: 'Limites de aposta' });
  const payout = limits.getByLabel('Pagamento máximo de uma aposta');
  await expect(payout).not.toHaveValue('');
  let puts = 0;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/operator/settings')) puts += 1;
  });
  // A typo ("-1" is kept as the smallest amount) once saved R$ 0,01 and every original bet was refused.
  await payout.fill('-1');
  await limits.getByRole('button', { name: 'Salvar' }).click();
  await expect(itemOf(limits, 'Pagamento máximo de uma aposta')).toContainText(
    'O pagamento máximo deve ser pelo menos a aposta máxima',
  );
  expect(puts).toBe(0);
  // Under its smallest amount a field keeps what was typed, marked, instead of turning it into R$ 0,01 unsaid.
  const minStake = limits.getByLabel('Aposta mínima');
  await minStake.fill('0');
  await minStake.blur();
  await expect(minStake).toHaveValue('0,00');
  await expect(minStake).toHaveAttribute('aria-invalid', 'true');
  // …and says why beside it when saved, nothing sent (the server's answer named no bound).
  await limits.getByRole('button', { name: 'Salvar' }).click();
  await expect(itemOf(limits, 'Aposta mínima')).toContainText(/No mínimo R\$\s0,01/);
  expect(puts).toBe(0);
  await minStake.fill('0,10');
  await expect(minStake).not.toHaveAttribute('aria-invalid', 'true');
});
