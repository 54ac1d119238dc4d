import { maskCpf, OrderStatus, type OperatorWithdrawal } from '@aposta/contracts';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { depositViaApi, newEmail, registerViaApi, withdrawViaApi } from '../../web/e2e/helpers';
import {
  createOperator,
  openMenu,
  operatorKey,
  pageWidth,
  screenshots,
  signIn,
  type TestOperator,
} from './helpers';

/**
 * Each role's main tasks, as operators do them in the browser: a finance operator approves a withdrawal, a
 * support operator cannot (the button is not there and the server refuses the call), a trader settles an
 * event, an admin handles a player (and meets a stale form) and finds every one of these actions in the
 * audit log. The tests run in order and share what they made.
 */
test.describe.configure({ mode: 'serial' });

const made: {
  finance?: TestOperator;
  support?: TestOperator;
  trader?: TestOperator;
  admin?: TestOperator;
  withdrawalId?: number;
  playerId?: number;
  playerEmail?: string;
  playerCpf?: string;
  eventId?: string;
} = {};

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function pendingWithdrawals(request: APIRequestContext) {
  const res = await request.get('/api/operator/withdrawals?status=all', { headers: operatorKey });
  return (await res.json()).data as OperatorWithdrawal[];
}

test.beforeAll(async ({ request }) => {
  // Deposited money may be withdrawn at once (no turnover required), so the player can ask for a payout.
  const res = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'wagering.depositMultiplier': 0 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  made.finance = await createOperator(request, 'finance');
  made.support = await createOperator(request, 'support');
  made.trader = await createOperator(request, 'trader');
  made.admin = await createOperator(request, 'admin');

  // A player: registered, KYC, a deposit through the sandbox PIX page, then a PIX withdrawal of R$ 50.
  made.playerEmail = newEmail('saque');
  const token = await registerViaApi(request, made.playerEmail);
  const cpf = await depositViaApi(request, token);
  made.playerCpf = cpf;
  const orderId = await withdrawViaApi(request, token, cpf);
  const mine = (await pendingWithdrawals(request)).find(
    (w) => w.orderId === orderId && w.status === OrderStatus.PENDING,
  );
  expect(mine).toBeTruthy();
  made.withdrawalId = mine!.id;
  made.playerId = mine!.userId;
});

