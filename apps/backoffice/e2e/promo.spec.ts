import { OPERATOR_ACTIVITIES_PATH, type GgrReport, type OperatorActivity } from '@aposta/contracts';
import { toMajor, toMinor } from '@aposta/money';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { depositViaApi, newEmail, registerViaApi } from '../../web/e2e/helpers';
import { createOperator, openMenu, operatorKey, screenshots, signIn, type TestOperator } from './helpers';

/**
 * Promotions and today's figures, as operators do them: a marketing operator launches an activity whose body
 * carries a script (gone from the preview, from what is stored and from what players get), meets a stale
 * form, ends it; an admin finds those actions in the audit log, edits the promotion rules and the originals'
 * limits as forms, and reads today's GGR on the dashboard and in the reports, equal to the centavo to what
 * a player's bets staked and won. The tests run in order and share what they made.
 */
test.describe.configure({ mode: 'serial' });

const made: { marketing?: TestOperator; admin?: TestOperator; activityId?: number } = {};
const title = `Dobro no primeiro depósito ${Date.now().toString(36)}`;
const PROMO = 'Promoções e conteúdo';

async function activities(request: APIRequestContext) {
  const res = await request.get(OPERATOR_ACTIVITIES_PATH, { headers: operatorKey });
  return (await res.json()).data.list as OperatorActivity[];
}

async function settingsNow(request: APIRequestContext) {
  return (await (await request.get('/api/operator/settings', { headers: operatorKey })).json()).data;
}

/**
 * A value typed into a form's field and saved, which the server refuses: its message under that field only, none
 * in the form's alert. Answers the field's box (its input, label and messages).
 */
async function refusedBeside(form: Locator, label: string, value: string, message: string) {
  await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Salvar' }).click();
  const item = form.locator('.ant-form-item', { has: form.page().getByLabel(label, { exact: true }) }).last();
  await expect(item).toContainText(message);
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(1);
  await expect(form.locator('.ant-alert')).toHaveCount(0);
  return item;
}

test.beforeAll(async ({ request }) => {
  made.marketing = await createOperator(request, 'marketing');
  made.admin = await createOperator(request, 'admin');
});

test('a marketing operator launches an activity: its script reaches neither the preview nor players', async ({
  page,
  request,
}) => {
  await signIn(page, made.marketing!);
  await openMenu(page, 'Atividades', PROMO);
  // Marketing runs activities and notices, not the business settings behind the promotion rules.
  await expect(page.getByRole('menuitem', { name: 'Avisos' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Regras de promoção' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Configurações' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Nova atividade' }).click();
  const form = page.getByRole('form', { name: 'Nova atividade' });
  await form.getByLabel('Título').fill(title);
  await form
    .getByLabel('Texto (HTML)')
    .fill(
      '<h3>Primeiro depósito em dobro</h3><p>Deposite e <b>ganhe</b> R$ 25.</p>' +
        '<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">' +
        '<a href="javascript:alert(1)">regras</a>',
    );
  const preview = page.getByTestId('activity-preview');
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.locator('b')).toHaveText('ganhe');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('[onerror]')).toHaveCount(0);
  await expect(preview.locator('a')).not.toHaveAttribute('href', /javascript/);
  await expect(page.getByText('Partes do HTML foram removidas')).toBeVisible();
  await form.getByLabel('Prêmio', { exact: true }).fill('25');
  await form
    .locator('label')
    .filter({ hasText: /^No ar$/ })
    .click();
  await screenshots(page, 'activity-editor');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('No ar');
  await expect(row).toContainText('R$ 25,00');
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  await screenshots(page, 'activities');

  // Stored sanitised: the formatting kept, the script, the handler and the javascript: link gone.
  const stored = (await activities(request)).find((a) => a.title === title)!;
  expect(stored).toMatchObject({
    status: 'live',
    kind: 'firstDeposit',
    rewardType: 'amount',
    rewardValue: 2500,
  });
  expect(stored.body).toContain('<b>ganhe</b>');
  expect(stored.body).not.toMatch(/script|onerror|javascript/i);
  made.activityId = stored.id;

  // A player sees it live, with the same clean body.
  const token = await registerViaApi(request, newEmail('promo'));
  const auth = { Authorization: `Bearer ${token}` };
  const seen = await (await request.get('/api/app/promo/activities', { headers: auth })).json();
  expect(seen.data.list.map((a: { title: string }) => a.title)).toContain(title);
  const detail = await (
    await request.get(`/api/app/promo/activities/${stored.id}`, { headers: auth })
  ).json();
  expect(detail.data.body).toContain('<b>ganhe</b>');
  expect(detail.data.body).not.toMatch(/script|onerror|javascript/i);

  // Someone else saves the activity meanwhile: this screen's version is old, its save is refused.
  const { id, version, claims, paid, createdAt, updatedAt, ...fields } = stored;
  void [claims, paid, createdAt, updatedAt];
  const other = await request.put(`${OPERATOR_ACTIVITIES_PATH}/${id}`, {
    headers: operatorKey,
    data: { ...fields, title: `${title} (revisto)`, version },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await row.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('form', { name: `Editar a atividade #${id}` });
  await expect(edit.getByLabel('Título')).toHaveValue(title);
  await edit.getByLabel('Título').fill(`${title} (meu)`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  const stale = edit.getByRole('alert');
  await expect(stale).toContainText('Outra pessoa alterou esta atividade. Recarregue e tente de novo.');
  await screenshots(page, 'activity-stale');
  expect((await activities(request)).find((a) => a.id === id)!.title).toBe(`${title} (revisto)`);
  // Reloaded, the form shows the other save; saved again, it goes through.
  await stale.getByRole('button', { name: 'Recarregar' }).click();
  await expect(edit.getByLabel('Título')).toHaveValue(`${title} (revisto)`);
  await edit.getByLabel('Título').fill(title);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();

  // Ended: no longer live for players.
  await row.getByRole('button', { name: 'Encerrar' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sim' }).click();
  await expect(row).toContainText('Encerrada');
  expect((await activities(request)).find((a) => a.id === id)!.status).toBe('ended');
});

test('a reward the server refuses is shown beside its field, not above the buttons; nothing is saved', async ({
  page,
  request,
}) => {
  await signIn(page, made.marketing!);
  await openMenu(page, 'Atividades', PROMO);
  await page.getByRole('button', { name: 'Nova atividade' }).click();
  const form = page.getByRole('form', { name: 'Nova atividade' });
  const refusedTitle = `${title} (150%)`;
  await form.getByLabel('Título').fill(refusedTitle);
  await form
    .locator('label')
    .filter({ hasText: /^Porcentagem$/ })
    .click();
  // More than all of what qualified: the form lets it through (marked), the server refuses it (the contract's
  // share of the whole), and says so under the reward.
  const reward = await refusedBeside(form, 'Prêmio', '150', 'Verifique as informações inseridas');
  await expect(form).toBeVisible();
  expect((await activities(request)).map((a) => a.title)).not.toContain(refusedTitle);
  // Changed, the value is no longer the one refused: its message goes.
  await form.getByLabel('Prêmio', { exact: true }).fill('50');
  await expect(reward).not.toContainText('Verifique as informações inseridas');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toBeHidden();
});

test('an admin finds the activity in the audit log and edits the promotion rules as forms', async ({
  page,
  request,
}) => {
  await signIn(page, made.admin!);
  await openMenu(page, 'Auditoria');
  const filters = page.getByRole('form', { name: 'Filtros da auditoria' });
  await filters.getByLabel('Alvo').fill(`activity:${made.activityId}`);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const rows = page
    .getByRole('row')
    .filter({ hasText: made.marketing!.email })
    .filter({ hasText: 'Gestão de promoções' });
  // The creation, the save after the reload and the end (ok); the stale save (failed, 409).
  await expect(rows.filter({ hasText: 'OK · 200' })).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Falhou · 409' })).toHaveCount(1);
  // The oldest of them (the list is newest first) is the creation: its request line says so.
  await rows.filter({ hasText: 'OK · 200' }).last().getByRole('button').first().click();
  await expect(page.getByText('POST /api/operator/promo/activities', { exact: true })).toBeVisible();
  await screenshots(page, 'audit-activity');

  // The daily sign-in rewards: day 7 from R$ 10,00 to R$ 12,50 (typed and shown with the decimal comma), saved
  // as centavos.
  await openMenu(page, 'Regras de promoção', PROMO);
  const signin = page.getByRole('form', { name: 'Presença diária: prêmio de cada dia' });
  await expect(signin.getByLabel('Dia 7')).toHaveValue('10,00');
  await signin.getByLabel('Dia 7').fill('12,50');
  await signin.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Feito')).toBeVisible();
  const read = () => settingsNow(request);
  expect((await read())['promo.signinRewards']).toEqual([100, 200, 300, 400, 500, 700, 1250]);

  // The ladder: tiers must rise (refused in the form), and a change made meanwhile is not overwritten.
  const ladder = page.getByRole('form', { name: 'Escada de agentes' });
  // Below the least (1): kept as typed and marked, not turned into 1 behind the operator's back.
  const invitees = ladder.getByLabel('Indicados válidos (2)');
  await invitees.fill('0');
  await invitees.blur();
  await expect(invitees).toHaveValue('0');
  await expect(invitees).toHaveAttribute('aria-invalid', 'true');
  await ladder.getByLabel('Indicados válidos (2)').fill('1');
  await ladder.getByRole('button', { name: 'Salvar' }).click();
  await expect(ladder.getByText('Os valores precisam crescer de uma linha para a seguinte')).toBeVisible();
  await ladder.getByLabel('Indicados válidos (2)').fill('4');
  const meanwhile = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'promo.ladderMinDeposit': 7_000 },
  });
  expect(meanwhile.ok(), await meanwhile.text()).toBe(true);
  await ladder.getByRole('button', { name: 'Salvar' }).click();
  await expect(ladder.getByRole('alert')).toContainText('Outro operador alterou este registro; recarregue');
  const now = await read();
  expect(now['promo.ladderMinDeposit']).toBe(7_000);
  expect(now['promo.ladderTiers'][1].invitees).toBe(3);
  await screenshots(page, 'promo-rules');

  // The originals: limits as a form, the edges as players see them.
  await openMenu(page, 'Originais', 'Jogos');
  await expect(page.getByRole('row').filter({ hasText: 'Dados' })).toContainText('99,00%');
  const limits = page.getByRole('form', { name: 'Limites de aposta' });
  await expect(limits.getByLabel('Aposta máxima')).toHaveValue('5.000,00');
  await limits.getByLabel('Aposta máxima').fill('2500');
  await limits.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await read())['originals.maxStake']).toBe(250_000);
  // A minimum the server refuses is shown beside its field, by the field's name, and nothing is saved.
  const minBefore = (await read())['originals.minStake'];
  await limits.getByLabel('Aposta mínima').fill('0');
  await limits.getByRole('button', { name: 'Salvar' }).click();
  const minItem = limits.locator('.ant-form-item').filter({ has: page.getByLabel('Aposta mínima') });
  await expect(minItem.locator('.ant-form-item-explain-error')).toBeVisible();
  await expect(page.getByText(/originals\.minStake/)).toHaveCount(0);
  expect((await read())['originals.minStake']).toBe(minBefore);
  await screenshots(page, 'originals');
});

test('a promotion rule the server refuses is shown beside its cell, not in the card; nothing is saved', async ({
  page,
  request,
}) => {
  const before = await settingsNow(request);
  await signIn(page, made.admin!);
  await openMenu(page, 'Regras de promoção', PROMO);
  // A VIP level's withdrawal fee over 100 %: the form lets it through (marked), the server refuses the table; its
  // message names the cell (not the setting's code) under it.
  const vip = page.getByRole('form', { name: 'Tabela VIP' });
  // A whole number's field keeps a fraction as typed (it was rounded on blur, and saved): refused under its cell.
  const perDay = vip.getByLabel('Saques por dia (3)', { exact: true });
  await refusedBeside(vip, 'Saques por dia (3)', '2,5', 'Verifique o campo “Saques por dia (3)”');
  await expect(perDay).toHaveValue('2,5');
  await page.reload();
  await refusedBeside(vip, 'Taxa de saque (3)', '150', 'Verifique o campo “Taxa de saque (3)”');
  await screenshots(page, 'promo-rules-refused');

  // A sign-in day's reward over the largest (R$ 100.000,00): under that day.
  const signin = page.getByRole('form', { name: 'Presença diária: prêmio de cada dia' });
  const day = await refusedBeside(signin, 'Dia 3', '200000', 'Verifique o campo “Dia 3”');

  const after = await settingsNow(request);
  expect(after['vip.table']).toEqual(before['vip.table']);
  expect(after['promo.signinRewards']).toEqual(before['promo.signinRewards']);
  // Changed, the value is no longer the one refused: its message goes.
  await signin.getByLabel('Dia 3').fill('3');
  await expect(day).not.toContainText('Verifique o campo');
});

test("today's GGR on the dashboard and in the reports matches the player's bets to the centavo", async ({
  page,
  request,
}) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  // Today's originals figures before this player's bets (other specs, e.g. games.spec, bet on originals too).
  const originalsToday = async () => {
    const res = await request.get('/api/operator/reports/ggr', {
      headers: operatorKey,
      params: { from: today, to: today },
    });
    const body = await res.json();
    expect(body.status, body.message).toBe(0);
    const row = (body.data as GgrReport).list.find((r) => r.product === 'originals');
    return { stakes: toMinor(row?.stakes ?? 0), wins: toMinor(row?.wins ?? 0) };
  };
  const before = await originalsToday();
  // A player deposits through the sandbox and plays dice: what the bets staked and paid, in centavos.
  const token = await registerViaApi(request, newEmail('ggr'));
  await depositViaApi(request, token);
  let stakes = before.stakes;
  let wins = before.wins;
  for (const [i, amount] of [1, 2.5, 3.33, 4.75, 5, 0.1, 7.77].entries()) {
    const res = await request.post('/api/app/originals/dice/bet', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `bo-ggr-${Date.now()}-${i}` },
      data: { amount, target: 50, condition: 'over' },
    });
    const bet = await res.json();
    expect(bet.status, bet.message).toBe(0);
    stakes += toMinor(bet.data.amount);
    wins += toMinor(bet.data.payout);
  }
  const brl = (minor: number) =>
    new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(toMajor(minor));
  // The ledger's own figures now: what was there before, plus exactly this player's bets.
  expect(await originalsToday()).toEqual({ stakes, wins });

  await signIn(page, made.admin!);
  // The dashboard: today's originals row (the tests run one at a time: nothing else bets meanwhile).
  const row = page.getByTestId('today-originals');
  const cells = row.getByRole('cell');
  await expect(cells.nth(0)).toHaveText('Originais');
  await expect(cells.nth(1)).toHaveText(brl(stakes));
  await expect(cells.nth(2)).toHaveText(brl(wins));
  await expect(cells.nth(3)).toHaveText(brl(stakes - wins));
  await expect(page.getByTestId('today-active')).not.toHaveText('0');
  await screenshots(page, 'dashboard-today');

  // The reports: the same day and product, the same GGR.
  await openMenu(page, 'Relatórios');
  const report = page
    .getByRole('row')
    // The day as Brazilians write it (the server's 2026-05-20 is 20/05/2026).
    .filter({ hasText: today.split('-').reverse().join('/') })
    .filter({ hasText: 'Originais' });
  await expect(report.getByRole('cell').nth(4)).toHaveText(brl(stakes - wins));
  await screenshots(page, 'reports-today');
});