test('a finance operator signs in with TOTP and approves a withdrawal', async ({ page, request }) => {
  await page.goto('/backoffice/');
  await expect(page).toHaveURL(/\/backoffice\/login/);
  await screenshots(page, 'login');
  // A wrong code is refused with the server's message, next to the form.
  const form = page.getByRole('form', { name: 'Entrar no back office' });
  await form.getByLabel('E-mail').fill(made.finance!.email);
  await form.getByLabel('Senha').fill(made.finance!.password);
  await form.getByLabel('Código do autenticador').fill('000000');
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(form.getByRole('alert')).toBeVisible();

  // The e-mail pasted with spaces around it: trimmed, not refused as invalid.
  await signIn(page, made.finance!, `  ${made.finance!.email} `);
  await expect(page.getByTestId('operator-role')).toHaveText('Financeiro');
  await screenshots(page, 'dashboard-finance');
  // Finance sees money, not trading nor the audit log.
  await expect(page.getByRole('menuitem', { name: 'Trading esportivo' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Auditoria' })).toHaveCount(0);

  await openMenu(page, 'Saques', 'Dinheiro');
  // The queue is searched on the server: the player's e-mail finds their order.
  const filters = page.getByRole('form', { name: 'Filtros da fila de saques' });
  await filters.getByLabel('E-mail, ID do jogador ou pedido').fill(made.playerEmail!);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const row = page.getByRole('row').filter({ hasText: `#${made.playerId} ` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(made.playerEmail!);
  // The PIX key (the player's CPF) masked in the list (LGPD), whole only in the order's detail.
  await expect(row).toContainText(`CPF ${maskCpf(made.playerCpf!)}`);
  await expect(row).not.toContainText(made.playerCpf!);
  await row.getByRole('button', { name: 'Detalhes' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('withdrawal-destination')).toHaveText(`CPF ${made.playerCpf}`);
  await expect(drawer.getByTestId('risk-summary')).toContainText(made.playerEmail!);
  await screenshots(page, 'withdrawal-risk');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await screenshots(page, 'withdrawals');
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Feito')).toBeVisible();
  await expect(row).toHaveCount(0);
  const after = (await pendingWithdrawals(request)).find((w) => w.id === made.withdrawalId)!;
  expect([OrderStatus.PAYING, OrderStatus.PAYING_ALT, OrderStatus.PAID]).toContain(after.status);
});

test('a support operator sees no approve action, and the server refuses it', async ({ page, request }) => {
  // Another pending withdrawal for the support operator to look at.
  const token = await registerViaApi(request, newEmail('suporte'));
  const cpf = await depositViaApi(request, token);
  const res = await request.post('/api/app/order/withdraw', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `bo-e2e-${Date.now()}` },
    data: {
      payCardBank: 'CPF',
      payCardNo: cpf,
      name: 'Jogador Teste',
      whatsapp: '+5511999990000',
      amount: 50,
    },
  });
  const orderId = (await res.json()).data.orderId as string;
  const pending = (await pendingWithdrawals(request)).find((w) => w.orderId === orderId)!;

  await signIn(page, made.support!);
  await openMenu(page, 'Saques', 'Dinheiro');
  const row = page.getByRole('row').filter({ hasText: `#${pending.userId} ` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: 'Detalhes' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Recusar' })).toHaveCount(0);
  await screenshots(page, 'withdrawals-support');

  // The same call made anyway with this operator's session: 403 with the translated reason.
  const refused = await page.evaluate(async (id) => {
    const r = await fetch(`/api/operator/withdrawals/${id}/approve`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sessionStorage.getItem('OPERATOR_TOKEN')}`, lang: 'pt_BR' },
    });
    return { status: r.status, body: (await r.json()) as { message: string } };
  }, pending.id);
  expect(refused.status).toBe(403);
  expect(refused.body.message).toBe('Sua função não permite esta ação (withdrawals.approve)');
  const still = (await pendingWithdrawals(request)).find((w) => w.id === pending.id)!;
  expect(still.status).toBe(OrderStatus.PENDING);

  // A page outside the role, typed into the address bar: said so, not shown empty ("Nunca rodou").
  await page.goto('/backoffice/ledger');
  await expect(page.getByText('Sua função não dá acesso a esta página')).toBeVisible();
  await expect(page.getByText('Última auditoria')).toHaveCount(0);
  await page.goto('/backoffice/withdrawals');
  await expect(page.getByRole('row').filter({ hasText: `#${pending.userId} ` })).toBeVisible();
  await expect(page.getByText('Sua função não dá acesso a esta página')).toHaveCount(0);
});

test('a trader settles an event', async ({ page, request }) => {
  const created = await request.post('/api/operator/sports/events', {
    headers: operatorKey,
    data: {
      sport: 'football',
      competition: 'Copa do Back Office',
      home: 'Mandante FC',
      away: 'Visitante EC',
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  const body = await created.json();
  expect(body.status, body.message).toBe(0);
  made.eventId = body.data.event.eventId as string;

  await signIn(page, made.trader!);
  await openMenu(page, 'Trading esportivo');
  await expect(page.getByRole('menuitem', { name: 'Dinheiro' })).toHaveCount(0);
  await screenshots(page, 'sports');
  await page.getByRole('searchbox', { name: 'Abrir evento pelo ID' }).fill(made.eventId);
  await page.getByRole('searchbox', { name: 'Abrir evento pelo ID' }).press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: /Mandante FC × Visitante EC/ })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: '1X2 · Jogo todo' })).toBeVisible();
  const result = drawer.getByRole('form', { name: 'Resultado' });
  await result.getByLabel('Mandante', { exact: true }).fill('2');
  await result.getByLabel('Visitante', { exact: true }).fill('1');
  await result.getByLabel('1º tempo mandante').fill('1');
  await result.getByLabel('1º tempo visitante').fill('0');
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Lançar resultado' }).click();
  await expect(drawer.getByTestId('result-answer')).toContainText('Resultado v1 lançado');
  await expect(drawer.getByRole('cell', { name: 'Liquidado' }).first()).toBeVisible();
  await screenshots(page, 'sports-settled');
  // The same result again (the form now corrects the result) is refused, its message shown by the form.
  // The event starts in an hour: its result is an early one, confirmed.
  await result.getByRole('checkbox', { name: /antes do horário previsto/ }).check();
  await result.getByRole('button', { name: 'Corrigir resultado' }).click();
  await expect(
    drawer.getByRole('alert').filter({ hasText: 'Este resultado já foi registrado' }),
  ).toBeVisible();
  await expect(drawer.getByTestId('result-answer')).toHaveCount(0);
});

test('an admin handles a player, meets a stale form, and finds each action in the audit log', async ({
  page,
  request,
}) => {
  await signIn(page, made.admin!);
  await screenshots(page, 'dashboard-admin');

  // Find the player by e-mail and block them.
  await openMenu(page, 'Jogadores');
  await page.getByRole('searchbox', { name: 'Buscar jogador' }).fill(made.playerEmail!);
  await page.getByRole('searchbox', { name: 'Buscar jogador' }).press('Enter');
  await page.getByRole('link', { name: made.playerEmail! }).click();
  await expect(page.getByTestId('player-status')).toHaveText('Ativo');
  await screenshots(page, 'player');
  await page.getByRole('button', { name: 'Bloquear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear o jogador' });
  await dialog.getByLabel('Motivo do bloqueio').fill('Teste de bloqueio');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('player-status')).toHaveText('Bloqueado');

  // Someone else changes the player meanwhile: this screen's version is now old, and its unblock is refused.
  const detail = await (
    await request.get(`/api/operator/players/${made.playerId}`, { headers: operatorKey })
  ).json();
  const marked = await request.post(`/api/operator/players/${made.playerId}/test`, {
    headers: operatorKey,
    data: { test: true, version: detail.data.player.version },
  });
  expect(marked.ok(), await marked.text()).toBe(true);
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sim' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Outro operador alterou este registro' }),
  ).toBeVisible();
  await expect(page.getByTestId('player-status')).toHaveText('Bloqueado');
  await page.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.getByTestId('player-test')).toBeVisible();

  // The audit log: the approval (finance), the refusal (support), the result (trader), the block (admin).
  await openMenu(page, 'Auditoria');
  const filters = page.getByRole('form', { name: 'Filtros da auditoria' });
  const search = async (target: string) => {
    await filters.getByLabel('Alvo').fill(target);
    await filters.getByRole('button', { name: 'Buscar' }).click();
  };
  await search(`withdrawal:${made.withdrawalId}`);
  // Only that withdrawal's rows once the filter applies: the finance operator's approval.
  const approval = page.getByRole('row').filter({ hasText: made.finance!.email });
  await expect(approval).toHaveCount(1);
  await expect(approval).toContainText('Aprovação de saque');
  await expect(approval).toContainText('OK · 200');
  await screenshots(page, 'audit');

  await filters.getByLabel('Alvo').fill('');
  await filters.getByLabel('Operador').fill(made.support!.email);
  await filters.getByRole('button', { name: 'Buscar' }).click();
  const refusedRow = page
    .getByRole('row')
    .filter({ hasText: 'Aprovação de saque' })
    .filter({ hasText: 'Recusado' });
  await expect(refusedRow).toBeVisible();
  // Its reason in words, the code only on hover.
  await expect(refusedRow).toContainText('A função do operador não permite esta ação');
  await expect(refusedRow).not.toContainText('permissionMissing');
  await filters.getByLabel('Operador').fill('');

  await search(`sports-event:${made.eventId}`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: made.trader!.email })
      .filter({ hasText: `sports-event:${made.eventId}` })
      .filter({ hasText: 'Trading de esportes' }),
  ).toHaveCount(1); // the result (the repeated one failed before naming its target)

  // The block (ok) and the stale unblock (failed: 409), both the admin's.
  await search(`player:${made.playerId}`);
  const writes = page
    .getByRole('row')
    .filter({ hasText: made.admin!.email })
    .filter({ hasText: 'Alteração de jogador' });
  await expect(writes.filter({ hasText: 'OK · 200' })).toHaveCount(1);
  await expect(writes.filter({ hasText: 'Falhou · 409' })).toHaveCount(1);

  // Notices: the preview shows the HTML as players will see it, the script gone.
  await openMenu(page, 'Avisos', 'Promoções e conteúdo');
  await page
    .getByLabel('Texto (HTML)')
    .fill('<b>Manutenção</b> às 3h <script>alert(1)</script><a href="javascript:alert(2)">x</a>');
  const preview = page.getByTestId('notice-preview');
  await expect(preview.locator('b')).toHaveText('Manutenção');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('a')).not.toHaveAttribute('href', /javascript/);
  await expect(page.getByText('Partes do HTML foram removidas')).toBeVisible();
  await screenshots(page, 'notices');
  // Every player sees it: asked first; once sent the text is cleared, so a second click cannot send it again.
  await page.getByRole('button', { name: 'Publicar para todos' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText(/^Aviso #\d+ publicado/)).toBeVisible();
  await expect(page.getByLabel('Texto (HTML)')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Publicar para todos' })).toBeDisabled();

  await openMenu(page, 'Relatórios');
  await expect(page.getByTestId('ggr-chart')).toBeVisible();
  await screenshots(page, 'reports');
  await openMenu(page, 'Razão', 'Dinheiro');
  // Accounts in words, and the players' cash said to include what is held.
  const accounts = page.locator('.ant-card').filter({ hasText: 'Contas da casa e do sistema' });
  await expect(accounts).toContainText('Compensação de pagamentos (PIX)');
  await expect(accounts).not.toContainText('payment_clearing');
  await expect(page.getByRole('columnheader', { name: 'Dinheiro (inclui o reservado)' })).toBeVisible();
  await screenshots(page, 'ledger');
});

test('two people make a manual adjustment (the proposer cannot approve); a stale settings form is refused', async ({
  page,
  request,
}) => {
  // Two sign-ins and seven screens: more than the default 90 s on a loaded machine.
  test.setTimeout(180_000);
  await signIn(page, made.finance!);
  await openMenu(page, 'Ajustes manuais', 'Dinheiro');
  await page.getByRole('button', { name: 'Propor ajuste' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propor ajuste' });
  await dialog.getByLabel('ID do jogador').fill(String(made.playerId));
  // Zero moves nothing: said under the amount before anything is sent.
  await dialog.getByLabel('Valor').fill('0');
  await dialog.getByLabel('Motivo').fill('Crédito de cortesia (teste)');
  await dialog.getByRole('button', { name: 'Propor ajuste' }).click();
  await expect(dialog.getByText('Informe um valor diferente de zero')).toBeVisible();
  // More than two decimals: refused beside the field (neither rounded nor the last amount silently kept), and
  // nothing is proposed.
  const proposed = async () => {
    const url = `/api/operator/adjustments?status=all&userId=${made.playerId}`;
    return (await (await request.get(url, { headers: operatorKey })).json()).data.total as number;
  };
  await dialog.getByLabel('Valor').fill('0,001');
  await dialog.getByLabel('Valor').blur();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Use no máximo 2 casas decimais' })).toBeVisible();
  await expect(dialog.getByLabel('Valor')).toHaveValue('0,001');
  await dialog.getByRole('button', { name: 'Propor ajuste' }).click();
  await expect(dialog).toBeVisible();
  expect(await proposed()).toBe(0);
  // A debit above the player's cash: refused beside the amount when proposed, nothing recorded.
  await dialog.getByLabel('Valor').fill('-1.000.000');
  await dialog.getByRole('button', { name: 'Propor ajuste' }).click();
  await expect(dialog.getByText('O saldo do jogador não cobre este débito')).toBeVisible();
  // Beside the amount (its form item), not in the form's alert.
  await expect(
    dialog
      .locator('.ant-form-item')
      .filter({ hasText: 'Valor' })
      .getByText('O saldo do jogador não cobre este débito'),
  ).toBeVisible();
  await expect(dialog.locator('.ant-alert')).toHaveCount(0);
  expect(await proposed()).toBe(0);
  // Typed as Brazilians write it: the point groups thousands, the comma is the decimal point (both were once
  // misread: 12,34 became R$ 1.234,00, and 1.012,34 R$ 1,01).
  await dialog.getByLabel('Valor').fill('1.012,34');
  await dialog.getByLabel('Motivo').fill('Crédito de cortesia (teste)');
  await dialog.getByRole('button', { name: 'Propor ajuste' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: made.playerEmail! });
  await expect(row).toContainText('R$ 1.012,34');
  await expect(row.getByRole('button', { name: 'Aprovar' })).toBeDisabled();
  await screenshots(page, 'adjustments');

  await page.getByRole('button', { name: 'Sair' }).first().click();
  await signIn(page, made.admin!);
  await openMenu(page, 'Ajustes manuais', 'Dinheiro');
  await row.getByRole('button', { name: 'Aprovar' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Feito')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page
    .locator('label')
    .filter({ hasText: /^Aprovados$/ })
    .click();
  await expect(row).toContainText('Aprovado');
  await expect(row).toContainText('R$ 1.012,34');

  // A business setting changed by someone else after this form read it: saving is refused, nothing written.
  await openMenu(page, 'Configurações');
  const withdrawals = page.getByRole('form', { name: 'Saques' });
  const minimum = withdrawals.getByLabel('Saque mínimo');
  // In reais with the decimal comma, as the operator reads it (kept as 5000 centavos).
  await expect(minimum).toHaveValue('50,00');
  const meanwhile = await request.put('/api/operator/settings', {
    headers: operatorKey,
    data: { 'withdraw.minAmount': 6000 },
  });
  expect(meanwhile.ok(), await meanwhile.text()).toBe(true);
  await minimum.fill('40,00');
  await withdrawals.getByRole('button', { name: 'Salvar' }).click();
  await expect(withdrawals.getByRole('alert')).toContainText(
    'Outro operador alterou este registro; recarregue',
  );
  const now = await (await request.get('/api/operator/settings', { headers: operatorKey })).json();
  expect(now.data['withdraw.minAmount']).toBe(6000);
  // Reloaded, the form shows the value now held.
  await withdrawals.getByRole('button', { name: 'Recarregar' }).click();
  await expect(minimum).toHaveValue('60,00');

  await screenshots(page, 'settings');

  // The other screens an admin has, each showing what the server holds.
  for (const [entry, group, heading] of [
    ['Depósitos', 'Dinheiro', 'Depósitos'],
    ['Cadeias de rodadas', 'Jogos', 'Rodadas compartilhadas: cadeias e histórico'],
    ['Cassino', 'Jogos', 'Cassino: provedores e jogos'],
    ['Jogo responsável', undefined, 'Jogo responsável'],
    ['Operadores', undefined, 'Operadores'],
  ] as const) {
    await openMenu(page, entry, group);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await screenshots(page, entry.toLowerCase().replace(/\W+/g, '-'));
  }
  // The last one, operators: the finance operator made for these tests, with its role.
  await expect(page.getByRole('row').filter({ hasText: made.finance!.email })).toContainText('Financeiro');
});

/** An instant as an operator in Brasília reads it: 01/12/2026 01:31:51. */
const brasilia = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
};
// A computer set to a zone far from Brasília, chosen so that today's Brasília day taken in the computer's
// zone would miss this hour: 17 h ahead (Kiritimati) from 07:00 on, 7 h behind (Honolulu) before.
const brasiliaHour = Number(brasilia(new Date().toISOString()).slice(11, 13));

test.describe('on a computer in another time zone', () => {
  test.use({ timezoneId: brasiliaHour >= 7 ? 'Pacific/Kiritimati' : 'Pacific/Honolulu' });

  test('times are shown, and days filtered, in Brasília time', async ({ page, request }) => {
    await signIn(page, made.admin!);
    const operators = await (await request.get('/api/operator/operators', { headers: operatorKey })).json();
    const finance = (operators.data.list as { email: string; createdAt: string }[]).find(
      (o) => o.email === made.finance!.email,
    )!;
    await openMenu(page, 'Operadores');
    await expect(page.getByRole('row').filter({ hasText: made.finance!.email })).toContainText(
      brasilia(finance.createdAt),
    );

    // Today (a Brasília day) in the audit log's period: this operator's sign-in just now is in it.
    await openMenu(page, 'Auditoria');
    const filters = page.getByRole('form', { name: 'Filtros da auditoria' });
    await filters.getByLabel('Operador').fill(made.admin!.email);
    const today = brasilia(new Date().toISOString()).slice(0, 10);
    const answered = page.waitForResponse(
      (r) => r.url().includes('/api/operator/audit?') && new URL(r.url()).searchParams.has('from'),
    );
    await filters.getByPlaceholder('Data inicial').fill(today);
    await filters.getByPlaceholder('Data final').fill(today);
    // Enter in the picker confirms the period and searches.
    await filters.getByPlaceholder('Data final').press('Enter');
    const period = await answered;
    expect((await period.json()).data.total).toBeGreaterThan(0);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: made.admin!.email })
        .filter({ hasText: 'Entrada no back office' })
        .first(),
    ).toBeVisible();
    await screenshots(page, 'audit-other-zone');

    // A new event's start is picked on Brasília's clock: it opens on Brasília's next hour, and 20:00 tomorrow
    // is 20:00 in Brasília (23:00 UTC), not 20:00 of the computer's zone.
    const ymd = (shown: string) => `${shown.slice(6, 10)}-${shown.slice(3, 5)}-${shown.slice(0, 2)}`;
    const nextHour = brasilia(new Date(Date.now() + 3_600_000).toISOString());
    await openMenu(page, 'Trading esportivo');
    await page.getByRole('button', { name: 'Novo evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo evento' });
    const startsAt = dialog.getByLabel('Início');
    await expect(startsAt).toHaveValue(`${ymd(nextHour)} ${nextHour.slice(11, 13)}:00:00`);
    const tomorrow = ymd(brasilia(new Date(Date.now() + 86_400_000).toISOString()));
    await startsAt.fill(`${tomorrow} 20:00:00`);
    await startsAt.press('Enter');
    await dialog.getByLabel('Competição').fill('Copa do Fuso');
    await dialog.getByLabel('Mandante', { exact: true }).fill('Kiritimati FC');
    await dialog.getByLabel('Visitante', { exact: true }).fill('Honolulu EC');
    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/operator/sports/events') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Novo evento' }).click();
    expect((await (await posted).json()).data.event.startsAt).toBe(`${tomorrow}T23:00:00.000Z`);
  });
});

test('at 393 px the menu button leaves the header clear, a long e-mail cut with an ellipsis', async ({
  page,
  request,
}) => {
  // An operator whose e-mail is longer than a phone's line.
  const password = 'Senha-do-operador-1';
  const res = await request.post('/api/operator/operators', {
    headers: operatorKey,
    data: {
      email: `operadora.do.financeiro.${Date.now().toString(36)}@exemplo-comprido.com.br`,
      password,
      role: 'admin',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const op: TestOperator = { ...(await res.json()).data, password };
  await page.setViewportSize({ width: 393, height: 852 });
  await signIn(page, op);
  const menu = page.getByRole('button', { name: 'bars' });
  await expect(menu).toBeVisible();
  const email = page.getByTestId('operator-email');
  const header = page.locator('.ant-layout-header');
  const items = [
    email,
    page.getByTestId('operator-role'),
    header.getByRole('button', { name: 'Console de suporte' }),
    header.locator('.ant-select'),
    header.getByRole('button', { name: 'Sair' }),
  ];
  const button = (await menu.boundingBox())!;
  for (const item of items) {
    const box = (await item.boundingBox())!;
    expect(overlaps(box, button), `${JSON.stringify(box)} vs menu ${JSON.stringify(button)}`).toBe(false);
    expect(box.x + box.width, JSON.stringify(box)).toBeLessThanOrEqual(393);
  }
  // The e-mail and its role share one line; the e-mail is cut (whole in the text, and in its tooltip).
  const [mail, role] = [
    (await email.boundingBox())!,
    (await page.getByTestId('operator-role').boundingBox())!,
  ];
  expect(Math.abs(mail.y + mail.height / 2 - (role.y + role.height / 2))).toBeLessThan(4);
  await expect(email).toHaveText(op.email);
  expect(await email.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await screenshots(page, 'header-narrow', [393]);
});

test('at 393 px the casino, reports and rounds pages fit the screen (tables scroll inside themselves)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 393, height: 852 });
  await signIn(page, made.admin!);
  for (const [path, heading] of [
    ['casino', 'Cassino: provedores e jogos'],
    ['reports', 'Relatórios'],
    ['rounds', 'Rodadas compartilhadas: cadeias e histórico'],
  ] as const) {
    await page.goto(`/backoffice/${path}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // The whole page does not scroll sideways; what sticks out is named (tag, class, width) when it does.
    const wide = await pageWidth(page);
    expect(wide.scroll, `${path}: ${wide.out}`).toBeLessThanOrEqual(wide.width);
    await screenshots(page, `${path}-narrow`, [393]);
  }
});
